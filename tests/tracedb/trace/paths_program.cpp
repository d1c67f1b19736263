// A helper making one remote read and one barrier, called from two loops on different lines (3 and 5
// times): with pgasrun --trace --lines --callers N, paths_trace_test.sh checks that the paths section shows
// the helper's read and barrier once per calling line, with those counts on every thread.
#include <cstdio>
#include <pgas/upc.hpp>

using namespace pgas;

namespace {

[[gnu::noinline]] int helper(shared_array<int> &values) {
  const int next = values[(MYTHREAD + 1) % THREADS];  // SITE:read
  upc_barrier;                                        // SITE:barrier
  return next;
}

}  // namespace

int main() {
  shared_array<int> values(static_cast<std::size_t>(THREADS));
  values[MYTHREAD] = MYTHREAD + 1;
  upc_barrier;
  int sum = 0;
  for (int i = 0; i < 3; ++i) sum += helper(values);  // SITE:first_loop
  for (int i = 0; i < 5; ++i) sum += helper(values);  // SITE:second_loop
  if (sum != 8 * ((MYTHREAD + 1) % THREADS + 1)) {
    std::printf("wrong data on thread %d: %d\n", MYTHREAD, sum);
    return 1;
  }
  return 0;
}
