// ARGS: --array B --chunk 4
// A signed variable compared with an unsigned bound converts to unsigned: from i = -3 the condition holds
// at -3 and -2 and fails at -1, so the loop ends there, although it would hold again from 0. Tiles that go
// on from where the previous one ended would run 1, 2, ...: such a loop is refused. The others are
// rewritten (a long variable against an int bound converts both to long).
#include <climits>
#include <cstdio>
#include <pgas/upc.hpp>

using namespace pgas;

#pragma GCC diagnostic ignored "-Wsign-compare"  // the conversion is the point

int main() {
  const int n = 40;
  const unsigned bound = UINT_MAX;
  shared_array<long> A(n, 1, "A"), B(n, 2, "B");
  upc_forall(int i = 0, i < n, i++, &A[i]) {
    A[i] = 0;
    B[i] = 5L * i + 1;
  }
  upc_barrier;
  upc_forall(int i = -3, i < bound, i++, &A[i + 3]) { A[i + 3] = B[i + 4] + 1; }
  upc_barrier;
  upc_forall(long i = -3, i < n - 3, i++, &A[i + 3]) { A[i + 3] = A[i + 3] + B[(i + 4) % n]; }
  upc_barrier;
  upc_forall(int i = 0, i < bound - 4294967255u, i++, &A[i]) { A[i] = A[i] + B[(i + 1) % n]; }  // from 0: fine
  upc_barrier;
  if (MYTHREAD == 0)
    for (int i = 0; i < n; ++i) std::printf("%ld\n", static_cast<long>(A[i]));
  return 0;
}
// Expected diagnostics:
// CHECK: input.cpp:23:3: warning: not rewritten: unsupported loop condition
// CHECK: the signed variable 'i' is compared as unsigned
