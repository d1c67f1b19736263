// ARGS: --array A
// A loop in a template is seen once (in its pattern, never in its instantiations) and reported: the
// array's element type is not known there.
#include <pgas/upc.hpp>

using namespace pgas;

template <class T>
void shifted(const shared_array<T> &A, int n, T *out) {
  upc_forall(int i = 0, i < n, i++, i) { out[i] = A[(i + 1) % n]; }
}

template void shifted<int>(const shared_array<int> &, int, int *);
template void shifted<double>(const shared_array<double> &, int, double *);

// Expected diagnostics:
// CHECK: input.cpp:10:3: warning: not rewritten: the type of 'A' depends on a template parameter
// CHECK: input.cpp:10:51: note: rewrite a non-template copy, or the loop by hand
