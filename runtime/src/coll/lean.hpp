// The lean path of small staged relocalizations (coll/staging.hpp): a call whose arguments repeat the last
// call of its relocalization whose checks passed, with IN and OUT not ALLSYNC, that the staged path would
// take. It runs the staged protocol (the same ring, table entries, digests and done flags, so a thread on
// the lean path meets one on the full path) without a Call, block lists or layout tables: which bytes a
// thread stages and where each receiver finds its block follow from the relocalization's shape.
//
// What it keeps: the call's sequence number and published record (other collectives and late threads
// compare with it), the digest check of every holder's staged bytes before they are copied, and the
// comparison with thread 0's call. A digest covers what a record holds, and the receivers' checks of their
// holders' digests connect every thread to thread 0 in a broadcast, scatter, gather (a star around the
// root), gather_all or exchange (all pairs): those calls read no record. A permutation's cycles need not
// connect: there a thread is compared by thread 0's digest (it receives from thread 0), by thread 0
// checking its digest (it sends to thread 0), or by thread 0's record.
#pragma once

#include <cstddef>
#include <cstdint>

#include "coll/flags.hpp"
#include "coll/upc_args.hpp"
#include "pgas/detail/api.hpp"

namespace pgas::rt::coll {

// The arguments of the last call of one relocalization whose sizes and extents passed their checks. Their
// outcome depends only on these arguments and on the layouts of the arrays they name, fixed while an array
// is live (a handle names one allocation: its generation changes when it is freed and reused). So a call
// with the same arguments skips them once it has looked up that both arrays are still live (the same
// lookup, and report of a freed array, as the checks'); the comparison of the arguments across threads is
// never skipped (the call's record and digest).
struct Validated {
  detail::gaddr dst{}, src{};
  std::size_t nbytes = 0;
  bool any = false;
  // The last lean call's record (its values and their digest) and the arguments it covers besides the
  // three above; `digested`: that call's flags took the lean path.
  std::uint64_t values[kRecordArgs] = {};
  int nargs = 0;
  std::uint64_t digest = 0;
  upc_flag_t flags = 0;
  detail::gaddr perm{};
  bool digested = false;  // reset with the arguments above (the full path assigns them anew)
  // This thread's parts of src and dst as far as a lean call reaches into them, once resolved (fixed
  // while the arrays are live, which covers() looks up).
  std::byte *src_part = nullptr, *dst_part = nullptr;

  bool covers(const char *name, const detail::gaddr &d, const detail::gaddr &s, std::size_t n) const;
};

// Which relocalization: where each thread's blocks go.
enum class Shape : std::uint8_t { kBroadcast, kScatter, kGather, kGatherAll, kExchange, kPermute };

struct LeanCall {
  CollectiveKind kind;
  Shape shape;
  std::source_location where;
  upc_flag_t flags;
  detail::gaddr dst, src;
  const pgas::global_ptr<const int> *perm;  // upc_all_permute's, else null
  std::size_t nbytes;
};

// Runs `call` on the lean path and returns true, or returns false having done nothing (the caller runs the
// full path): its arguments are not the ones `last` validated, its sync mode is ALLSYNC on either side,
// it would not be staged, or (permute) perm's contents are not a permutation.
bool run_lean(const LeanCall &call, Validated &last);

}  // namespace pgas::rt::coll
