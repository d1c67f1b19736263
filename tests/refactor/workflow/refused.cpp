// A loop pgas-refactor leaves untouched with --array y (y is read and written in the same tile with
// policy any), with a warning.
#include <pgas/upc.hpp>

using namespace pgas;

void shift(shared_array<int> &y, int n) {
  upc_forall(int i = 0, i < n, i++, &y[i]) { y[(i + 1) % n] = y[i]; }
}
