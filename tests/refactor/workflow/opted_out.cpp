// Loops opted out of the rewrite by a comment that is exactly NOREFACTOR, NOREFACTOR(reason) or
// NOREFACTOR: reason on the upc_forall line or alone on the line above; the word in a string does not opt a
// loop out, nor does a comment above that follows code, nor a comment that only contains the word.
#include <pgas/upc.hpp>

using namespace pgas;

void scale(shared_array<int> &x, const shared_array<int> &y, int *out, int n) {
  upc_forall(int i = 0, i < n, i++, &x[i]) { x[i] = x[i] * y[(i + 1) % n]; }  // NOREFACTOR
  // NOREFACTOR: the second loop is measured uncached
  upc_forall(int i = 0, i < n, i++, &x[i]) { x[i] = x[i] + y[(i + 2) % n]; }
  upc_forall(int i = 0, i < n, i++, &x[i]) {
    out[i] = sizeof("NOREFACTOR") + y[(i + 3) % n];
  }
  out[0] = 0;  // NOREFACTOR refers to this statement only
  upc_forall(int i = 0, i < n, i++, &x[i]) { x[i] = y[(i + 4) % n]; }
  // NOREFACTOR(measured uncached)
  upc_forall(int i = 0, i < n, i++, &x[i]) { x[i] = y[(i + 5) % n]; }
  upc_forall(int i = 0, i < n, i++, &x[i]) { x[i] = x[i] - y[(i + 6) % n]; }  // do not NOREFACTORize
  // NOREFACTORING is a word of its own
  upc_forall(int i = 0, i < n, i++, &x[i]) { x[i] = x[i] + y[(i + 7) % n]; }
}
