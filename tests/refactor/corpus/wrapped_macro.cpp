// ARGS: --array A
// A upc_forall expanded inside a user macro is found and reported, but not rewritten.
#include <pgas/upc.hpp>

using namespace pgas;

#define FOR_EACH_MINE(i, n) upc_forall(int i = 0, i < n, i++, i)

void wrapped(const shared_array<int> &A, int n, int *out) {
  FOR_EACH_MINE(i, n) { out[i] = A[(i + 1) % n]; }
}

// Expected diagnostics:
// CHECK: input.cpp:10:3: warning: not rewritten: upc_forall is expanded inside macro 'FOR_EACH_MINE'
// CHECK: input.cpp:10:3: note: rewrite the macro's uses by hand, or spell upc_forall directly
