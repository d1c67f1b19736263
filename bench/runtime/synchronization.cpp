#include "common/iterations.hpp"
#include "runtime/benchmarks.hpp"

namespace bench {

Synchronization::Synchronization() : lock_(upc_all_lock_alloc()) {}
Synchronization::~Synchronization() { upc_all_lock_free(lock_); }

void Synchronization::register_all(const Registry &registry, const Team &team) {
  registry.add("barrier", kBarrierIterations, 1,
               [&team](benchmark::State &state) { time_on_all(state, team, [] { upc_barrier; }); });
  registry.add("lock_uncontended", kLockIterations, 1, [this, &team](benchmark::State &state) {
    time_on_reporter(state, team, [&] {
      upc_lock(lock_);
      upc_unlock(lock_);
    });
  });
  registry.add("lock_contended", kContendedLockRounds, kContendedLocksPerRound * std::int64_t{team.size},
               [this, &team](benchmark::State &state) {
                 time_rounds_on_all(state, team, kContendedLocksPerRound, [&] {
                   upc_lock(lock_);
                   upc_unlock(lock_);
                 });
               });
}

}  // namespace bench
