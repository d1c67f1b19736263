// ARGS: --array D --array x
// With --policy any, reading an array the same tile writes elsewhere is refused; a loop touching only the
// element the affinity names (always local) is left alone silently: there is nothing to cache.
#include <pgas/upc.hpp>

using namespace pgas;

void races(const shared_array<int> &D, const shared_array<int> &x, int n) {
  upc_forall(int i = 0, i < n, i++, &D[i]) {
    if (D[(i + 1) % n] < D[i]) D[(i + 1) % n] = D[i];
  }
  upc_forall(int i = 0, i < n, i++, &x[i]) { x[i] = x[i] * 2 + 1; }
}

// Expected diagnostics:
// CHECK: input.cpp:9:3: warning: not rewritten: 'D' is read and written in the same tile
// CHECK: input.cpp:10:9: note: with policy any, a read of an element another iteration writes is not well defined; choose a policy for it (--array D:min, max, sum or priority) if the algorithm allows it
