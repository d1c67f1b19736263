// ARGS: --array D:min --array B:min --array E:min --array R --chunk 16
// Pointer jumping: a read that indexes its own array inside a loop of the body (D[D[i]] in the while loop)
// is likely the index of the loop's next read, so the inspector hints its value one level more
// (D[D[D[i]]]), within --inspector-levels. A self-indexed read outside any inner loop (R[i] = D[D[i]]) gets
// no such level. Labels only decrease (every parent is smaller than its child), so the shortcuts of all
// threads, combined by min, end with every vertex on its root whatever the interleaving. E's roots point
// to -1, which the loop never uses as an index: neither may the chased level's hint.
#include <algorithm>
#include <cstdio>
#include <pgas/upc.hpp>

using namespace pgas;

int main() {
  const int n = 301;
  shared_array<int> D(n, 1, "D"), B(n, 7, "B"), E(n, 1, "E"), R(n, 1, "R");
  // Chains of up to 11 vertices: vertex i's parent is i - 1 except at the roots, every eleventh vertex, and
  // far jumps for every fifth, so that a vertex's ancestors lie on other threads.
  for (int i = MYTHREAD; i < n; i += THREADS) {
    D[i] = i % 11 == 0 ? i : i % 5 == 0 ? i / 11 * 11 : i - 1;
    B[i] = D[i];
    E[i] = i % 11 == 0 ? -1 : D[i];
  }
  upc_barrier;
  upc_forall(int i = 0, i < n, i++, &D[i]) {
    while (D[i] != D[D[i]]) D[i] = std::min<int>(D[i], D[D[i]]);
  }
  // A blocked array, the jump in a do loop.
  upc_forall(int i = 0, i < n, i++, &B[i]) {
    do B[i] = std::min<int>(B[i], B[B[i]]);
    while (B[i] != B[B[i]]);
  }
  upc_forall(int i = 0, i < n, i++, &E[i]) {
    while (E[i] >= 0 && E[i] != E[E[i]]) E[i] = std::min<int>(E[i], E[E[i]]);
  }
  upc_barrier;
  upc_forall(int i = 0, i < n, i++, &R[i]) { R[i] = D[D[i]] + B[B[i]]; }
  upc_barrier;
  if (MYTHREAD == 0)
    for (int i = 0; i < n; ++i)
      std::printf("%d %d %d %d\n", static_cast<int>(D[i]), static_cast<int>(B[i]), static_cast<int>(E[i]),
                  static_cast<int>(R[i]));
  return 0;
}
