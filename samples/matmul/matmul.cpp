// matmul: the dense matrix multiply of the classic UPC benchmarks, c = a * b, written as a UPC programmer
// writes it: a upc_forall over the rows of c (each thread computes the rows it owns) whose body is ordinary
// for loops over j and l reading b[l][j]. a's and c's rows are local; b is cyclic, so most of its reads are
// remote, one transport call each. Verified against a sequential computation.
#include <pgas/upc.hpp>

#include "matmul_common.hpp"

using namespace pgas;

void multiply(long m, long n, long p, const matmul::Matrix &a, const matmul::Matrix &b,
              const matmul::Matrix &c) {
  upc_forall(long i = 0, i < m, i++, &c[i][0]) {
    for (long j = 0; j < p; ++j) {
      double sum = 0;
      for (long l = 0; l < n; ++l) sum += a[i][l] * b[l][j];
      c[i][j] = sum;
    }
  }
}

int main(int argc, char **argv) {
  return matmul::run("matmul",
                     "dense c = a * b: rows of a and c one per block, b cyclic, read element by element",
                     argc, argv, [](const matmul::Matrices &mats, const matmul::Options &o) {
                       multiply(o.m, o.n, o.p, mats.a, mats.b, mats.c);
                     });
}
