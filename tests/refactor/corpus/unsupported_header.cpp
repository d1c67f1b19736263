// ARGS: --array A
// Loop headers the tiling cannot express: a != condition and a decreasing step.
#include <pgas/upc.hpp>

using namespace pgas;

void headers(const shared_array<int> &A, int n, int *out) {
  upc_forall(int i = 0, i != n, i++, i) { out[i] = A[(i + 1) % n]; }
  upc_forall(int i = n - 1, i >= 0, i--, i) { out[i] = A[(i + 1) % n]; }
}

// Expected diagnostics:
// CHECK: input.cpp:8:3: warning: not rewritten: unsupported loop condition
// CHECK: input.cpp:8:25: note: the condition must be `i < bound` or `i <= bound`
// CHECK: input.cpp:9:3: warning: not rewritten: unsupported loop condition
// CHECK: input.cpp:9:29: note: the condition must be `i < bound` or `i <= bound`
