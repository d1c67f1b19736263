// ARGS: --array y --privatize
// Strided runs: a read at an increasing affine index of the loop variable (`y[i * 2]`, `y[3 * (i + 1) - 2]`)
// over a cyclic affinity's tiles (every THREADS-th iteration) is read as one strided run per tile, by the
// iteration's position in the counting executor, with the affinity's element through one local base
// pointer; an unsigned variable, a blocking factor of 2 (tiles that are not in arithmetic progression read
// through the cache at run time), an index past the array's end for the last iterations, and a loop of
// three iterations (one or none per thread). A descending index (`y[n - 1 - i]`) is no run: it reads
// through the cache.
#include <cstdio>
#include <pgas/upc.hpp>

using namespace pgas;

void dot(int n, const shared_array<int> &x, const shared_array<int> &y) {
  upc_forall(int i = 0, i < n, i++, &x[i]) { x[i] = x[i] * y[i * 2]; }
}

void unsigned_three(unsigned n, const shared_array<int> &x, const shared_array<int> &y) {
  upc_forall(unsigned i = 0, i < n, i++, &x[i]) { x[i] = x[i] + y[3 * (i + 1) - 2]; }
}

void near_the_end(int n, const shared_array<int> &x, const shared_array<int> &y) {
  upc_forall(int i = 0, i < n, i++, &x[i]) {
    if (2 * i + 2 * n < 3 * n) x[i] = x[i] - y[2 * i + 2 * n];
  }
}

void descending(int n, const shared_array<int> &x, const shared_array<int> &y) {
  upc_forall(int i = 0, i < n, i++, &x[i]) { x[i] = x[i] + y[n - 1 - i]; }
}

int main() {
  const int n = 203;
  shared_array<int> x(n, 1, "x"), y(3 * n, 1, "y"), xb(n, 2, "xb"), small(3, 1, "small");
  upc_forall(int i = 0, i < n, i++, &x[i]) {
    x[i] = i % 5 + 1;
    xb[i] = i % 3 + 2;
  }
  upc_forall(int i = 0, i < 3 * n, i++, &y[i]) { y[i] = i % 7 + 1; }
  upc_forall(int i = 0, i < 3, i++, &small[i]) { small[i] = i + 1; }
  upc_barrier;
  dot(n, x, y);
  upc_barrier;
  unsigned_three(static_cast<unsigned>(n), x, y);
  upc_barrier;
  near_the_end(n, x, y);
  upc_barrier;
  descending(n, x, y);
  upc_barrier;
  dot(n, xb, y);
  upc_barrier;
  dot(3, small, y);
  upc_barrier;
  if (MYTHREAD == 0) {
    for (int i = 0; i < n; ++i) std::printf("%d %d\n", static_cast<int>(x[i]), static_cast<int>(xb[i]));
    for (int i = 0; i < 3; ++i) std::printf("%d\n", static_cast<int>(small[i]));
  }
  return 0;
}
