#include <cstdint>
#include <vector>

#include "common/iterations.hpp"
#include "mpi/benchmarks.hpp"

namespace bench {
namespace {
constexpr int kTarget = 1;
}

RmaAccess::RmaAccess()
    : window_(sizeof(std::int64_t), Window::Epoch::kLockAll),
      vector_window_(2 * kVectorElements * sizeof(std::int64_t), Window::Epoch::kLockAll) {}

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
  // Every other element of rank 1's window in one MPI_Get with an indexed datatype, built per call as for
  // any list of indices (what remote_getv receives).
  const MPI_Win vector_win = vector_window_.get();
  registry.add("getv_1024x8B", kVectorIterations, 1, [vector_win, &team](benchmark::State &state) {
    std::vector<MPI_Aint> displacements(kVectorElements);
    for (std::size_t k = 0; k < kVectorElements; ++k)
      displacements[k] = static_cast<MPI_Aint>(2 * k * sizeof(std::int64_t));
    std::vector<std::int64_t> out(kVectorElements);
    time_on_reporter(state, team, [&] {
      MPI_Datatype type;
      MPI_Type_create_hindexed_block(static_cast<int>(kVectorElements), 1, displacements.data(), MPI_INT64_T,
                                     &type);
      MPI_Type_commit(&type);
      MPI_Get(out.data(), static_cast<int>(kVectorElements), MPI_INT64_T, kTarget, 0, 1, type, vector_win);
      MPI_Win_flush(kTarget, vector_win);
      MPI_Type_free(&type);
      benchmark::DoNotOptimize(out.data());
    });
  });
}

}  // namespace bench
