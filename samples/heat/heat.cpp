// heat: a 1-D heat equation solved by Jacobi iteration, u'[i] = u[i] + alpha * ((u[i-1] - u[i]) +
// (u[i+1] - u[i])), ends held fixed, on --cells cells split into one contiguous band per thread. Each
// iteration a thread needs one halo value from each neighbour. The pipelined version (the default) sends
// its two border values with upc_memput_signal_async to the neighbours only, computes the interior of its
// band while they are in flight, then waits for its own two halos and computes its two border cells, so
// threads synchronize pairwise and communication overlaps computation; --barrier 1 writes the halos with
// plain puts and separates iterations with upc_barrier. Halo slots, their semaphores and the outgoing
// border values are double-buffered by iteration parity: a neighbour can be at most one iteration ahead,
// and an outgoing value is rewritten two iterations later, after this thread received the neighbour's next
// halo, which the neighbour sent only after its wait had consumed this one (the user's synchronization
// from the target that upc_memput_signal_async requires before its source is reused). Verified bit for
// bit against a sequential run with the same arithmetic.
#include <algorithm>
#include <cstdio>
#include <pgas/upc.hpp>
#include <string>
#include <vector>

#include "sample.hpp"

using namespace pgas;

namespace {

constexpr double kAlpha = 0.25;

double initial(long i) { return static_cast<double>((i * 37) % 101) / 100.0; }

double step(double left, double mid, double right) { return mid + kAlpha * ((left - mid) + (right - mid)); }

// This thread's band [lo, hi) of `cells` cells in bands of `band` cells (empty past the end).
struct Band {
  long lo, hi;
  bool has_left, has_right;  // a neighbour with cells on that side
};

Band band_of(int thread, long cells, long band) {
  const long lo = std::min(cells, thread * band), hi = std::min(cells, lo + band);
  return {lo, hi, lo < hi && lo > 0, lo < hi && hi < cells};
}

// One iteration of the band's cells [from, to) into `next` (`halo_left`, `halo_right`: the neighbours'
// borders, read only for the band's first and last cell).
void update(const std::vector<double> &u, std::vector<double> &next, const Band &b, long cells,
            double halo_left, double halo_right, long from, long to) {
  const long n = b.hi - b.lo;
  for (long k = from; k < to; ++k) {
    const long i = b.lo + k;
    if (i == 0 || i == cells - 1) {
      next[static_cast<std::size_t>(k)] = u[static_cast<std::size_t>(k)];
      continue;
    }
    const double left = k == 0 ? halo_left : u[static_cast<std::size_t>(k - 1)];
    const double right = k == n - 1 ? halo_right : u[static_cast<std::size_t>(k + 1)];
    next[static_cast<std::size_t>(k)] = step(left, u[static_cast<std::size_t>(k)], right);
  }
}

// One whole iteration of the band in place.
void update(std::vector<double> &u, std::vector<double> &next, const Band &b, long cells, double halo_left,
            double halo_right) {
  update(u, next, b, cells, halo_left, halo_right, 0, b.hi - b.lo);
  u.swap(next);
}

// halos: 4 slots per thread, [4t + 2 * parity + side], side 0 = the left neighbour's border, 1 = the right's.
std::size_t slot(int thread, long iteration, int side) {
  return static_cast<std::size_t>(4 * thread + 2 * (iteration % 2) + side);
}

void solve(std::vector<double> &u, const Band &b, long cells, long iterations, bool with_barrier) {
  shared_array<double> halos(4 * static_cast<std::size_t>(THREADS), 4);
  shared_array<upc_sem_t *> arrived(2 * static_cast<std::size_t>(THREADS), 2);
  upc_sem_t *mine[2] = {upc_sem_alloc(UPC_SEM_INTEGER | UPC_SEM_MPRODUCER | UPC_SEM_SCONSUMER),
                        upc_sem_alloc(UPC_SEM_INTEGER | UPC_SEM_MPRODUCER | UPC_SEM_SCONSUMER)};
  arrived[2 * MYTHREAD] = mine[0];
  arrived[2 * MYTHREAD + 1] = mine[1];
  upc_barrier;
  upc_sem_t *left_sems[2] = {
      b.has_left ? static_cast<upc_sem_t *>(arrived[2 * (MYTHREAD - 1)]) : nullptr,
      b.has_left ? static_cast<upc_sem_t *>(arrived[2 * (MYTHREAD - 1) + 1]) : nullptr};
  upc_sem_t *right_sems[2] = {
      b.has_right ? static_cast<upc_sem_t *>(arrived[2 * (MYTHREAD + 1)]) : nullptr,
      b.has_right ? static_cast<upc_sem_t *>(arrived[2 * (MYTHREAD + 1) + 1]) : nullptr};
  const std::size_t neighbours = (b.has_left ? 1 : 0) + (b.has_right ? 1 : 0);
  std::vector<double> next(u.size());
  const long n = b.hi - b.lo;
  double outgoing[2][2];  // [parity][side]: the border values in flight
  auto halo = [&](long it, int side, bool present) {
    return present ? static_cast<double>(halos[slot(MYTHREAD, it, side)]) : 0.0;
  };
  for (long it = 0; it < iterations; ++it) {
    const int parity = static_cast<int>(it % 2);
    if (with_barrier) {
      if (b.has_left) halos[slot(MYTHREAD - 1, it, 1)] = u.front();  // my first cell: its right halo
      if (b.has_right) halos[slot(MYTHREAD + 1, it, 0)] = u.back();
      upc_barrier;
      if (n > 0) update(u, next, b, cells, halo(it, 0, b.has_left), halo(it, 1, b.has_right));
      continue;
    }
    if (b.has_left) {
      outgoing[parity][0] = u.front();
      upc_memput_signal_async(&halos[slot(MYTHREAD - 1, it, 1)], &outgoing[parity][0], sizeof(double),
                              left_sems[parity], 1);
    }
    if (b.has_right) {
      outgoing[parity][1] = u.back();
      upc_memput_signal_async(&halos[slot(MYTHREAD + 1, it, 0)], &outgoing[parity][1], sizeof(double),
                              right_sems[parity], 1);
    }
    if (n > 2) update(u, next, b, cells, 0.0, 0.0, 1, n - 1);  // the interior needs no halo
    if (neighbours != 0) upc_sem_waitN(mine[parity], neighbours);
    if (n > 0) {
      const double left = halo(it, 0, b.has_left), right = halo(it, 1, b.has_right);
      update(u, next, b, cells, left, right, 0, 1);
      if (n > 1) update(u, next, b, cells, left, right, n - 1, n);
      u.swap(next);
    }
  }
  upc_barrier;
  upc_sem_free(mine[0]);
  upc_sem_free(mine[1]);
}

std::vector<double> sequential(long cells, long iterations) {
  std::vector<double> u(static_cast<std::size_t>(cells)), next(u.size());
  for (long i = 0; i < cells; ++i) u[static_cast<std::size_t>(i)] = initial(i);
  for (long it = 0; it < iterations; ++it) update(u, next, {0, cells, false, false}, cells, 0.0, 0.0);
  return u;
}

}  // namespace

int main(int argc, char **argv) {
  samples::CommandLine args(
      "heat", "1-D Jacobi heat equation, halos by upc_memput_signal (or barriers)",
      {{"--cells", 100000, "cells of the rod (at least 1)"},
       {"--iterations", 200, "Jacobi iterations"},
       {"--barrier", 0, "1: separate iterations with upc_barrier instead of semaphores"},
       {"--inject-error", 0, "1: corrupt one cell before verifying"}});
  args.parse(argc, argv);
  const long cells = args["--cells"], iterations = args["--iterations"];
  const bool with_barrier = args["--barrier"] != 0;
  if (cells < 1) {
    std::fprintf(stderr, "heat: --cells must be at least 1\n");
    return 2;
  }
  const long band = (cells + THREADS - 1) / THREADS;
  const Band b = band_of(MYTHREAD, cells, band);
  std::vector<double> u(static_cast<std::size_t>(b.hi - b.lo));
  for (long i = b.lo; i < b.hi; ++i) u[static_cast<std::size_t>(i - b.lo)] = initial(i);

  upc_barrier;
  samples::Timer timer;
  solve(u, b, cells, iterations, with_barrier);
  const double seconds = timer.seconds();

  shared_array<double> rod(static_cast<std::size_t>(band * THREADS), static_cast<std::size_t>(band));
  if (!u.empty()) upc_memput(&rod[static_cast<std::size_t>(b.lo)], u.data(), u.size() * sizeof(double));
  upc_barrier;
  if (args["--inject-error"] != 0 && MYTHREAD == 0) rod[static_cast<std::size_t>(cells / 2)] = -1.0;
  upc_barrier;
  int status = 0;
  if (MYTHREAD == 0) {
    const std::vector<double> expected = sequential(cells, iterations);
    long mismatches = 0;
    for (long i = 0; i < cells; ++i)
      mismatches += rod[static_cast<std::size_t>(i)] != expected[static_cast<std::size_t>(i)];
    const std::string details = std::string("variant=") + (with_barrier ? "barrier" : "memput_signal") +
                                " threads=" + std::to_string(THREADS) + " cells=" + std::to_string(cells) +
                                " iterations=" + std::to_string(iterations) +
                                " mismatches=" + std::to_string(mismatches);
    status = samples::report("heat", details, seconds, mismatches == 0);
  }
  upc_barrier;
  return status;
}
