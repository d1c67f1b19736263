// ARGS: --array mid --chunk 50
// A cached pointer-to-shared indexed below 0, as UPC allows: mid[-k] is the element k before the one mid
// points to. A pointer the loop assigns cannot be cached.
#include <cstdio>
#include <pgas/upc.hpp>

using namespace pgas;

int main() {
  const int n = 500, half = n / 2;
  shared_array<long> A(n, 3, "A"), R(n, 1, "R");
  upc_forall(int i = 0, i < n, i++, &A[i]) { A[i] = 3L * i + 1; }
  upc_barrier;
  global_ptr<long> mid = &A[half];
  upc_forall(int i = 0, i < n, i++, &R[i]) { R[i] = mid[i - half] - mid[(i * 7) % n - half]; }
  upc_barrier;
  global_ptr<long> moving = mid;
  upc_forall(int i = 0, i < half, i++, &R[i]) {
    R[i] = R[i] + mid[-i];
    mid = moving;  // the same element, but the cache could not know
  }
  upc_barrier;
  if (MYTHREAD == 0)
    for (int i = 0; i < n; ++i) std::printf("%ld\n", static_cast<long>(R[i]));
  return 0;
}
// Expected diagnostics:
// CHECK: input.cpp:18:3: warning: not rewritten: 'mid' is used other than by element access
// CHECK: input.cpp:20:5: note: the loop passes or copies the array itself
