// ARGS: --array A --chunk 8
// Caches are opened before an enclosing loop only when nothing in it changes what opening reads: here a
// call swaps the cached array with another each round (issue 14, root cause 1), so the cache is opened at
// every execution of the upc_forall, on the array A names then.
#include <cstdio>
#include <pgas/upc.hpp>
#include <utility>

using namespace pgas;

int main() {
  const int n = 40;
  shared_array<int> A(n, 1, "A"), B(n, 1, "B"), out(n, 1, "out");
  upc_forall(int i = 0, i < n, i++, &A[i]) {
    A[i] = i;
    B[i] = 100 * i;
    out[i] = 0;
  }
  upc_barrier;
  auto flip = [&]() { std::swap(A, B); };
  for (int round = 0; round < 3; ++round) {
    upc_forall(int i = 0, i < n, i++, &out[i]) { out[i] = out[i] + A[(i + 1) % n]; }
    upc_barrier;
    flip();
  }
  upc_barrier;
  if (MYTHREAD == 0)
    for (int i = 0; i < n; ++i) std::printf("%d\n", static_cast<int>(out[i]));
  return 0;
}
