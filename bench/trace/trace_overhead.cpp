// Tracing overhead: every thread makes N remote 8-byte reads from the next thread in a tight loop and
// thread 0 prints the loop's time per access. Run untraced, with pgasrun --trace, and with --trace --lines
// (run_trace_bench.sh); the difference is the recorder's cost per event.
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <pgas/upc.hpp>

using namespace pgas;

int main(int argc, char **argv) {
  const long n = argc > 1 ? std::atol(argv[1]) : 10000000;
  const long stride = 1024;
  shared_array<long> a(static_cast<std::size_t>(stride * THREADS));
  const long next = (MYTHREAD + 1) % THREADS;
  upc_barrier;
  auto start = std::chrono::steady_clock::now();
  long sum = 0;
  for (long k = 0; k < n; ++k) sum += a[(k % stride) * THREADS + next];
  double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  upc_barrier;
  if (MYTHREAD == 0) std::printf("accesses=%ld ns_per_access=%.2f sum=%ld\n", n, seconds * 1e9 / n, sum);
  return 0;
}
