// stencil_manual: stencil tuned by hand. Each sweep fetches the two halo rows (the last row of the band
// above, the first row of the band below) with one upc_memget each into private buffers, then computes its
// band through local pointers. Same result as stencil, bit for bit.
#include <algorithm>
#include <pgas/upc.hpp>
#include <utility>
#include <vector>

#include "grid.hpp"
#include "sample.hpp"

using namespace pgas;

void sweep_manual(const stencil::Grid &next, const stencil::Grid &cur, stencil::Band band,
                  std::vector<double> &above, std::vector<double> &below) {
  const long rows = static_cast<long>(cur.rows()), cols = static_cast<long>(cur.cols());
  if (band.lo >= band.hi) return;
  const std::size_t row_bytes = static_cast<std::size_t>(cols) * sizeof(double);
  if (band.lo > 0) upc_memget(above.data(), &cur[band.lo - 1][0], row_bytes);
  if (band.hi < rows) upc_memget(below.data(), &cur[band.hi][0], row_bytes);

  const double *src = cur.flat().local_part().data();
  double *dst = next.flat().local_part().data();
  for (long i = std::max(band.lo, 1L); i < std::min(band.hi, rows - 1); ++i) {
    const double *row = src + (i - band.lo) * cols;
    const double *up = i - 1 >= band.lo ? row - cols : above.data();
    const double *down = i + 1 < band.hi ? row + cols : below.data();
    double *out = dst + (i - band.lo) * cols;
    for (long j = 1; j < cols - 1; ++j) out[j] = stencil::jacobi(up[j], down[j], row[j - 1], row[j + 1]);
  }
}

int main(int argc, char **argv) {
  stencil::Options o =
      stencil::parse("stencil_manual",
                     "5-point Jacobi sweeps, halo rows fetched in bulk, bands computed locally", argc, argv);
  stencil::Grid a = stencil::make_grid(o, "a");
  stencil::Grid b = stencil::make_grid(o, "b");
  stencil::initialize(a, b, o);

  const stencil::Band band = stencil::band_of(o.rows, MYTHREAD);
  std::vector<double> above(static_cast<std::size_t>(o.cols)), below(static_cast<std::size_t>(o.cols));
  const stencil::Grid *cur = &a, *next = &b;
  samples::Timer timer;
  for (long it = 0; it < o.iterations; ++it) {
    sweep_manual(*next, *cur, band, above, below);
    upc_barrier;
    std::swap(cur, next);
  }
  double seconds = timer.seconds();
  return stencil::verify("stencil_manual", *cur, o, seconds);
}
