// ARGS: --array S --array M --policy min --chunk 32
// Structured bindings that feed an index are copied into the inspector; an element type in an anonymous
// namespace is spelled as the program spells it; under --policy min, an array only read (of a struct, which
// min could not combine) is cached without a write policy. A binding the body assigns cannot feed an index.
#include <algorithm>
#include <cstdio>
#include <pgas/upc.hpp>
#include <utility>

using namespace pgas;

namespace {
struct Particle {
  double x;
  int cell;
};
}  // namespace

int main() {
  const int n = 300, cells = 23;
  shared_array<Particle> S(n, 2, "S");
  shared_array<int> M(cells, 1, "M"), R(n, 1, "R");
  upc_forall(int i = 0, i < n, i++, &S[i]) { S[i] = Particle{0.25 * i, (i * 7) % cells}; }
  upc_forall(int c = 0, c < cells, c++, &M[c]) { M[c] = 1 << 30; }
  upc_barrier;
  upc_forall(int i = 0, i < n, i++, &R[i]) {
    auto [left, right] = std::pair<int, int>((i + n - 1) % n, (i + 1) % n);
    const Particle a = S[left], b = S[right];
    R[i] = static_cast<int>(a.x + b.x);
    M[b.cell] = std::min<int>(M[b.cell], i);
  }
  upc_barrier;
  upc_forall(int i = 0, i < n, i++, &R[i]) {
    auto [near, far] = std::pair<int, int>((i + 3) % n, (i + 5) % n);
    near = (near + far) % n;
    const Particle p = S[near];
    R[i] = R[i] + p.cell;
  }
  upc_barrier;
  if (MYTHREAD == 0) {
    for (int i = 0; i < n; ++i) std::printf("%d\n", static_cast<int>(R[i]));
    for (int c = 0; c < cells; ++c) std::printf("min %d\n", static_cast<int>(M[c]));
  }
  return 0;
}
// Expected diagnostics:
// CHECK: input.cpp:33:3: warning: not rewritten: an index of 'S' cannot be computed ahead of the tile
// CHECK: input.cpp:36:26: note: it depends on 'near', which the loop body assigns
