// ARGS: --array D:min --array B:min --array M:max --array A:min --privatize --chunk 16
// Owned writes: a write D[i] = v of a cached array under the affinity &D[i], when the body writes D nowhere
// else and D's policy is min or max, is the element's owner's alone, so it becomes a plain store in the
// local part instead of the cache's atomic min (max); the reads of the element (D[i], not D[D[i]]) are plain
// loads of the thread's own element, which the cache reads in place anyway. Kept as puts: A, also
// written at another element (a neighbour's, which its owner writes too). Labels only
// decrease (every parent is smaller than its child), so the shortcuts end with every vertex on its root
// whatever the interleaving.
#include <algorithm>
#include <cstdio>
#include <pgas/upc.hpp>

using namespace pgas;

int main() {
  const int n = 301;
  shared_array<int> D(n, 1, "D"), B(n, 7, "B"), M(n, 1, "M"), A(n, 1, "A");
  // Chains of up to 11 vertices: vertex i's parent is i - 1 except at the roots, every eleventh vertex, and
  // far jumps for every fifth, so that a vertex's ancestors lie on other threads.
  for (int i = MYTHREAD; i < n; i += THREADS) {
    D[i] = i % 11 == 0 ? i : i % 5 == 0 ? i / 11 * 11 : i - 1;
    B[i] = D[i];
    M[i] = i % 7;
    A[i] = n - i;
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
  upc_barrier;
  // Max under a condition; the read of D (not written here) goes through its cache.
  upc_forall(int i = 0, i < n, i++, &M[i]) {
    const int v = D[(i * 13) % n] % 9;
    if (v > M[i]) M[i] = v;
  }
  // A's neighbour is written too: other threads write A's elements, so the min stays atomic.
  upc_forall(int i = 0, i < n - 1, i++, &A[i]) {
    A[i] = std::min<int>(A[i], i);
    A[i + 1] = std::min<int>(A[i + 1], i);
  }
  upc_barrier;
  if (MYTHREAD == 0)
    for (int i = 0; i < n; ++i)
      std::printf("%d %d %d %d\n", static_cast<int>(D[i]), static_cast<int>(B[i]), static_cast<int>(M[i]),
                  static_cast<int>(A[i]));
  return 0;
}
