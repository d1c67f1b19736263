// What the UPC 1.2 entry points share: decoding upc_flag_t, and the checks of their pointer arguments.
#pragma once

#include <cstddef>

#include "coll/engine.hpp"
#include "pgas/upc_collective.h"

namespace pgas::rt::coll {

// The sync modes of `flags`; false (and `mode` untouched) when it is not one IN and one OUT mode.
bool decode_sync_mode(upc_flag_t flags, SyncMode *mode);

// A call of a UPC 1.2 collective: its sync mode decoded and checked (Call::fail on a bad one).
class UpcCall : public Call {
 public:
  UpcCall(CollectiveKind kind, std::source_location where, upc_flag_t flags, std::initializer_list<Arg> args);
};

inline detail::gaddr address(const pgas::global_ptr<const void> &p) {
  return {p.handle(), p.thread(), p.offset()};
}

// `p` is not null (and, with `thread0`, has affinity to thread 0, as a `shared [nbytes]` array's start
// must): else the call fails naming `what`.
void check_pointer(const Call &call, const char *what, const detail::gaddr &p, bool thread0);

// nbytes > 0 and count * nbytes does not overflow.
void check_size(const Call &call, std::size_t nbytes, std::size_t count);

}  // namespace pgas::rt::coll
