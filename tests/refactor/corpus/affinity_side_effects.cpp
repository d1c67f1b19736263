// ARGS: --array A
// The affinity expression is evaluated again by every loop of the rewrite: it must have no side effects.
#include <pgas/upc.hpp>

using namespace pgas;

int owner_of(int i);

void affinities(const shared_array<int> &A, int n, int *out) {
  int calls = 0;
  upc_forall(int i = 0, i < n, i++, calls++) { out[i] = A[(i + 1) % n]; }
  upc_forall(int i = 0, i < n, i++, owner_of(i)) { out[i] = A[(i + 1) % n]; }
}

// Expected diagnostics:
// CHECK: input.cpp:11:3: warning: not rewritten: the affinity expression has side effects
// CHECK: input.cpp:11:37: note: this expression writes or calls a function that is not pure: it writes 'calls'
// CHECK: input.cpp:12:3: warning: not rewritten: the affinity expression has side effects
// CHECK: input.cpp:12:37: note: this expression writes or calls a function that is not pure: the body of 'owner_of' is not visible
