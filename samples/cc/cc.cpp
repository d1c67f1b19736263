// cc: connected components by Shiloach-Vishkin, the program Cong et al. profile (Cong et al., Figure 5),
// written as a UPC programmer writes it: shared arrays D (component label of each vertex), P (the label a
// root was grafted onto) and El (the edge list), all with the default (cyclic) distribution, and upc_forall
// loops that read and write them element by element. Most D accesses are remote.
//
// Concurrent grafts race as on a CRCW PRAM (any writer may win). The result is still right under any
// interleaving: grafting writes D[r] only after reading D[r] == r, and always a label smaller than r that
// lies in r's component (the labels are read once into du and dv, never reloaded in between). So D[x] <= x
// holds throughout, parent pointers never form a cycle, and a round that grafts removes at least one root
// (the first write to land on r finds r still a root).
#include <algorithm>
#include <pgas/upc.hpp>

#include "cc_common.hpp"
#include "sample.hpp"

using namespace pgas;
using cc::edge;

// Grafting and shortcutting until a round grafts nothing; returns the number of rounds.
long connected_components(long n, long m, const shared_array<edge> &El, const shared_array<int> &D,
                          const shared_array<int> &P) {
  cc::AnyThread any_thread_grafted;
  long rounds = 0;
  while (true) {
    ++rounds;
    bool grafted = false;
    // Grafting: hook the larger of two neighbouring roots onto the smaller label.
    upc_forall(long e = 0, e < m, e++, &El[e]) {
      const edge uv = El[e];
      const int du = D[uv.u], dv = D[uv.v];
      if (du < dv && dv == D[dv]) {
        D[dv] = du;
        P[dv] = du;
        grafted = true;
      } else if (dv < du && du == D[du]) {
        D[du] = dv;
        P[du] = dv;
        grafted = true;
      }
    }
    if (!any_thread_grafted(grafted)) break;
    // Shortcutting: make every tree a star again. A label only ever decreases (D[D[i]] <= D[i]); the min
    // says so, which lets pgas-refactor combine the racing writes of D by min.
    upc_forall(long i = 0, i < n, i++, &D[i]) {
      while (D[i] != D[D[i]]) D[i] = std::min<int>(D[i], D[D[i]]);
    }
    upc_barrier;
  }
  return rounds;
}

int main(int argc, char **argv) {
  return cc::run(
      "cc",
      "connected components (Shiloach-Vishkin) of a random graph over cyclic shared arrays, element "
      "by element",
      argc, argv,
      [](const cc::Graph &g, const shared_array<edge> &El, const shared_array<int> &D,
         const shared_array<int> &P) { return connected_components(g.vertices, g.edges, El, D, P); });
}
