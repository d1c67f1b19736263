// ARGS: --array X
// The basic gather X[P[i]] with P not cached: the inspector hints the values read from P. An index read
// from an array the loop writes cannot be computed ahead of the tile, and an index that does not depend on
// the iteration adds no warning.
#include <cstdio>
#include <pgas/upc.hpp>

using namespace pgas;

int main() {
  const int n = 400, k = 17;
  shared_array<double> X(n, 4, "X"), R(n, 1, "R");
  shared_array<int> P(n, 1, "P");
  upc_forall(int i = 0, i < n, i++, &X[i]) { X[i] = 0.5 * i; }
  upc_forall(int i = 0, i < n, i++, &P[i]) { P[i] = (i * 37 + 11) % n; }
  upc_barrier;
  upc_forall(int i = 0, i < n, i++, &R[i]) { R[i] = X[P[i]]; }
  upc_barrier;
  upc_forall(int i = 0, i < n, i++, &R[i]) { R[i] = R[i] + X[k]; }
  upc_barrier;
  upc_forall(int i = 0, i < n, i++, &P[i]) {
    P[i] = (P[i] + 1) % n;
    R[i] = R[i] + X[P[i]];
  }
  upc_barrier;
  if (MYTHREAD == 0)
    for (int i = 0; i < n; ++i) std::printf("%.1f\n", static_cast<double>(R[i]));
  return 0;
}
// Expected diagnostics:
// CHECK: input.cpp:21:3: warning: not rewritten: an index of 'X' cannot be computed ahead of the tile
// CHECK: input.cpp:23:21: note: it reads 'P', which the loop body writes
