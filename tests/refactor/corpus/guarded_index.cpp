// ARGS: --array A --chunk 8
// Indices the original computes only under a condition (issue 14, root cause 3): the inspector computes the
// hinted indices for every iteration, so a guarded division, a guarded read of a shared element used as an
// index, and a guarded subscript of an ordinary array are refused; a guarded index that cannot trap (the
// hint of an index out of range is ignored), a guard inside the index, and a division by a value the loop
// divides by in every iteration are rewritten.
#include <cstdio>
#include <pgas/upc.hpp>

using namespace pgas;

void refused(const shared_array<int> &A, const shared_array<int> &W, const int *table, int n, int *out) {
  upc_forall(int i = 0, i < n, i++, i) {
    const int w = W[i];
    if (w != 0) out[i] = A[n / w];
  }
  upc_forall(int i = 0, i < n, i++, i) {
    if (i + 1 < n) out[i] = A[A[i + 1]];
  }
  upc_forall(int i = 0, i < n, i++, i) {
    if (i % 2 == 0) out[i] = A[table[i / 2]];
  }
}

int main() {
  const int n = 50;
  shared_array<int> A(n, 1, "A"), W(n, 1, "W"), out(n, 1, "out");
  upc_forall(int i = 0, i < n, i++, &A[i]) {
    A[i] = (i * 11) % n;
    W[i] = i % 3;
  }
  upc_barrier;
  upc_forall(int i = 0, i < n, i++, &out[i]) {
    const int k = 3 * i;
    const int w = W[i];
    int v = 0;
    if (k < n) v += A[k];                      // k may be out of range where the guard fails
    v += A[w != 0 ? n / (w + 1) : 0];          // the guard is part of the index
    if (i > 0) v += A[(k + 1) % (i + n) % n];  // divisors of every iteration
    out[i] = v + k % (i + n) + k % n;
  }
  upc_barrier;
  if (MYTHREAD == 0)
    for (int i = 0; i < n; ++i) std::printf("%d\n", static_cast<int>(out[i]));
  return 0;
}

// Expected diagnostics:
// CHECK: input.cpp:13:3: warning: not rewritten: an index of 'A' is computed only under a condition, and the
// inspector would compute it for every iteration CHECK: input.cpp:15:28: note: it divides by a value that may
// be zero CHECK: input.cpp:17:3: warning: not rewritten: an index of 'A' is computed only under a condition,
// and the inspector would compute it for every iteration CHECK: input.cpp:18:31: note: it reads a shared
// element whose index may be out of range where the loop does not read it CHECK: input.cpp:20:3: warning: not
// rewritten: an index of 'A' is computed only under a condition, and the inspector would compute it for every
// iteration CHECK: input.cpp:21:32: note: it subscripts an array
