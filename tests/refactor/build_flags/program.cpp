// pgas_refactor() parses the source with the rewritten target's own flags: ROWS is defined and sizes.hpp
// found only through the target_compile_definitions and target_include_directories added after the call.
#include <cstdio>
#include <pgas/upc.hpp>

#include "sizes.hpp"

#ifndef ROWS
#error "ROWS is not defined: the tool was not given the target's compile definitions"
#endif

using namespace pgas;

int main() {
  shared_array<int> A(ROWS * kCols, kCols, "A"), R(ROWS * kCols, 4, "R");
  upc_forall(int i = 0, i < ROWS * kCols, i++, &R[i]) { R[i] = i % 17; }
  upc_barrier;
  upc_forall(int i = 0, i < ROWS * kCols, i++, &A[i]) { A[i] = R[(i * 5) % (ROWS * kCols)] + R[i]; }
  upc_barrier;
  if (MYTHREAD == 0)
    for (int i = 0; i < ROWS * kCols; ++i) std::printf("%d\n", static_cast<int>(A[i]));
  return 0;
}
