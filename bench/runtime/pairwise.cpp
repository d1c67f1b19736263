#include <numeric>

#include "common/iterations.hpp"
#include "runtime/benchmarks.hpp"

namespace bench {

PairwiseSync::PairwiseSync() : everyone_(static_cast<std::size_t>(THREADS)) {
  std::iota(everyone_.begin(), everyone_.end(), 0);
}

void PairwiseSync::register_all(const Registry &registry, const Team &team) {
  registry.add("pairwise_linear_barrier", kBarrierIterations, 1, [&team](benchmark::State &state) {
    time_on_all(state, team, [] { upc_all_pairwise_barrier(); });
  });
  registry.add("pairwise_tree_barrier", kBarrierIterations, 1, [&team](benchmark::State &state) {
    time_on_all(state, team, [] { upc_all_pairwise_tree_barrier(); });
  });
  registry.add("subset_linear_barrier_all", kBarrierIterations, 1, [this, &team](benchmark::State &state) {
    time_on_all(state, team, [&] { upc_subset_barrier(everyone_.data(), everyone_.size()); });
  });
  registry.add("subset_tree_barrier_all", kBarrierIterations, 1, [this, &team](benchmark::State &state) {
    time_on_all(state, team, [&] { upc_subset_tree_barrier(everyone_.data(), everyone_.size()); });
  });
  // Every thread meets its neighbour 2k <-> 2k + 1 (a thread without one idles).
  const int partner = (team.rank ^ 1) < team.size ? team.rank ^ 1 : -1;
  registry.add("pairsync_fast", kPairsyncIterations, 1, [partner, &team](benchmark::State &state) {
    time_on_all(state, team, [partner] {
      if (partner >= 0) pairsync(partner);
    });
  });
  registry.add("pairsync_lock_handshake", kHandshakeIterations, 1, [partner, &team](benchmark::State &state) {
    time_on_all(state, team, [partner] {
      if (partner >= 0) pairsync_lock_handshake(partner);
    });
  });
}

}  // namespace bench
