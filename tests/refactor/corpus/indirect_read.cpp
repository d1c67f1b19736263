// ARGS: --array D --chunk 40 --inspector-levels 2
// Indices read from the cached array: D[D[i]] is hinted by a second inspector level, D[D[D[i]]] misses at
// get (deeper than --inspector-levels); a top-level declaration feeds an index.
#include <cstdio>
#include <pgas/upc.hpp>

using namespace pgas;

int main() {
  const int n = 500;
  shared_array<int> D(n, 1, "D"), R(n, 1, "R");
  upc_forall(int i = 0, i < n, i++, &D[i]) { D[i] = (i * 97 + 13) % n; }
  upc_barrier;
  upc_forall(int i = 0, i < n, i++, &R[i]) {
    const int k = (i + 1) % n;
    R[i] = D[D[k]] + D[D[D[i]]];
  }
  upc_barrier;
  if (MYTHREAD == 0)
    for (int i = 0; i < n; ++i) std::printf("%d\n", static_cast<int>(R[i]));
  return 0;
}
