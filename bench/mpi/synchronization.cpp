#include <cstdint>

#include "common/iterations.hpp"
#include "mpi/benchmarks.hpp"

namespace bench {
namespace {
constexpr int kLockHome = 1;  // the rank whose window the lock epochs target
}

Synchronization::Synchronization() : window_(sizeof(std::int64_t), Window::Epoch::kPerOperation) {}

void Synchronization::register_all(const Registry &registry, const Team &team) {
  const MPI_Win win = window_.get();
  registry.add("barrier", kBarrierIterations, 1, [&team](benchmark::State &state) {
    time_on_all(state, team, [] { MPI_Barrier(MPI_COMM_WORLD); });
  });
  registry.add("lock_uncontended", kLockIterations, 1, [win, &team](benchmark::State &state) {
    time_on_reporter(state, team, [&] {
      MPI_Win_lock(MPI_LOCK_EXCLUSIVE, kLockHome, 0, win);
      MPI_Win_unlock(kLockHome, win);
    });
  });
  registry.add("lock_contended", kContendedLockRounds, kContendedLocksPerRound * std::int64_t{team.size},
               [win, &team](benchmark::State &state) {
                 time_rounds_on_all(state, team, kContendedLocksPerRound, [&] {
                   MPI_Win_lock(MPI_LOCK_EXCLUSIVE, kLockHome, 0, win);
                   MPI_Win_unlock(kLockHome, win);
                 });
               });
}

}  // namespace bench
