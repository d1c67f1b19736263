// stencil_manual_cache: stencil with the software cache applied by hand, the way Cong et al. section 4
// applies it (an expert's version of the same inspector/executor): each thread's upc_forall runs over whole
// rows (the grid's blocks are bands of rows, so &next[i][0] names the row's owner), tiled by kTileRows rows;
// per tile a hint loop lists the four neighbours of every point, one download fetches the remote ones (the
// rows next to the band, one vector transfer per owner), the executor reads every neighbour from the cache
// (local ones are read in place) and writes next through its proxies, and an upload ends the tile.
// Verified bit for bit like stencil.
#include <algorithm>
#include <pgas/cache.hpp>
#include <pgas/upc.hpp>
#include <utility>

#include "grid.hpp"
#include "sample.hpp"

using namespace pgas;

namespace {

constexpr long kTileRows = 8;

void sweep(long rows, long cols, const stencil::Grid &next, pgas::cache<double> &cur_cache) {
  for (long tile = 1; tile < rows - 1; tile += kTileRows) {
    const long end = std::min(tile + kTileRows, rows - 1);
    upc_forall(long i = tile, i < end, i++, &next[i][0]) {
      for (long j = 1; j < cols - 1; ++j) {
        cur_cache.hint((i - 1) * cols + j);
        cur_cache.hint((i + 1) * cols + j);
        cur_cache.hint(i * cols + j - 1);
        cur_cache.hint(i * cols + j + 1);
      }
    }
    cur_cache.download();
    upc_forall(long i = tile, i < end, i++, &next[i][0]) {
      for (long j = 1; j < cols - 1; ++j)
        next[i][j] = stencil::jacobi(cur_cache.get((i - 1) * cols + j), cur_cache.get((i + 1) * cols + j),
                                     cur_cache.get(i * cols + j - 1), cur_cache.get(i * cols + j + 1));
    }
    cur_cache.upload();
  }
}

}  // namespace

int main(int argc, char **argv) {
  stencil::Options o =
      stencil::parse("stencil_manual_cache",
                     "stencil with the software cache applied by hand (Cong et al., section 4)", argc, argv);
  stencil::Grid a = stencil::make_grid(o, "a");
  stencil::Grid b = stencil::make_grid(o, "b");
  stencil::initialize(a, b, o);

  const stencil::Grid *cur = &a, *next = &b;
  const auto chunk = static_cast<std::size_t>(4 * kTileRows * o.cols);  // hints of one tile
  samples::Timer timer;
  for (long it = 0; it < o.iterations; ++it) {
    pgas::cache<double> cur_cache(cur->flat(), chunk);  // the grids swap: a cache per sweep
    sweep(o.rows, o.cols, *next, cur_cache);
    cur_cache.close();
    upc_barrier;
    std::swap(cur, next);
  }
  double seconds = timer.seconds();
  return stencil::verify("stencil_manual_cache", *cur, o, seconds);
}
