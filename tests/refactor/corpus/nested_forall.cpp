// ARGS: --array A
// Nested upc_forall loops: the inner one is rewritten, the outer one is reported.
#include <pgas/upc.hpp>

using namespace pgas;

void nested(const shared_array<int> &A, int n, int *out) {
  upc_forall(int i = 0, i < n, i++, i) {
    upc_forall(int j = 0, j < n, j++, j) { out[j] += A[(i + j) % n]; }
  }
}

// Expected diagnostics:
// CHECK: input.cpp:8:3: warning: not rewritten: a nested upc_forall loop accesses the chosen arrays
// CHECK: input.cpp:9:5: note: the innermost loop is rewritten instead
