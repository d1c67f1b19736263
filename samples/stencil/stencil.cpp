// stencil: the Stencil case study of Cong et al., section 5: a 2-D 5-point Jacobi sweep over a grid
// distributed in bands of rows, with two grids swapped every iteration. Each point is computed by the
// thread that owns it and reads its four neighbours through the shared arrays: the reads are remote only
// at the borders of the bands. Verified bit for bit against a sequential computation.
#include <pgas/upc.hpp>
#include <utility>

#include "grid.hpp"
#include "sample.hpp"

using namespace pgas;

void sweep(long rows, long cols, const stencil::Grid &next, const stencil::Grid &cur) {
  for (long i = 1; i < rows - 1; ++i) {
    upc_forall(long j = 1, j < cols - 1, j++, &next[i][j]) {
      next[i][j] = stencil::jacobi(cur[i - 1][j], cur[i + 1][j], cur[i][j - 1], cur[i][j + 1]);
    }
  }
}

int main(int argc, char **argv) {
  stencil::Options o =
      stencil::parse("stencil", "5-point Jacobi sweeps over a grid distributed in bands of rows", argc, argv);
  stencil::Grid a = stencil::make_grid(o, "a");
  stencil::Grid b = stencil::make_grid(o, "b");
  stencil::initialize(a, b, o);

  const stencil::Grid *cur = &a, *next = &b;
  samples::Timer timer;
  for (long it = 0; it < o.iterations; ++it) {
    sweep(o.rows, o.cols, *next, *cur);
    upc_barrier;
    std::swap(cur, next);
  }
  double seconds = timer.seconds();
  return stencil::verify("stencil", *cur, o, seconds);
}
