// dp_manual_cache: dp with the software cache applied by hand, as in Cong et al. section 4.3 (the listing
// after "the refactored version with caching, coalescing, and cache size management"): the loop tiled by a
// chunk of 1024 iterations; per tile a hint loop lists the y[2i] it reads, one download fetches them (one
// vector transfer per owner thread), the executor reads them from the cache, and an upload ends the tile. x
// stays a shared array accessed through its proxies, as in the paper. Same verification as dp.
#include <algorithm>
#include <pgas/cache.hpp>
#include <pgas/upc.hpp>

#include "dp_common.hpp"

using namespace pgas;

int dp(int n, global_ptr<int> x, global_ptr<int> y) {
  const int chunk = 1024;
  pgas::cache<int> y_cache(y, chunk);  // hpcstpf_open(y, chunk)
  for (int ii = 0; ii * chunk < n; ii++) {
    const int end = std::min((ii + 1) * chunk, n);
    upc_forall(int i = ii * chunk, i < end, i++, &x[i]) { y_cache.hint(i * 2); }
    y_cache.download();  // hpcstpf_start_download + hpcstpf_finish_download
    upc_forall(int i = ii * chunk, i < end, i++, &x[i]) { x[i] = x[i] * y_cache.get(i * 2); }
    y_cache.upload();  // hpcstpf_start_upload + hpcstpf_finish_upload (y is clean: nothing moves)
  }
  y_cache.close();
  return 0;
}

int main(int argc, char **argv) {
  return dp_sample::run(
      "dp_manual_cache",
      "dp with the software cache applied by hand (Cong et al., section 4.3): tiles of 1024 "
      "iterations, y[2i] hinted, downloaded per owner and read from the cache",
      argc, argv, [](dp_sample::Arrays &arrays, long repeat) {
        for (long r = 0; r < repeat; ++r) {
          dp(static_cast<int>(arrays.x.size()), arrays.x, arrays.y);
          upc_barrier;
        }
      });
}
