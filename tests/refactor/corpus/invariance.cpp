// ARGS: --array A
// Bounds and steps must be loop-invariant and the iteration variable left alone; the one loop whose bound
// calls only a const member function is rewritten.
#include <pgas/upc.hpp>

using namespace pgas;

int limit();

void variant_loops(const shared_array<int> &A, int n, int *out) {
  upc_forall(int i = 0, i < n, i++, i) {
    out[i] = A[(i + 1) % A.size()];
    n--;
  }
  int s = 1;
  upc_forall(int i = 0, i < n, i += s, i) {
    out[i] = A[(i + 1) % n];
    s = 2;
  }
  upc_forall(int i = 0, i < n, i++, i) {
    out[i] = A[(i + 1) % n];
    i++;
  }
  upc_forall(int i = 0, i < limit(), i++, i) { out[i] = A[(i + 1) % n]; }
  upc_forall(int i = 0, i < static_cast<int>(A.size()), i++, i) { out[i] = A[(i + 1) % n]; }
}

// Expected diagnostics:
// CHECK: input.cpp:11:3: warning: not rewritten: the loop bound is not loop-invariant
// CHECK: input.cpp:11:29: note: 'n' is assigned in the loop body
// CHECK: input.cpp:16:3: warning: not rewritten: the loop step is not loop-invariant
// CHECK: input.cpp:16:37: note: 's' is assigned in the loop body
// CHECK: input.cpp:20:3: warning: not rewritten: the loop body assigns the iteration variable
// CHECK: input.cpp:20:3: note: 'i' changes inside the body
// CHECK: input.cpp:20:3: warning: not rewritten: an index of 'A' cannot be computed ahead of the tile
// CHECK: input.cpp:21:17: note: it depends on 'i', which the loop body assigns
// CHECK: input.cpp:24:3: warning: not rewritten: the loop bound is not provably loop-invariant
// CHECK: input.cpp:24:29: note: it calls 'limit': the body of 'limit' is not visible
