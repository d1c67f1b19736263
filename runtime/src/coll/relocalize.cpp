// The relocalization collectives of UPC 1.2: each checks its arguments, names its blocks (which bytes go
// from where to where) and lets the engine move them in the configured direction under its sync mode.
#include <vector>

#include "coll/upc_args.hpp"
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

// `p` is `shared [nbytes] char[nbytes * THREADS * per_thread]`: per_thread blocks on each thread, from
// thread 0.
void distributed(const Call &call, const char *what, const gaddr &p, std::size_t nbytes,
                 std::size_t per_thread) {
  check_pointer(call, what, p, true);
  for (int t = 0; t < threads(); ++t) check_extent(call, what, at(p, t, 0), nbytes * per_thread);
}

// `p` is `shared [] char[nbytes * count]` on its thread.
void single(const Call &call, const char *what, const gaddr &p, std::size_t nbytes, std::size_t count) {
  check_pointer(call, what, p, false);
  check_extent(call, what, p, nbytes * count);
}

void run(UpcCall &call, const std::vector<Block> &blocks) { call.relocalize(blocks, configured_direction()); }

}  // namespace

void upc_all_broadcast(pgas_shared_ptr d, pgas_shared_cptr s, std::size_t nbytes, upc_flag_t flags,
                       pgas_here where) {
  UpcCall call(CollectiveKind::kUpcAllBroadcast, where, flags, {RELOCALIZATION_ARGS(d, s, nbytes, flags)});
  const gaddr dst = address(d), src = address(s);
  check_size(call, nbytes, 1);
  single(call, "src", src, nbytes, 1);
  distributed(call, "dst", dst, nbytes, 1);
  std::vector<Block> blocks;
  for (int t = 0; t < threads(); ++t) blocks.push_back({src, at(dst, t, 0), nbytes});
  run(call, blocks);
}

void upc_all_scatter(pgas_shared_ptr d, pgas_shared_cptr s, std::size_t nbytes, upc_flag_t flags,
                     pgas_here where) {
  UpcCall call(CollectiveKind::kUpcAllScatter, where, flags, {RELOCALIZATION_ARGS(d, s, nbytes, flags)});
  const gaddr dst = address(d), src = address(s);
  check_size(call, nbytes, nthreads());
  single(call, "src", src, nbytes, nthreads());
  distributed(call, "dst", dst, nbytes, 1);
  std::vector<Block> blocks;
  for (int t = 0; t < threads(); ++t)
    blocks.push_back({at(src, src.thread, static_cast<std::size_t>(t) * nbytes), at(dst, t, 0), nbytes});
  run(call, blocks);
}

void upc_all_gather(pgas_shared_ptr d, pgas_shared_cptr s, std::size_t nbytes, upc_flag_t flags,
                    pgas_here where) {
  UpcCall call(CollectiveKind::kUpcAllGather, where, flags, {RELOCALIZATION_ARGS(d, s, nbytes, flags)});
  const gaddr dst = address(d), src = address(s);
  check_size(call, nbytes, nthreads());
  distributed(call, "src", src, nbytes, 1);
  single(call, "dst", dst, nbytes, nthreads());
  std::vector<Block> blocks;
  for (int t = 0; t < threads(); ++t)
    blocks.push_back({at(src, t, 0), at(dst, dst.thread, static_cast<std::size_t>(t) * nbytes), nbytes});
  run(call, blocks);
}

void upc_all_gather_all(pgas_shared_ptr d, pgas_shared_cptr s, std::size_t nbytes, upc_flag_t flags,
                        pgas_here where) {
  UpcCall call(CollectiveKind::kUpcAllGatherAll, where, flags, {RELOCALIZATION_ARGS(d, s, nbytes, flags)});
  const gaddr dst = address(d), src = address(s);
  check_size(call, nbytes, nthreads());
  distributed(call, "src", src, nbytes, 1);
  distributed(call, "dst", dst, nbytes, nthreads());
  std::vector<Block> blocks;
  for (int from = 0; from < threads(); ++from)
    for (int to = 0; to < threads(); ++to)
      blocks.push_back({at(src, from, 0), at(dst, to, static_cast<std::size_t>(from) * nbytes), nbytes});
  run(call, blocks);
}

void upc_all_exchange(pgas_shared_ptr d, pgas_shared_cptr s, std::size_t nbytes, upc_flag_t flags,
                      pgas_here where) {
  UpcCall call(CollectiveKind::kUpcAllExchange, where, flags, {RELOCALIZATION_ARGS(d, s, nbytes, flags)});
  const gaddr dst = address(d), src = address(s);
  check_size(call, nbytes, nthreads());
  distributed(call, "src", src, nbytes, nthreads());
  distributed(call, "dst", dst, nbytes, nthreads());
  std::vector<Block> blocks;
  for (int from = 0; from < threads(); ++from)
    for (int to = 0; to < threads(); ++to)
      blocks.push_back({at(src, from, static_cast<std::size_t>(to) * nbytes),
                        at(dst, to, static_cast<std::size_t>(from) * nbytes), nbytes});
  run(call, blocks);
}

void upc_all_permute(pgas_shared_ptr d, pgas_shared_cptr s, pgas::global_ptr<const int> perm,
                     std::size_t nbytes, upc_flag_t flags, pgas_here where) {
  const gaddr perm_at{perm.handle(), perm.thread(), perm.offset()};
  UpcCall call(CollectiveKind::kUpcAllPermute, where, flags,
               {RELOCALIZATION_ARGS(d, s, nbytes, flags), {"perm", digest(perm_at), true}});
  const gaddr dst = address(d), src = address(s);
  check_size(call, nbytes, 1);
  distributed(call, "src", src, nbytes, 1);
  distributed(call, "dst", dst, nbytes, 1);
  check_pointer(call, "perm", perm_at, false);
  call.start();
  // perm is read whole at entry: every thread needs the inverse to know who writes its block.
  std::vector<int> target(nthreads());
  std::vector<int> source(nthreads(), -1);
  for (int t = 0; t < threads(); ++t) {
    const int p = *(perm + t);
    if (p < 0 || p >= threads())
      call.fail("perm is not a permutation: perm[%d] is %d, not in [0, %d)", t, p, threads());
    if (source[static_cast<std::size_t>(p)] >= 0)
      call.fail("perm is not a permutation: perm[%d] and perm[%d] are both %d",
                source[static_cast<std::size_t>(p)], t, p);
    source[static_cast<std::size_t>(p)] = t;
    target[static_cast<std::size_t>(t)] = p;
  }
  std::vector<Block> blocks;
  for (int t = 0; t < threads(); ++t)
    blocks.push_back({at(src, t, 0), at(dst, target[static_cast<std::size_t>(t)], 0), nbytes});
  call.move_blocks(blocks, configured_direction());
}
