// summa: dense matrix multiply C = A * B by SUMMA (van de Geijn and Watts) on a pr x pc grid of threads,
// with the Collectives 2.0 library (pgas/upccoll.h). pr is the largest divisor of THREADS not above its
// square root (a prime number of threads gives a 1 x THREADS grid). Thread (r, c) owns block (r, c) of C:
// A's rows are split over the grid rows and its columns over the grid columns, B's rows over the grid rows
// and its columns over the grid columns. For each panel of A's columns and B's rows, the thread holding the
// panel of A broadcasts it along its grid row and the one holding the panel of B along its grid column
// (upccoll_bcast on row and column teams made by upccoll_team_split, non-blocking: the next panel travels
// while this one is multiplied); every thread then adds the panels' product to its block. Elements are small
// integers, so the product is exact in any order: each thread checks its block against a sequential multiply
// of the elements' formulas, and an upccoll_reduce adds up the mismatches on thread 0.
#include <algorithm>
#include <array>
#include <pgas/upc.hpp>
#include <string>
#include <vector>

#include "collectives.hpp"
#include "sample.hpp"

using samples::check;
using samples::MyBuffer;

namespace {

struct Sizes {
  long m, k, n, panel, seed;  // C is m x n, A m x k, B k x n
  bool lookahead;
};

double a_of(const Sizes &s, long i, long l) { return static_cast<double>((i * 7 + l * 3 + s.seed) % 11 - 5); }
double b_of(const Sizes &s, long l, long j) { return static_cast<double>((l * 5 + j * 2 + s.seed) % 13 - 6); }

// Part p of `total` indices split into `parts` nearly equal ranges: [first(p), first(p + 1)).
long first(long total, long parts, long p) { return p * total / parts; }
long part_of(long total, long parts, long index) {
  long p = 0;
  while (first(total, parts, p + 1) <= index) ++p;
  return p;
}

// The thread grid, this thread's place in it and the ranges of the matrices it holds.
struct Grid {
  explicit Grid(const Sizes &s) {
    for (long d = 1; d * d <= THREADS; ++d)
      if (THREADS % d == 0) rows = d;
    cols = THREADS / rows;
    row = MYTHREAD / cols;
    col = MYTHREAD % cols;
    m0 = first(s.m, rows, row), m1 = first(s.m, rows, row + 1);    // rows of A and C
    n0 = first(s.n, cols, col), n1 = first(s.n, cols, col + 1);    // columns of B and C
    ka0 = first(s.k, cols, col), ka1 = first(s.k, cols, col + 1);  // columns of A
    kb0 = first(s.k, rows, row), kb1 = first(s.k, rows, row + 1);  // rows of B
  }
  long rows = 1, cols = 1, row = 0, col = 0;
  long m0, m1, n0, n1, ka0, ka1, kb0, kb1;
};

// The panels of the k dimension: at most --panel wide, each inside one grid column's columns of A and one
// grid row's rows of B (owned by a_owner and b_owner).
struct Panel {
  long k0, k1, a_owner, b_owner;
};
std::vector<Panel> panels_of(const Sizes &s, const Grid &g) {
  std::vector<Panel> panels;
  for (long k0 = 0; k0 < s.k;) {
    const long a_owner = part_of(s.k, g.cols, k0), b_owner = part_of(s.k, g.rows, k0);
    const long k1 =
        std::min({k0 + s.panel, first(s.k, g.cols, a_owner + 1), first(s.k, g.rows, b_owner + 1)});
    panels.push_back({k0, k1, a_owner, b_owner});
    k0 = k1;
  }
  return panels;
}

// Collective: C's block of this thread (row-major), from A's block (column-major, so that a panel of
// columns is contiguous) and B's block (row-major, so that a panel of rows is). The broadcasts of panel p + 1
// are started (non-blocking, with handles) before panel p is multiplied, into the other half of the panel
// buffers; panel p's are waited for first. Without lookahead they start after it: one panel at a time.
void summa(const Sizes &s, const Grid &g, const MyBuffer<double> &a, const MyBuffer<double> &b,
           const MyBuffer<double> &c) {
  upccoll_team_t row_team = nullptr, col_team = nullptr;
  check(upccoll_team_split(UPC_TEAM_ALL, static_cast<int>(g.row), static_cast<int>(g.col), &row_team),
        "upccoll_team_split");
  check(upccoll_team_split(UPC_TEAM_ALL, static_cast<int>(g.col), static_cast<int>(g.row), &col_team),
        "upccoll_team_split");
  const auto mb = static_cast<std::size_t>(g.m1 - g.m0), nb = static_cast<std::size_t>(g.n1 - g.n0);
  const auto width = static_cast<std::size_t>(s.panel);
  MyBuffer<double> a_panels(2 * mb * width), b_panels(2 * width * nb);  // two panels each, used alternately
  const std::vector<Panel> panels = panels_of(s, g);
  using Handles = std::array<upccoll_handle_t, 2>;
  const auto start = [&](std::size_t p) {
    const Panel &panel = panels[p];
    const auto w = static_cast<std::size_t>(panel.k1 - panel.k0), half = p % 2;
    Handles handles{nullptr, nullptr};
    // Every member of a row team has the same rows (of a column team the same columns): all or none skip.
    if (mb > 0) {
      const long from = g.col == panel.a_owner ? panel.k0 - g.ka0 : 0;  // only the root's is read
      check(upccoll_bcast(a.at(static_cast<std::size_t>(from) * mb), mb * w, UPC_DOUBLE,
                          a_panels.at(half * mb * width), mb * w, UPC_DOUBLE, static_cast<int>(panel.a_owner),
                          row_team, 0, &handles[0]),
            "upccoll_bcast");
    }
    if (nb > 0) {
      const long from = g.row == panel.b_owner ? panel.k0 - g.kb0 : 0;
      check(upccoll_bcast(b.at(static_cast<std::size_t>(from) * nb), w * nb, UPC_DOUBLE,
                          b_panels.at(half * width * nb), w * nb, UPC_DOUBLE, static_cast<int>(panel.b_owner),
                          col_team, 0, &handles[1]),
            "upccoll_bcast");
    }
    return handles;
  };
  Handles current = start(0);
  for (std::size_t p = 0; p < panels.size(); ++p) {
    const bool more = p + 1 < panels.size();
    Handles next{nullptr, nullptr};
    if (more && s.lookahead) next = start(p + 1);
    for (upccoll_handle_t handle : current)
      if (handle != nullptr) upccoll_wait(handle);
    const auto w = static_cast<std::size_t>(panels[p].k1 - panels[p].k0), half = p % 2;
    const double *a_panel = a_panels.data() + half * mb * width,
                 *b_panel = b_panels.data() + half * width * nb;
    for (std::size_t i = 0; i < mb; ++i)
      for (std::size_t l = 0; l < w; ++l) {
        const double x = a_panel[l * mb + i];
        const double *brow = b_panel + l * nb;
        double *crow = c.data() + i * nb;
        for (std::size_t j = 0; j < nb; ++j) crow[j] += x * brow[j];
      }
    if (more && !s.lookahead) next = start(p + 1);
    current = next;
  }
  upccoll_team_free(col_team);
  upccoll_team_free(row_team);
}

// Collective: every thread compares its block of C with the sequential product of A's and B's formulas;
// thread 0 receives the sums of the mismatches and of the elements checked (upccoll_reduce) and prints the
// verification line. Returns the exit status.
int verify(const Sizes &s, const Grid &g, const MyBuffer<double> &c, double seconds) {
  MyBuffer<long> counts(4);  // this thread's mismatches and elements checked, then the totals (thread 0)
  const auto nb = static_cast<std::size_t>(g.n1 - g.n0);
  for (long i = g.m0; i < g.m1; ++i)
    for (long j = g.n0; j < g.n1; ++j) {
      double expected = 0;
      for (long l = 0; l < s.k; ++l) expected += a_of(s, i, l) * b_of(s, l, j);
      if (c[static_cast<std::size_t>(i - g.m0) * nb + static_cast<std::size_t>(j - g.n0)] != expected)
        ++counts[0];
      ++counts[1];
    }
  check(upccoll_reduce(counts.at(0), counts.at(2), 2, UPC_LONG, UPC_ADD, 0, UPC_TEAM_ALL, 0, nullptr),
        "upccoll_reduce");
  if (MYTHREAD != 0) return 0;
  const double flops = 2.0 * static_cast<double>(s.m) * static_cast<double>(s.k) * static_cast<double>(s.n);
  return samples::report(
      "summa",
      "m=" + std::to_string(s.m) + " k=" + std::to_string(s.k) + " n=" + std::to_string(s.n) +
          " panel=" + std::to_string(s.panel) + " lookahead=" + std::to_string(s.lookahead ? 1 : 0) +
          " threads=" + std::to_string(THREADS) + " grid=" + std::to_string(g.rows) + "x" +
          std::to_string(g.cols) + " gflops=" + std::to_string(seconds > 0 ? flops / seconds / 1e9 : 0.0),
      seconds, counts[2] == 0 && counts[3] == s.m * s.n);
}

}  // namespace

int main(int argc, char **argv) {
  samples::CommandLine args("summa",
                            "dense matrix multiply C = A * B by SUMMA on a 2-D thread grid: panels broadcast "
                            "on row and column teams (Collectives 2.0)",
                            {{"--m", 256, "rows of A and C"},
                             {"--k", 256, "columns of A, rows of B"},
                             {"--n", 256, "columns of B and C"},
                             {"--panel", 32, "panel width (columns of A, rows of B per broadcast)"},
                             {"--lookahead", 1,
                              "1: the next panel's broadcasts run while this one is multiplied; 0: one "
                              "panel at a time"},
                             {"--seed", 1, "seed of the elements"}});
  args.parse(argc, argv);
  const Sizes s{args["--m"],     args["--k"],    args["--n"],
                args["--panel"], args["--seed"], args["--lookahead"] != 0};
  for (const char *flag : {"--m", "--k", "--n", "--panel"})
    if (args[flag] < 1) {
      if (MYTHREAD == 0) std::fprintf(stderr, "summa: %s must be at least 1\n", flag);
      upc_barrier;  // no thread ends the job (pgasrun stops it at the first failed thread) before the message
      return 2;
    }
  samples::Collectives library;
  const Grid g(s);
  const auto mb = static_cast<std::size_t>(g.m1 - g.m0), nb = static_cast<std::size_t>(g.n1 - g.n0);
  const auto ka = static_cast<std::size_t>(g.ka1 - g.ka0), kb = static_cast<std::size_t>(g.kb1 - g.kb0);
  MyBuffer<double> a(mb * ka), b(kb * nb), c(mb * nb);
  for (std::size_t l = 0; l < ka; ++l)
    for (std::size_t i = 0; i < mb; ++i)
      a[l * mb + i] = a_of(s, g.m0 + static_cast<long>(i), g.ka0 + static_cast<long>(l));
  for (std::size_t l = 0; l < kb; ++l)
    for (std::size_t j = 0; j < nb; ++j)
      b[l * nb + j] = b_of(s, g.kb0 + static_cast<long>(l), g.n0 + static_cast<long>(j));
  upc_barrier;

  samples::Timer timer;
  summa(s, g, a, b, c);
  upc_barrier;
  const double seconds = timer.seconds();
  const int status = verify(s, g, c, seconds);
  upc_barrier;
  return status;
}
