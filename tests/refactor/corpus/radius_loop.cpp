// ARGS: --array A --chunk 8
// An index that depends on an ordinary loop of the body (a stencil's radius loop) is hinted inside a copy
// of that loop's header (issue 14, refusals to lift); a counter the loop's body changes is refused.
#include <cstdio>
#include <pgas/upc.hpp>

using namespace pgas;

void counter_changed(const shared_array<int> &A, int n, int *out) {
  upc_forall(int i = 0, i < n, i++, i) {
    for (int r = 0; r < 4; ++r) {
      out[i] += A[(i + r) % n];
      r += out[i] % 2;
    }
  }
}

int main() {
  const int n = 50, radius = 2;
  shared_array<int> A(n, 1, "A"), out(n, 1, "out");
  upc_forall(int i = 0, i < n, i++, &A[i]) { A[i] = i * i % 17; }
  upc_barrier;
  upc_forall(int i = radius, i < n - radius, i++, &out[i]) {
    int s = 0;
    for (int r = -radius; r <= radius; ++r) s += A[i + r] * (r + radius + 1);
    out[i] = s;
  }
  upc_barrier;
  if (MYTHREAD == 0)
    for (int i = 0; i < n; ++i) std::printf("%d\n", static_cast<int>(out[i]));
  return 0;
}

// Expected diagnostics:
// CHECK: input.cpp:10:3: warning: not rewritten: an index of 'A' cannot be computed ahead of the tile
// CHECK: input.cpp:12:24: note: it depends on 'r', which the loop body assigns
// CHECK: input.cpp:10:3: warning: not rewritten: an index of 'A' is computed only under a condition, and the
// inspector would compute it for every iteration CHECK: input.cpp:12:19: note: it divides by a value that may
// be zero
