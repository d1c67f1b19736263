// Tracing overhead: every thread makes N remote 8-byte reads from the next thread in a tight loop and
// thread 0 prints the loop's time per access. Run untraced, with pgasrun --trace, and with --trace --lines
// (run_trace_bench.sh); the difference is the recorder's cost per event. An optional second argument D runs
// the loop D calls deep (for --callers: a chain of D calling lines above the access).
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <pgas/upc.hpp>

using namespace pgas;

namespace {

constexpr long kStride = 1024;

// The read loop, `levels` calls below the caller (never a tail call, so that each level is a frame).
[[gnu::noinline]] long read_loop(int levels, shared_array<long> &a, long n, long next) {
  if (levels > 0) {
    const long sum = read_loop(levels - 1, a, n, next);
    asm volatile("" ::: "memory");
    return sum;
  }
  long sum = 0;
  for (long k = 0; k < n; ++k) sum += a[(k % kStride) * THREADS + next];
  return sum;
}

}  // namespace

int main(int argc, char **argv) {
  const long n = argc > 1 ? std::atol(argv[1]) : 10000000;
  const int levels = argc > 2 ? std::atoi(argv[2]) : 0;
  shared_array<long> a(static_cast<std::size_t>(kStride * THREADS));
  const long next = (MYTHREAD + 1) % THREADS;
  upc_barrier;
  auto start = std::chrono::steady_clock::now();
  const long sum = read_loop(levels, a, n, next);
  double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  upc_barrier;
  if (MYTHREAD == 0) std::printf("accesses=%ld ns_per_access=%.2f sum=%ld\n", n, seconds * 1e9 / n, sum);
  return 0;
}
