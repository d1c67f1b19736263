// ARGS: --array A --chunk 1000
// Iteration variables of narrow types: the chunk is a value of the variable's type, and no tile counter or
// walk over the owned iterations wraps around near the type's largest value.
#include <cstdio>
#include <pgas/upc.hpp>

using namespace pgas;

int main() {
  const int n = 32767;
  shared_array<int> A(n, 1, "A"), B(n, 1, "B");
  upc_forall(int i = 0, i < n, i++, &A[i]) {
    A[i] = i % 1000;
    B[i] = 0;
  }
  upc_barrier;
  upc_forall(signed char c = 0, c < 120, c++, &B[c]) { B[c] = A[(c * 5) % 120]; }
  short s;
  upc_forall(s = 32000, s < 32767, s++, &B[s]) { B[s] = A[(s * 3) % n]; }
  upc_forall(short t = 32700, t < 32767, t++, t) { B[t - 1000] = A[(t * 7) % n] + 1; }
  upc_barrier;
  if (MYTHREAD == 0) {
    long sum = 0;
    for (int i = 0; i < n; ++i) sum += static_cast<long>(B[i]) * (i % 97 + 1);
    std::printf("%ld\n", sum);
  }
  return 0;
}
