// matmul_manual: matmul tuned by hand. Before the product each thread prefetches all of b into a private
// row-major copy with one bulk transfer per owner thread (b is cyclic: thread t's part holds the elements
// t, t + THREADS, ... of the linearized matrix, contiguous in its memory), then computes the rows of c it
// owns from its local rows of a through local pointers. Same verification as matmul.
#include <pgas/upc.hpp>
#include <vector>

#include "matmul_common.hpp"

using namespace pgas;

void multiply_manual(long m, long n, long p, const matmul::Matrix &a, const matmul::Matrix &b,
                     const matmul::Matrix &c, std::vector<double> &b_copy, std::vector<double> &part) {
  const auto threads = static_cast<std::size_t>(THREADS), count = static_cast<std::size_t>(n * p);
  for (std::size_t t = 0; t < threads && t < count; ++t) {
    part.resize(layout::local_count(count, 1, threads, t));
    upc_memget(part.data(), &b.flat()[t], part.size() * sizeof(double));
    for (std::size_t k = 0; k < part.size(); ++k) b_copy[k * threads + t] = part[k];
  }
  // Row i of a and of c is local row i / THREADS of this thread's part.
  const double *a_mine = a.flat().local_part().data();
  double *c_mine = c.flat().local_part().data();
  for (long i = MYTHREAD; i < m; i += THREADS) {
    const double *a_row = a_mine + (i / THREADS) * n;
    double *c_row = c_mine + (i / THREADS) * p;
    for (long j = 0; j < p; ++j) {
      double sum = 0;
      for (long l = 0; l < n; ++l) sum += a_row[l] * b_copy[static_cast<std::size_t>(l * p + j)];
      c_row[j] = sum;
    }
  }
}

int main(int argc, char **argv) {
  std::vector<double> b_copy, part;
  return matmul::run("matmul_manual",
                     "matmul tuned by hand: b prefetched by one bulk transfer per owner, local rows", argc,
                     argv, [&](const matmul::Matrices &mats, const matmul::Options &o) {
                       b_copy.resize(static_cast<std::size_t>(o.n * o.p));
                       multiply_manual(o.m, o.n, o.p, mats.a, mats.b, mats.c, b_copy, part);
                     });
}
