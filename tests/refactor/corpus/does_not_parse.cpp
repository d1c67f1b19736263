// ARGS: --array A
// EXIT: 1
// CHECK: does not parse; it is left unchanged
// A file that does not compile is refused and left unchanged.
#include <pgas/upc.hpp>

using namespace pgas;

void broken(const shared_array<int> &A, int n, int *out) {
  upc_forall(int i = 0, i < n, i++, i) { out[i] = A[(i + 1) % n] }
}
