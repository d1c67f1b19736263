// Makes a number of remote element accesses known in advance and, when a counting profiler is preloaded
// (count_transport.cpp), checks that it saw exactly those calls. Without it, checks that the results are
// the same. Prints "interposed: OK" or "not interposed: OK".
#include <dlfcn.h>

#include <bit>
#include <cstdio>
#include <pgas/upc.hpp>
#include <vector>

using namespace pgas;

int main() {
  constexpr long K = 100;
  shared_array<long> a(static_cast<std::size_t>(THREADS * K));
  upc_forall(long i = 0, i < THREADS * K, i++, &a[i]) a[i] = i;
  upc_barrier;

  const int next = (MYTHREAD + 1) % THREADS;
  long sum = 0;
  for (long k = 0; k < K; ++k) sum += a[k * THREADS + next];  // K gets from the next thread
  upc_barrier;
  for (long k = 0; k < K / 2; ++k) a[k * THREADS + next] = -1;         // K/2 puts
  for (long k = 0; k < 10; ++k) a[(K / 2 + k) * THREADS + next] += 1;  // 10 gets and 10 puts
  upc_barrier;
  for (long k = 0; k < K; ++k) sum += a[k * THREADS + MYTHREAD];  // local: no transport call
  std::vector<long> block(K);
  upc_memget(block.data(), &a[next], sizeof(long));  // bulk: remote_memget, not remote_get
  upc_barrier;

  // Every element now: k < K/2 -> -1, K/2 <= k < K/2+10 -> value + 1, else value (written by the previous
  // thread, or by this one when THREADS == 1, in which case every access above was local).
  long expected_sum = 0;
  for (long k = 0; k < K; ++k) expected_sum += k * THREADS + next;
  for (long k = 0; k < K; ++k) {
    long v = k * THREADS + MYTHREAD;
    expected_sum += k < K / 2 ? -1 : (k < K / 2 + 10 ? v + 1 : v);
  }
  if (sum != expected_sum) {
    std::printf("thread %d: wrong sum %ld, expected %ld\n", MYTHREAD, sum, expected_sum);
    return 1;
  }

  using counter = long (*)(const char *);
  auto count = std::bit_cast<counter>(dlsym(RTLD_DEFAULT, "interpose_test_count"));
  if (count == nullptr) {
    std::printf("thread %d: not interposed: OK\n", MYTHREAD);
    return 0;
  }
  const long remote = THREADS > 1 ? 1 : 0;
  long gets = count("remote_get"), puts = count("remote_put");
  if (gets != remote * (K + 10) || puts != remote * (K / 2 + 10)) {
    std::printf("thread %d: interposed: saw %ld gets and %ld puts, expected %ld and %ld\n", MYTHREAD, gets,
                puts, remote * (K + 10), remote * (K / 2 + 10));
    return 1;
  }
  std::printf("thread %d: interposed: OK (%ld gets, %ld puts)\n", MYTHREAD, gets, puts);
  return 0;
}
