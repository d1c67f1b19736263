// ARGS: --array D:min --array H:sum --array A --array x --array y
// Two expressions are the same when they have the same structure and name the same variables
// (same_expression.cpp), not when they are spelled alike. Spelled differently, the same: D[(k)] and D[k],
// D[1 + k] and D[k + 1], H[(k)] and H[k], a macro and the variable it expands to, x[(i)] and the
// affinity's x[i]; these loops are rewritten. Spelled alike, different: a block's own v (the value
// written is not the one compared, so the write is not of min's form), an inner loop's own w (its
// division is not the one every iteration makes, and may be by zero); these loops are refused.
#include <cstdio>
#include <pgas/upc.hpp>

using namespace pgas;

#define DIVISOR w

void spelled(const shared_array<int> &D, const shared_array<int> &H, const shared_array<int> &W,
             const shared_array<int> &A, const shared_array<int> &x, const shared_array<int> &y,
             const shared_array<int> &out, int n) {
  upc_forall(int i = 0, i < n, i++, i) {
    const int v = (i * 7) % 11, k = (i * 7) % n;
    if (v < D[(k)]) D[k] = v;
  }
  upc_barrier;
  upc_forall(int i = 0, i < n - 1, i++, i) {
    const int v = (i * 3) % 13, k = (i * 3) % (n - 1);
    if (v < D[1 + k]) D[k + 1] = v;
  }
  upc_barrier;
  upc_forall(int i = 0, i < n, i++, i) {
    const int k = (i * 13) % n;
    H[k] = H[(k)] + 1;
  }
  upc_barrier;
  upc_forall(int i = 0, i < n, i++, i) {
    const int w = W[i] + 1;
    out[i] = n / w;
    if (i % 2 == 0) out[i] = out[i] + A[n / DIVISOR - 1];
  }
  upc_barrier;
  upc_forall(int i = 0, i < n, i++, &x[i]) { x[(i)] = x[(i)] * 2 + y[(i + 1) % n]; }
  upc_barrier;
}

void shadowed(const shared_array<int> &D, const shared_array<int> &W, const shared_array<int> &A,
              const shared_array<int> &out, int n) {
  upc_forall(int i = 0, i < n, i++, i) {
    const int v = i % 3 - 3, k = (i * 7) % n;
    if (v < D[k]) {
      const int v = 100;
      D[k] = v;
    }
  }
  upc_barrier;
  upc_forall(int i = 0, i < n, i++, i) {
    const int w = W[i] + 1;
    out[i] = n / w;
    for (int w = 0; w < 3; ++w)
      if (w != 0) out[i] = out[i] + A[n / w - 1];
  }
  upc_barrier;
}

int main() {
  const int n = 101;
  shared_array<int> D(n, 1, "D"), H(n, 1, "H"), W(n, 1, "W"), A(n, 1, "A"), x(n, 1, "x"), y(n, 1, "y"),
      out(n, 1, "out"), out2(n, 1, "out2");
  if (MYTHREAD == 0)
    for (int i = 0; i < n; ++i) {
      D[i] = 50;
      H[i] = i;
      W[i] = i % 4;
      A[i] = i * 3;
      x[i] = i;
      y[i] = n - i;
    }
  upc_barrier;
  spelled(D, H, W, A, x, y, out, n);
  shadowed(D, W, A, out2, n);
  if (MYTHREAD == 0)
    for (int i = 0; i < n; ++i)
      std::printf("%d %d %d %d %d\n", static_cast<int>(D[i]), static_cast<int>(H[i]), static_cast<int>(x[i]),
                  static_cast<int>(out[i]), static_cast<int>(out2[i]));
  return 0;
}

// Expected diagnostics:
// CHECK: input.cpp:45:3: warning: not rewritten: policy 'min' keeps the smaller value: only writes of that form to 'D' can be cached
// CHECK: input.cpp:49:7: note: write `D[k] = std::min(D[k], v)` or `if (v < D[k]) D[k] = v`; choose another policy for 'D' with --array D:POLICY
// CHECK: input.cpp:53:3: warning: not rewritten: an index of 'A' is computed only under a condition, and the inspector would compute it for every iteration
// CHECK: input.cpp:57:39: note: it divides by a value that may be zero
