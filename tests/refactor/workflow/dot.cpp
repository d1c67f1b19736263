// A loop pgas-refactor rewrites with --array y.
#include <pgas/upc.hpp>

using namespace pgas;

void dot(shared_array<int> &x, const shared_array<int> &y, int n) {
  upc_forall(int i = 0, i < n, i++, &x[i]) { x[i] = x[i] * y[(i + 1) % n]; }
}
