// ARGS: --array A --chunk 16
// Caches opened before the enclosing ordinary loops: in a block the declarations join it; as the body of
// an if they get a block of their own; a loop whose bound changes in the enclosing loop is not hoisted past
// it.
#include <cstdio>
#include <pgas/upc.hpp>

using namespace pgas;

int main() {
  const int n = 200;
  shared_array<int> A(n, 1, "A"), R(n, 1, "R");
  upc_forall(int i = 0, i < n, i++, &A[i]) {
    A[i] = (i * 13) % 31;
    R[i] = 0;
  }
  upc_barrier;
  if (n > 0)
    for (int round = 0; round < 3; ++round) {
      upc_forall(int i = 0, i < n, i++, &R[i]) { R[i] = R[i] + A[(i + round) % n]; }
      upc_barrier;
    }
  for (int limit = n / 2; limit <= n; limit += n / 2) {
    upc_forall(int i = 0, i < limit, i++, &R[i]) { R[i] = R[i] + A[(i * 3) % n]; }
    upc_barrier;
  }
  if (MYTHREAD == 0)
    for (int i = 0; i < n; ++i) std::printf("%d\n", static_cast<int>(R[i]));
  return 0;
}
