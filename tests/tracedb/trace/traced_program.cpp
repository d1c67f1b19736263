// A program whose remote accesses are known in advance, for the tracer's exactness test. Each access site
// carries a "SITE name" tag on its line, which the test reads from this file; the counts follow from THREADS
// (see trace_exactness_test.cpp). Mode "crash" kills the last thread with SIGKILL after
// its accesses, mode "hang" makes every thread wait forever after its accesses (the test interrupts it).
#include <unistd.h>

#include <csignal>
#include <cstdio>
#include <cstring>
#include <pgas/upc.hpp>
#include <vector>

using namespace pgas;

constexpr long K = 64;  // elements per thread

namespace {

// Two calls deep: the access is attributed to the line inside helper_inner.
[[gnu::noinline]] long helper_inner(const shared_array<long> &a, long i) {
  return a[i];  // SITE helper
}
[[gnu::noinline]] long helper_outer(const shared_array<long> &a, long i) { return helper_inner(a, i) + 1; }

}  // namespace

int main(int argc, char **argv) {
  const bool crash = argc > 1 && std::strcmp(argv[1], "crash") == 0;
  const bool hang = argc > 1 && std::strcmp(argv[1], "hang") == 0;
  const long T = THREADS, me = MYTHREAD;
  shared_array<long> A(static_cast<std::size_t>(K * T));
  global_ptr<void> B = upc_all_alloc(static_cast<std::size_t>(T), K * sizeof(long));
  global_ptr<long> blocks(B, K);  // B as K-element blocks, one per thread
  shared_array<long, strict> C(1, pgas::indefinite, "counter");
  upc_barrier;

  long sum = 0;
  const long next = (me + 1) % T, second = (me + 2) % T, third = (me + 3) % T;
  for (long k = 0; k < K; ++k) sum += A[k * T + next];      // SITE read
  for (long k = 0; k < K / 2; ++k) A[k * T + second] = me;  // SITE write
  std::vector<long> buffer(K);
  upc_memget(buffer.data(), &blocks[next * K], K * sizeof(long));  // SITE memget
  for (long k = 0; k < K / 4; ++k) sum += helper_outer(A, k * T + third);
  for (long k = 0; k < 3; ++k) atomic_fetch_add(&C[0], 1L);  // SITE atomic
  std::vector<std::size_t> indices;
  for (long k = 0; k < K / 8; ++k) indices.push_back(static_cast<std::size_t>(k * T + next));
  std::vector<long> gathered(indices.size());
  getv(A, static_cast<int>(next), indices, gathered.data());  // SITE getv
  C[0] += 0;                                                  // SITE strict
  std::printf("thread %ld sum %ld\n", me, sum);
  std::fflush(stdout);
  if (crash) {
    upc_barrier;  // every thread has made its accesses
    if (me == T - 1) raise(SIGKILL);
  }
  if (hang) {
    std::printf("thread %ld ready\n", me);
    std::fflush(stdout);
    for (;;) pause();
  }
  upc_barrier;
  if (me == 0) upc_free(B);
  return 0;
}
