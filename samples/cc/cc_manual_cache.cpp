// cc_manual_cache: cc with the software cache applied by hand, the way Cong et al. section 4 applies it (an
// expert's version of the same inspector/executor). Both upc_forall loops are tiled by kChunk iterations.
// Grafting hints the labels of each edge's endpoints, downloads them (one vector transfer per owner), then
// hints the labels those labels name (D[du], D[dv], read from the cache) and downloads again; the executor
// reads D from the cache and writes D and P into it, and the upload writes the grafts back coalesced per
// owner, racing writes of D combined by min (a label only decreases). Shortcutting does the same for D[i]
// and D[D[i]]. Same verification as cc.
#include <algorithm>
#include <pgas/cache.hpp>
#include <pgas/upc.hpp>

#include "cc_common.hpp"
#include "sample.hpp"

using namespace pgas;
using cc::edge;

namespace {

constexpr long kChunk = 2048;

// Grafting and shortcutting until a round grafts nothing; returns the number of rounds.
long connected_components(long n, long m, const shared_array<edge> &El, const shared_array<int> &D,
                          const shared_array<int> &P) {
  cc::AnyThread any_thread_grafted;
  // A tile's thread hints at most four labels per edge and two per vertex of its iterations.
  pgas::cache<int> D_graft(D, 4 * kChunk, pgas::write_policy::min);
  pgas::cache<int> P_graft(P, 2 * kChunk);
  pgas::cache<int> D_short(D, 2 * kChunk, pgas::write_policy::min);
  long rounds = 0;
  while (true) {
    ++rounds;
    bool grafted = false;
    for (long tile = 0; tile < m; tile += kChunk) {
      const long end = std::min(tile + kChunk, m);
      upc_forall(long e = tile, e < end, e++, &El[e]) {
        const edge uv = El[e];
        D_graft.hint(uv.u);
        D_graft.hint(uv.v);
      }
      D_graft.download();
      P_graft.download();  // nothing to fetch (P is only written), but a tile starts with a download
      upc_forall(long e = tile, e < end, e++, &El[e]) {
        const edge uv = El[e];
        D_graft.hint(D_graft.get(uv.u));
        D_graft.hint(D_graft.get(uv.v));
      }
      D_graft.download();
      upc_forall(long e = tile, e < end, e++, &El[e]) {
        const edge uv = El[e];
        const int du = D_graft.get(uv.u), dv = D_graft.get(uv.v);
        if (du < dv && dv == D_graft.get(dv)) {
          D_graft.put(dv, du);
          P_graft.put(dv, du);
          grafted = true;
        } else if (dv < du && du == D_graft.get(du)) {
          D_graft.put(du, dv);
          P_graft.put(du, dv);
          grafted = true;
        }
      }
      D_graft.upload();
      P_graft.upload();
    }
    if (!any_thread_grafted(grafted)) break;
    for (long tile = 0; tile < n; tile += kChunk) {
      const long end = std::min(tile + kChunk, n);
      upc_forall(long i = tile, i < end, i++, &D[i]) { D_short.hint(D[i]); }
      D_short.download();
      upc_forall(long i = tile, i < end, i++, &D[i]) {
        while (D_short.get(i) != D_short.get(D_short.get(i)))
          D_short.put(i, std::min<int>(D_short.get(i), D_short.get(D_short.get(i))));
      }
      D_short.upload();
    }
    upc_barrier;
  }
  D_graft.close();
  P_graft.close();
  D_short.close();
  return rounds;
}

}  // namespace

int main(int argc, char **argv) {
  return cc::run(
      "cc_manual_cache",
      "connected components of cc with the software cache applied by hand (Cong et al., section 4)", argc,
      argv,
      [](const cc::Graph &g, const shared_array<edge> &El, const shared_array<int> &D,
         const shared_array<int> &P) { return connected_components(g.vertices, g.edges, El, D, P); });
}
