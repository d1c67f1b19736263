// matmul_manual_cache: matmul with the software cache applied by hand, the way Cong et al. section 4 applies
// it: the upc_forall over rows tiled by kChunk rows; per tile a hint loop lists the b[l][j] its rows read,
// one download fetches them (one vector transfer per owner thread), the executor reads b from the cache and a
// and c through their proxies, and an upload ends the tile. Same verification as matmul.
#include <algorithm>
#include <pgas/cache.hpp>
#include <pgas/upc.hpp>

#include "matmul_common.hpp"

using namespace pgas;

namespace {

constexpr long kChunk = 64;

void multiply(long m, long n, long p, const matmul::Matrix &a, const matmul::Matrix &c,
              pgas::cache<double> &b_cache) {
  for (long tile = 0; tile < m; tile += kChunk) {
    const long end = std::min(tile + kChunk, m);
    upc_forall(long i = tile, i < end, i++, &c[i][0]) {
      for (long l = 0; l < n; ++l)
        for (long j = 0; j < p; ++j) b_cache.hint(l * p + j);
    }
    b_cache.download();
    upc_forall(long i = tile, i < end, i++, &c[i][0]) {
      for (long j = 0; j < p; ++j) {
        double sum = 0;
        for (long l = 0; l < n; ++l) sum += a[i][l] * b_cache.get(l * p + j);
        c[i][j] = sum;
      }
    }
    b_cache.upload();
  }
}

}  // namespace

int main(int argc, char **argv) {
  return matmul::run(
      "matmul_manual_cache",
      "matmul with the software cache applied by hand (Cong et al., section 4): b hinted per tile of "
      "rows, downloaded per owner and read from the cache",
      argc, argv, [](const matmul::Matrices &mats, const matmul::Options &o) {
        pgas::cache<double> b_cache(mats.b.flat(), static_cast<std::size_t>(o.n * o.p));
        multiply(o.m, o.n, o.p, mats.a, mats.c, b_cache);
        b_cache.close();
      });
}
