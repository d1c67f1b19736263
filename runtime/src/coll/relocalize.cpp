// The relocalization collectives of UPC 1.2: each checks its arguments, names its blocks (which bytes go
// from where to where) and lets the engine move them in the configured direction under its sync mode.
#include <algorithm>
#include <vector>

#include "coll/kept.hpp"
#include "coll/lean.hpp"
#include "coll/upc_args.hpp"
#include "handles.hpp"
#include "runtime.hpp"

using namespace pgas::rt;
using namespace pgas::rt::coll;
using pgas::detail::gaddr;

namespace {

gaddr at(const gaddr &base, int thread, std::size_t byte) {
  return {base.handle, thread, base.offset + byte};
}

int threads() { return g_runtime.threads; }
std::size_t nthreads() { return static_cast<std::size_t>(g_runtime.threads); }

// The arguments every relocalization compares across threads.
#define RELOCALIZATION_ARGS(d, s, n, flags)                                                \
  {"dst", digest(address(d)), true}, {"src", digest(address(s)), true}, {"nbytes", (n)}, { \
    "sync_mode", static_cast<std::uint64_t>(flags)                                         \
  }

// How a relocalization lays out one of its pointers: `blocks` blocks of nbytes on each thread, from thread 0
// (`shared [nbytes * blocks] char[...]`), or `blocks` blocks on the pointer's thread (`shared [] char[...]`).
struct Side {
  bool distributed;
  std::size_t blocks;  // 0: THREADS
  std::size_t count() const { return blocks == 0 ? nthreads() : blocks; }
};

void check_side(const Call &call, const char *what, const gaddr &p, std::size_t nbytes, const Side &side) {
  check_pointer(call, what, p, side.distributed);
  if (!side.distributed) return check_extent(call, what, p, nbytes * side.count());
  for (int t = 0; t < threads(); ++t) check_extent(call, what, at(p, t, 0), nbytes * side.count());
}

// Checks a relocalization's arguments (unless `last` says they passed in its previous call), starts it,
// then moves the blocks `each(src, dst, add)` names (add(from, to) for each block of nbytes).
template <class Each>
void relocalize(UpcCall &call, Validated &last, const pgas_shared_ptr &d, const pgas_shared_cptr &s,
                std::size_t nbytes, Side src_side, Side dst_side, Each each) {
  const gaddr dst = address(d), src = address(s);
  if (!last.covers(call.name(), dst, src, nbytes)) {
    last.any = false;  // until this call's arguments pass
    check_size(call, nbytes, std::max(src_side.count(), dst_side.count()));
    check_side(call, "src", src, nbytes, src_side);
    check_side(call, "dst", dst, nbytes, dst_side);
    last = {dst, src, nbytes, true};
  }
  call.start(false);  // then the blocks: naming them may read shared data (permute's perm)
  static std::vector<Block> &blocks = kept_vector<Block>(true);
  blocks.clear();
  each(src, dst, [&](const gaddr &from, const gaddr &to) { blocks.push_back({from, to, nbytes}); });
  call.move_blocks(blocks, configured_direction());
}

constexpr Side kOnOneThread{false, 1}, kAllOnOneThread{false, 0}, kOnEach{true, 1}, kAllOnEach{true, 0};

}  // namespace

// The relocalizations whose arguments are (dst, src, nbytes, sync_mode): a call takes the lean path
// (coll/lean.hpp) when it can, else the body names the blocks, each by add(from, to), in terms of src, dst
// and nbytes.
#define PGAS_RELOCALIZATION(function, kind, shape, src_side, dst_side, ...)                              \
  void function(pgas_shared_ptr d, pgas_shared_cptr s, std::size_t nbytes, upc_flag_t flags,             \
                pgas_here where) {                                                                       \
    static Validated last;                                                                               \
    if (run_lean(                                                                                        \
            {CollectiveKind::kind, Shape::shape, where, flags, address(d), address(s), nullptr, nbytes}, \
            last))                                                                                       \
      return;                                                                                            \
    UpcCall call(CollectiveKind::kind, where, flags, {RELOCALIZATION_ARGS(d, s, nbytes, flags)});        \
    relocalize(call, last, d, s, nbytes, src_side, dst_side,                                             \
               [nbytes](const gaddr &src, const gaddr &dst, auto add) { __VA_ARGS__ });                  \
  }

PGAS_RELOCALIZATION(upc_all_broadcast, kUpcAllBroadcast, kBroadcast, kOnOneThread, kOnEach,
                    for (int t = 0; t < threads(); ++t) add(src, at(dst, t, 0));)
PGAS_RELOCALIZATION(upc_all_scatter, kUpcAllScatter, kScatter, kAllOnOneThread, kOnEach,
                    for (int t = 0; t < threads(); ++t)
                        add(at(src, src.thread, static_cast<std::size_t>(t) * nbytes), at(dst, t, 0));)
PGAS_RELOCALIZATION(upc_all_gather, kUpcAllGather, kGather, kOnEach, kAllOnOneThread,
                    for (int t = 0; t < threads(); ++t)
                        add(at(src, t, 0), at(dst, dst.thread, static_cast<std::size_t>(t) * nbytes));)
PGAS_RELOCALIZATION(upc_all_gather_all, kUpcAllGatherAll, kGatherAll, kOnEach, kAllOnEach,
                    for (int from = 0; from < threads(); ++from) for (int to = 0; to < threads(); ++to)
                        add(at(src, from, 0), at(dst, to, static_cast<std::size_t>(from) * nbytes));)
PGAS_RELOCALIZATION(upc_all_exchange, kUpcAllExchange, kExchange, kAllOnEach, kAllOnEach,
                    for (int from = 0; from < threads(); ++from) for (int to = 0; to < threads(); ++to)
                        add(at(src, from, static_cast<std::size_t>(to) * nbytes),
                            at(dst, to, static_cast<std::size_t>(from) * nbytes));)

void upc_all_permute(pgas_shared_ptr d, pgas_shared_cptr s, pgas::global_ptr<const int> perm,
                     std::size_t nbytes, upc_flag_t flags, pgas_here where) {
  const gaddr perm_at{perm.handle(), perm.thread(), perm.offset()};
  static Validated last;  // perm's contents are checked in every call, as they are read
  if (run_lean({CollectiveKind::kUpcAllPermute, Shape::kPermute, where, flags, address(d), address(s), &perm,
                nbytes},
               last))
    return;
  UpcCall call(CollectiveKind::kUpcAllPermute, where, flags,
               {RELOCALIZATION_ARGS(d, s, nbytes, flags), {"perm", digest(perm_at), true}});
  check_pointer(call, "perm", perm_at, false);
  relocalize(call, last, d, s, nbytes, kOnEach, kOnEach, [&](const gaddr &src, const gaddr &dst, auto add) {
    // perm is read whole at entry: every thread needs all of it to know who moves which block.
    static std::vector<int> &source = kept_vector<int>();
    source.assign(nthreads(), -1);
    for (int t = 0; t < threads(); ++t) {
      const int p = *(perm + t);
      if (p < 0 || p >= threads())
        call.fail("perm is not a permutation: perm[%d] is %d, not in [0, %d)", t, p, threads());
      if (source[static_cast<std::size_t>(p)] >= 0)
        call.fail("perm is not a permutation: perm[%d] and perm[%d] are both %d",
                  source[static_cast<std::size_t>(p)], t, p);
      source[static_cast<std::size_t>(p)] = t;
      add(at(src, t, 0), at(dst, p, 0));
    }
  });
}
