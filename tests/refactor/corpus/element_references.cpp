// ARGS: --array A
// Uses of a cached array other than element reads and writes: a shared reference kept in a variable, an
// assignment used as a value, the array passed to a function.
#include <pgas/upc.hpp>

using namespace pgas;

int total(const shared_array<int> &A);

void references(const shared_array<int> &A, int n, int *out) {
  upc_forall(int i = 0, i < n, i++, &A[i]) {
    auto element = A[i];
    out[i] = element;
  }
  upc_forall(int i = 0, i < n, i++, &A[i]) { out[i] = (A[i] = 3); }
  upc_forall(int i = 0, i < n, i++, i) { out[i] = total(A); }
}

// Expected diagnostics:
// CHECK: input.cpp:11:3: warning: not rewritten: an element of 'A' is used as a shared reference
// CHECK: input.cpp:12:20: note: only reads, assignments and compound assignments of elements can be cached
// CHECK: input.cpp:15:3: warning: not rewritten: the value of an assignment to 'A' is used
// CHECK: input.cpp:15:56: note: a cached write must be a statement of its own
// CHECK: input.cpp:16:3: warning: not rewritten: 'A' is used other than by element access
// CHECK: input.cpp:16:57: note: the loop passes or copies the array itself
