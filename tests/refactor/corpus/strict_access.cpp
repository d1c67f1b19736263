// ARGS: --array S --array A
// Strict accesses order every access around them: neither a strict cached array nor a strict access to
// another array may appear in a rewritten loop.
#include <pgas/upc.hpp>

using namespace pgas;

void strict_loops(const shared_array<int, strict> &S, const shared_array<int> &A,
                  const shared_array<int, strict> &flag, int n, int *out) {
  upc_forall(int i = 0, i < n, i++, i) { out[i] = S[(i + 1) % n]; }
  upc_forall(int i = 0, i < n, i++, i) {
    out[i] = A[(i + 1) % n];
    flag[i] = 1;
  }
}

// Expected diagnostics:
// CHECK: input.cpp:10:3: warning: not rewritten: strict shared access in the loop body
// CHECK: input.cpp:10:51: note: a strict access orders every access around it; caching would break that order
// CHECK: input.cpp:11:3: warning: not rewritten: strict shared access in the loop body
// CHECK: input.cpp:13:5: note: a strict access orders every access around it; caching would break that order
