#include "coll/upc_args.hpp"

#include <limits>

namespace pgas::rt::coll {
namespace {

// The mode of one group of flags (IN or OUT): none set means ALLSYNC; more than one is an error.
bool decode_group(int bits, int all, int my, int no, Sync *out) {
  switch (bits) {
    case 0:
      *out = Sync::kAll;
      return true;
    default:
      break;
  }
  if (bits == all)
    *out = Sync::kAll;
  else if (bits == my)
    *out = Sync::kMy;
  else if (bits == no)
    *out = Sync::kNo;
  else
    return false;
  return true;
}

}  // namespace

bool decode_sync_mode(upc_flag_t flags, SyncMode *mode) {
  constexpr int kIn = UPC_IN_ALLSYNC | UPC_IN_MYSYNC | UPC_IN_NOSYNC;
  constexpr int kOut = UPC_OUT_ALLSYNC | UPC_OUT_MYSYNC | UPC_OUT_NOSYNC;
  if ((flags & ~(kIn | kOut)) != 0) return false;
  SyncMode m;
  if (!decode_group(flags & kIn, UPC_IN_ALLSYNC, UPC_IN_MYSYNC, UPC_IN_NOSYNC, &m.in)) return false;
  if (!decode_group(flags & kOut, UPC_OUT_ALLSYNC, UPC_OUT_MYSYNC, UPC_OUT_NOSYNC, &m.out)) return false;
  *mode = m;
  return true;
}

namespace {
SyncMode mode_or_default(upc_flag_t flags, bool *ok) {
  SyncMode mode;
  *ok = decode_sync_mode(flags, &mode);
  return mode;
}
}  // namespace

UpcCall::UpcCall(CollectiveKind kind, std::source_location where, upc_flag_t flags,
                 std::initializer_list<Arg> args)
    : Call(kind, where, SyncMode{}, args) {
  bool ok = false;
  set_mode(mode_or_default(flags, &ok));
  if (!ok)
    fail("sync_mode %#x is not one UPC_IN_{NO,MY,ALL}SYNC ored with one UPC_OUT_{NO,MY,ALL}SYNC",
         static_cast<unsigned>(flags));
}

void check_pointer(const Call &call, const char *what, const detail::gaddr &p, bool thread0) {
  if (p.handle == 0) call.fail("%s is a null pointer-to-shared", what);
  if (thread0 && p.thread != 0)
    call.fail("%s must have affinity to thread 0 (it points to thread %d)", what, p.thread);
}

void check_size(const Call &call, std::size_t nbytes, std::size_t count) {
  if (nbytes == 0) call.fail("nbytes is 0 (it must be greater than 0)");
  if (count != 0 && nbytes > std::numeric_limits<std::size_t>::max() / count)
    call.fail("nbytes %zu times %zu overflows", nbytes, count);
}

}  // namespace pgas::rt::coll
