// A program with three loops of remote accesses for pgas-refactor --suggest (refactor.suggest): the first
// (most accesses) is rewritable as it is, the second only with policy sum for h, the third is refused.
#include <cstdio>
#include <pgas/upc.hpp>

using namespace pgas;

int main() {
  const int n = 800, bins = 64;
  shared_array<int> x(n, 1, "x"), y(n, 1, "y"), h(bins, 1, "h"), idx(n, 1, "idx");
  upc_forall(int i = 0, i < n, i++, &y[i]) {
    y[i] = i % 7 + 1;
    idx[i] = (i * 13 + 1) % bins;  // h[idx[i]] on the next thread
  }
  upc_forall(int b = 0, b < bins, b++, &h[b]) { h[b] = 0; }
  upc_barrier;
  upc_forall(int i = 0, i < n, i++, &x[i]) { x[i] = y[(i + 1) % n] + y[(i + 2) % n] + y[(i + 3) % n]; }
  upc_barrier;
  upc_forall(int i = 0, i < n, i++, &idx[i]) { h[idx[i]] += 1; }
  upc_barrier;
  upc_forall(int i = 0, i < n, i++, &x[i]) {
    int k = i;
    k = (k * 7 + 3) % n;
    x[i] = x[i] + y[k];
  }
  upc_barrier;
  if (MYTHREAD == 0) {
    long sum = 0;
    for (int i = 0; i < n; ++i) sum += x[i];
    for (int b = 0; b < bins; ++b) sum += h[b];
    std::printf("%ld\n", sum);
  }
  return 0;
}
