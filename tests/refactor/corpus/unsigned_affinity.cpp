// ARGS: --array A --chunk 8
// An unsigned affinity that wraps below 0 (`i - 1` from 0): its residues modulo THREADS start again at the
// wrap, which 3 and 6 threads do not divide. Every iteration must run exactly once.
#include <cstddef>
#include <cstdio>
#include <pgas/upc.hpp>

using namespace pgas;

int main() {
  const std::size_t n = 301;
  shared_array<long> A(n, 1, "A"), C(n, 1, "C");
  upc_forall(std::size_t i = 0, i < n, i++, &A[i]) {
    A[i] = static_cast<long>(i * i % 1009);
    C[i] = 0;
  }
  upc_barrier;
  upc_forall(std::size_t i = 0, i < n, i++, i - 1) { C[i] = C[i] + A[(i * 7) % n]; }
  upc_barrier;
  upc_forall(unsigned i = 0, i < 40u, i++, i - 5u) { C[i] = C[i] + A[(i * 3) % n]; }
  upc_barrier;
  if (MYTHREAD == 0)
    for (std::size_t i = 0; i < n; ++i) std::printf("%ld\n", static_cast<long>(C[i]));
  return 0;
}
