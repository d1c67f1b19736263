#include <cstdint>

#include "common/iterations.hpp"
#include "mpi/benchmarks.hpp"

namespace bench {
namespace {
constexpr int kTarget = 1;
}

RmaAccess::RmaAccess() : window_(sizeof(std::int64_t), Window::Epoch::kLockAll) {}

void RmaAccess::register_all(const Registry &registry, const Team &team) {
  const MPI_Win win = window_.get();
  registry.add("get_8B", kAccessIterations, 1, [win, &team](benchmark::State &state) {
    std::int64_t value = 0;
    time_on_reporter(state, team, [&] {
      MPI_Get(&value, 1, MPI_INT64_T, kTarget, 0, 1, MPI_INT64_T, win);
      MPI_Win_flush(kTarget, win);
      benchmark::DoNotOptimize(value);
    });
  });
  registry.add("put_8B", kAccessIterations, 1, [win, &team](benchmark::State &state) {
    std::int64_t value = 0;
    time_on_reporter(state, team, [&] {
      ++value;
      MPI_Put(&value, 1, MPI_INT64_T, kTarget, 0, 1, MPI_INT64_T, win);
      MPI_Win_flush(kTarget, win);
    });
  });
}

}  // namespace bench
