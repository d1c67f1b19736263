// What matmul and its variants share: the command line, the distribution of the matrices (the classic UPC
// benchmark's `shared [N] double a[M][N], c[M][P]; shared double b[N][P];`: a row of a and of c per block,
// so row i is on thread i % THREADS, and b cyclic), their seeded initial values, the sequential reference
// and the verification.
#pragma once

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <pgas/upc.hpp>
#include <string>
#include <vector>

#include "sample.hpp"

namespace matmul {

using Matrix = pgas::shared_array2d<double>;

struct Options {
  long m, n, p, repeat, seed;
  bool inject_error;
};

inline Options parse(const char *name, const char *summary, int argc, char **argv) {
  samples::CommandLine args(
      name, summary,
      {{"--m", 64, "rows of a and c"},
       {"--n", 64, "columns of a, rows of b"},
       {"--p", 64, "columns of b and c"},
       {"--repeat", 1, "times the product is computed"},
       {"--seed", 1, "seed of the initial values"},
       {"--inject-error", 0, "1: corrupt one result before verifying (tests the check)"}});
  args.parse(argc, argv);
  Options o{args["--m"],      args["--n"],    args["--p"],
            args["--repeat"], args["--seed"], args["--inject-error"] != 0};
  if (o.m < 1 || o.n < 1 || o.p < 1) {
    std::fprintf(stderr, "%s: the matrices need at least one row and one column\n", name);
    std::exit(2);
  }
  return o;
}

// Small integers, so that every sum is exact and any summation order gives the same bits.
inline double initial_a(long i, long l, long seed) {
  return static_cast<double>((i * 7 + l * 3 + seed) % 11) - 5;
}
inline double initial_b(long l, long j, long seed) {
  return static_cast<double>((l * 5 + j * 13 + seed) % 9) - 4;
}

// The three matrices of the product, a and b filled, c zero (collective).
struct Matrices {
  explicit Matrices(const Options &o)
      : a(static_cast<std::size_t>(o.m), static_cast<std::size_t>(o.n), static_cast<std::size_t>(o.n), "a"),
        b(static_cast<std::size_t>(o.n), static_cast<std::size_t>(o.p), 1, "b"),
        c(static_cast<std::size_t>(o.m), static_cast<std::size_t>(o.p), static_cast<std::size_t>(o.p), "c") {
    for (long i = 0; i < o.m; ++i)
      upc_forall(long l = 0, l < o.n, l++, &a[i][l]) a[i][l] = initial_a(i, l, o.seed);
    for (long l = 0; l < o.n; ++l)
      upc_forall(long j = 0, j < o.p, j++, &b[l][j]) b[l][j] = initial_b(l, j, o.seed);
    upc_barrier;
  }
  Matrix a, b, c;
};

// Collective: thread 0 compares c with the product computed sequentially and prints the verification line.
// Returns the exit status.
inline int verify(const char *name, const Matrix &c, const Options &o, double seconds) {
  if (o.inject_error && MYTHREAD == 0) c[o.m / 2][o.p / 2] = c[o.m / 2][o.p / 2] + 1.0;
  upc_barrier;
  int status = 0;
  if (MYTHREAD == 0) {
    std::vector<double> row(static_cast<std::size_t>(o.p));
    long errors = 0;
    for (long i = 0; i < o.m; ++i) {
      upc_memget(row.data(), &c[i][0], row.size() * sizeof(double));  // a row is one block
      for (long j = 0; j < o.p; ++j) {
        double expected = 0;
        for (long l = 0; l < o.n; ++l) expected += initial_a(i, l, o.seed) * initial_b(l, j, o.seed);
        errors += row[static_cast<std::size_t>(j)] != expected;
      }
    }
    status = samples::report(name,
                             "m=" + std::to_string(o.m) + " n=" + std::to_string(o.n) +
                                 " p=" + std::to_string(o.p) + " repeat=" + std::to_string(o.repeat) +
                                 " threads=" + std::to_string(THREADS),
                             seconds, errors == 0);
  }
  upc_barrier;
  return status;
}

// The whole program: parses the command line, builds the matrices, times `kernel(matrices, options)`
// `repeat` times (with a barrier after each) and verifies.
template <class Kernel>
int run(const char *name, const char *summary, int argc, char **argv, Kernel kernel) {
  const Options o = parse(name, summary, argc, argv);
  Matrices mats(o);
  samples::Timer timer;
  for (long r = 0; r < o.repeat; ++r) {
    kernel(mats, o);
    upc_barrier;
  }
  return verify(name, mats.c, o, timer.seconds());
}

}  // namespace matmul
