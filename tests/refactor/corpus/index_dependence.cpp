// ARGS: --array A
// The inspector computes indices before the tile runs: an index may not depend on a variable the body
// assigns, on a non-cached array the body writes, on a declaration in a nested statement, or on a pointer.
#include <pgas/upc.hpp>

using namespace pgas;

void dependent_indices(const shared_array<int> &A, const shared_array<int> &B, int n, int *out,
                       const int *perm) {
  int k = 0;
  upc_forall(int i = 0, i < n, i++, i) {
    k = (k + 7) % n;
    out[i] = A[k];
  }
  upc_forall(int i = 0, i < n, i++, i) {
    B[i] = (i * 3) % n;
    out[i] = A[B[(i + 1) % n]];
  }
  upc_forall(int i = 0, i < n, i++, i) {
    if (i % 2 == 0) {
      const int j = (i + 3) % n;
      out[i] = A[j];
    }
  }
  upc_forall(int i = 0, i < n, i++, i) { out[i] = A[*(perm + i)]; }
}

// Expected diagnostics:
// CHECK: input.cpp:11:3: warning: not rewritten: an index of 'A' cannot be computed ahead of the tile
// CHECK: input.cpp:13:16: note: it depends on 'k', which the loop body assigns
// CHECK: input.cpp:15:3: warning: not rewritten: an index of 'A' cannot be computed ahead of the tile
// CHECK: input.cpp:17:16: note: it reads 'B', which the loop body writes
// CHECK: input.cpp:19:3: warning: not rewritten: an index of 'A' cannot be computed ahead of the tile
// CHECK: input.cpp:22:18: note: it depends on 'j', declared in a nested statement
// CHECK: input.cpp:25:3: warning: not rewritten: an index of 'A' cannot be computed ahead of the tile
// CHECK: input.cpp:25:53: note: it dereferences a pointer, which the inspector cannot do speculatively
