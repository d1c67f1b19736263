// bench_mpi_peer: the Open MPI counterparts of bench_runtime's measurements. Run under mpirun:
//   mpirun --oversubscribe -np 2 build/bin/bench_mpi_peer [--scale=F] [Google Benchmark flags]
// Rank 0 reports; see bench/RESULTS.md and bench/run_runtime_bench.sh.
#include <mpi.h>

#include "common/driver.hpp"
#include "mpi/benchmarks.hpp"

namespace {

bench::Team world_team() {
  int rank = 0, size = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  return {rank, size, [] { MPI_Barrier(MPI_COMM_WORLD); }};
}

// Runs the benchmarks while the windows exist; they are freed (collectively) before MPI_Finalize.
int run(int argc, char **argv) {
  const bench::Team team = world_team();
  bench::RmaAccess rma;
  bench::Synchronization sync;
  return bench::run_benchmarks(argc, argv, team, [&](const bench::Registry &registry) {
    rma.register_all(registry, team);
    sync.register_all(registry, team);
  });
}

}  // namespace

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  const int status = run(argc, argv);
  MPI_Finalize();
  return status;
}
