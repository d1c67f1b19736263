// ARGS: --array R --chunk 16
// The first loop of a tile walks the layout when the affinity moves one element (or one integer) per
// iteration, and tests every iteration otherwise: a stride of 2 in the affinity, a reversed index, a loop
// step of 2 and an integer affinity that is not the variable plus a constant.
#include <cstdio>
#include <pgas/upc.hpp>

using namespace pgas;

const int n = 120;

void walked(const shared_array<int> &A, const shared_array<int> &R, const shared_array2d<int> &G, int k) {
  upc_forall(int i = 0, i < n - 3, i++, &A[i + 3]) { A[i + 3] = A[i + 3] + R[n - 1 - i]; }
  upc_barrier;  // the next loop writes A[i] from another thread than its owner
  upc_forall(int i = 0, i < n, i++, k + i - 1) { A[i] = A[i] + R[(i * 7) % n]; }
  for (int r = 0; r < 4; ++r) {
    upc_forall(int c = 1, c < 30, c++, &G[r][c - 1]) { G[r][c - 1] = G[r][c - 1] + R[r * 30 + c]; }
  }
}

void tested(const shared_array<int> &A, const shared_array<int> &R) {
  upc_forall(int i = 0, i < n / 2, i++, &A[2 * i]) { A[2 * i] = A[2 * i] - R[i + 1]; }
  upc_barrier;
  upc_forall(int i = 0, i < n, i++, &A[n - 1 - i]) { A[n - 1 - i] = A[n - 1 - i] * 2 + R[i]; }
  upc_barrier;
  upc_forall(int i = 0, i < n, i += 2, &A[i]) { A[i] = A[i] + R[n - 1 - i]; }
  upc_barrier;
  upc_forall(int i = 0, i < n, i++, i / 4) { A[i] = A[i] - R[(i + 5) % n]; }
}

int main() {
  shared_array<int> A(n, 3, "A"), R(n, 5, "R");
  shared_array2d<int> G(4, 30, 7, "G");
  upc_forall(int i = 0, i < n, i++, &A[i]) {
    A[i] = i % 11;
    R[i] = i % 13 + 1;
    G[i / 30][i % 30] = i % 3;
  }
  upc_barrier;
  walked(A, R, G, 5);
  upc_barrier;
  tested(A, R);
  upc_barrier;
  if (MYTHREAD == 0) {
    for (int i = 0; i < n; ++i)
      std::printf("%d %d\n", static_cast<int>(A[i]), static_cast<int>(G[i / 30][i % 30]));
  }
  return 0;
}
