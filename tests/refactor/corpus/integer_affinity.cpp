// ARGS: --array A --array B --chunk 64
// Integer affinity, two cached arrays read at scattered indices, a private result written locally, a
// loop-invariant bound computed by a const call, and a single-statement body.
#include <cstdio>
#include <pgas/upc.hpp>

using namespace pgas;

int main() {
  const long n = 777;
  shared_array<long> A(n, 1, "A"), B(n, 3, "B"), C(n, 1, "C");
  upc_forall(long i = 0, i < n, i++, i) {
    A[i] = i * 3;
    B[i] = n - i;
  }
  upc_barrier;
  // sum of two remote reads per iteration
  upc_forall(long i = 0, i < static_cast<long>(A.size()), ++i, i) C[i] = A[(i * 7) % n] + B[(i * 13 + 5) % n];
  upc_barrier;
  if (MYTHREAD == 0)
    for (long i = 0; i < n; ++i) std::printf("%ld\n", static_cast<long>(C[i]));
  return 0;
}
