// What stencil and stencil_manual share: the command line, the grid's distribution (a band of whole rows
// per thread), its seeded initial values, the Jacobi update, the sequential reference and the verification.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <pgas/upc.hpp>
#include <source_location>
#include <string>
#include <vector>

#include "sample.hpp"

namespace stencil {

using Grid = pgas::shared_array2d<double>;

struct Options {
  long rows, cols, iterations, seed;
  bool inject_error;
};

inline Options parse(const char *name, const char *summary, int argc, char **argv) {
  samples::CommandLine args(
      name, summary,
      {{"--rows", 512, "grid rows (at least 3)"},
       {"--cols", 512, "grid columns (at least 3)"},
       {"--iterations", 10, "Jacobi sweeps"},
       {"--seed", 1, "seed of the initial values"},
       {"--inject-error", 0, "1: corrupt one result before verifying (tests the check)"}});
  args.parse(argc, argv);
  Options o{args["--rows"], args["--cols"], args["--iterations"], args["--seed"],
            args["--inject-error"] != 0};
  if (o.rows < 3 || o.cols < 3) {
    std::fprintf(stderr, "%s: the grid needs at least 3 rows and 3 columns\n", name);
    std::exit(2);
  }
  return o;
}

// Rows [lo, hi) of the grid, the band one thread owns: ceil(rows / THREADS) rows per thread, so the last
// bands may be shorter or empty.
struct Band {
  long lo, hi;
};

inline long rows_per_thread(long rows) { return (rows + THREADS - 1) / THREADS; }

inline Band band_of(long rows, int thread) {
  long lo = std::min(rows, thread * rows_per_thread(rows));
  return {lo, std::min(rows, lo + rows_per_thread(rows))};
}

// Collective: a rows x cols grid whose block is one band of rows. `loc` is the declaring line tools show.
inline Grid make_grid(const Options &o, const char *name,
                      std::source_location loc = std::source_location::current()) {
  return Grid(static_cast<std::size_t>(o.rows), static_cast<std::size_t>(o.cols),
              static_cast<std::size_t>(rows_per_thread(o.rows) * o.cols), name, loc);
}

inline double initial_value(long i, long j, const Options &o) {
  std::uint64_t z = static_cast<std::uint64_t>(o.seed) * 0x9E3779B97F4A7C15ull +
                    static_cast<std::uint64_t>(i * o.cols + j);  // splitmix64
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  z ^= z >> 31;
  return static_cast<double>(z >> 11) * 0x1.0p-53;
}

// The one expression every variant and the reference use, so that results agree bit for bit.
inline double jacobi(double up, double down, double left, double right) {
  return 0.25 * (up + down + left + right);
}

// Collective: both grids get the initial values; the boundary is never written afterwards.
inline void initialize(const Grid &a, const Grid &b, const Options &o) {
  for (long i = 0; i < o.rows; ++i) {
    upc_forall(long j = 0, j < o.cols, j++, &a[i][j]) {
      a[i][j] = initial_value(i, j, o);
      b[i][j] = initial_value(i, j, o);
    }
  }
  upc_barrier;
}

// The final grid computed sequentially, row-major.
inline std::vector<double> reference(const Options &o) {
  const long cols = o.cols;
  std::vector<double> cur(static_cast<std::size_t>(o.rows * cols)), next;
  for (long i = 0; i < o.rows; ++i)
    for (long j = 0; j < cols; ++j) cur[i * cols + j] = initial_value(i, j, o);
  next = cur;
  for (long it = 0; it < o.iterations; ++it) {
    for (long i = 1; i < o.rows - 1; ++i)
      for (long j = 1; j < cols - 1; ++j)
        next[i * cols + j] = jacobi(cur[(i - 1) * cols + j], cur[(i + 1) * cols + j], cur[i * cols + j - 1],
                                    cur[i * cols + j + 1]);
    cur.swap(next);
  }
  return cur;
}

// The whole grid on the calling thread, row-major: one upc_memget per band.
inline std::vector<double> gather(const Grid &g) {
  const long rows = static_cast<long>(g.rows()), cols = static_cast<long>(g.cols());
  std::vector<double> out(static_cast<std::size_t>(rows * cols));
  for (int t = 0; t < THREADS; ++t) {
    Band b = band_of(rows, t);
    if (b.lo < b.hi)
      upc_memget(&out[b.lo * cols], &g[b.lo][0],
                 static_cast<std::size_t>((b.hi - b.lo) * cols) * sizeof(double));
  }
  return out;
}

// Collective: thread 0 compares `result` with the reference (exact equality) and prints the verification
// line. Returns the exit status.
inline int verify(const char *name, const Grid &result, const Options &o, double seconds) {
  if (o.inject_error && MYTHREAD == 0) result[o.rows / 2][o.cols / 2] = result[o.rows / 2][o.cols / 2] + 1.0;
  upc_barrier;
  int status = 0;
  if (MYTHREAD == 0) {
    std::vector<double> got = gather(result), expected = reference(o);
    long errors = 0;
    for (std::size_t k = 0; k < got.size(); ++k) errors += got[k] != expected[k];
    status = samples::report(name,
                             "rows=" + std::to_string(o.rows) + " cols=" + std::to_string(o.cols) +
                                 " iterations=" + std::to_string(o.iterations) +
                                 " threads=" + std::to_string(THREADS),
                             seconds, errors == 0);
  }
  upc_barrier;
  return status;
}

}  // namespace stencil
