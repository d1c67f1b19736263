// bench_runtime: microbenchmarks of the PGAS runtime as user code sees it. Run under the launcher:
//   pgasrun -n 2 build/bin/bench_runtime [--scale=F] [Google Benchmark flags]
// Thread 0 reports; see bench/RESULTS.md and bench/run_runtime_bench.sh.
#include <pgas/upc.hpp>

#include "common/driver.hpp"
#include "runtime/benchmarks.hpp"

int main(int argc, char **argv) {
  const bench::Team team{MYTHREAD, THREADS, [] { upc_barrier; }};
  bench::RemoteAccess remote;
  bench::LocalAccess local;
  bench::Synchronization sync;
  bench::PairwiseSync pairwise;
  return bench::run_benchmarks(argc, argv, team, [&](const bench::Registry &registry) {
    remote.register_all(registry, team);
    local.register_all(registry, team);
    sync.register_all(registry, team);
    pairwise.register_all(registry, team);
  });
}
