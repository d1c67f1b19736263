// ARGS: --array H:sum --array M:min --array W --array S:max --chunk 8
// Write policies per array (issue 14, root cause 4): H is combined by sum, M by min, and W, written only
// at its own elements, keeps the default policy (any) in the same loop, so its writes are kept as written.
// A combining policy accepts only writes of its form: ++H[k], H[k]++, H[k] += v and H[k] = H[k] + v under
// sum; M[k] = std::min<int>(M[k], v) and `if (v < M[k]) M[k] = v` under min. Others are refused, as is a
// combining policy for elements that are not numbers (S).
#include <algorithm>
#include <cstdio>
#include <pgas/upc.hpp>

using namespace pgas;

struct Pair {
  int first, second;
};

void refused(const shared_array<int> &H, const shared_array<int> &M, const shared_array<Pair> &S, int n) {
  upc_forall(int i = 0, i < n, i++, i) { M[(i + 1) % n] = std::min<int>(M[i], 5); }  // another element
  upc_forall(int i = 0, i < n, i++, i) { S[i] = Pair{i, i}; }                        // not numbers
  upc_forall(int i = 0, i < n, i++, i) { ++M[(i * 3) % n]; }
  upc_forall(int i = 0, i < n, i++, i) { H[(i * 3) % n] -= 1; }
  upc_forall(int i = 0, i < n, i++, i) { M[(i * 3) % n] = i; }
  upc_forall(int i = 0, i < n, i++, i) {
    if (M[i] > 0) H[(i * 3) % n] = i;
  }
}

int main() {
  const int n = 60, bins = 13;
  shared_array<int> H(bins, 1, "H"), M(bins, 1, "M"), W(n, 1, "W");
  upc_forall(int b = 0, b < bins, b++, &M[b]) { M[b] = 1000; }
  upc_barrier;
  upc_forall(int i = 0, i < n, i++, &W[i]) {
    const int k = (i * 7) % bins;
    ++H[k];
    H[(k + 1) % bins]++;
    H[(k + 2) % bins] += 2;
    H[(k + 3) % bins] = H[(k + 3) % bins] + 3;
    M[k] = std::min<int>(M[k], (i * 37) % 101);
    const int v = (i * 53) % 97;
    if (v < M[(k + 5) % bins]) M[(k + 5) % bins] = v;
    W[i] = i * 2;
  }
  upc_barrier;
  if (MYTHREAD == 0) {
    for (int b = 0; b < bins; ++b) std::printf("%d %d\n", static_cast<int>(H[b]), static_cast<int>(M[b]));
    for (int i = 0; i < n; ++i) std::printf("%d\n", static_cast<int>(W[i]));
  }
  return 0;
}

// Expected diagnostics:
// CHECK: input.cpp:18:3: warning: not rewritten: policy 'min' keeps the smaller value: only writes of that
// form to 'M' can be cached CHECK: input.cpp:18:42: note: write `M[k] = std::min(M[k], v)` or `if (v < M[k])
// M[k] = v`; choose another policy for 'M' with --array M:POLICY CHECK: input.cpp:19:3: warning: not
// rewritten: policy 'max' combines numbers: the elements of 'S' are not CHECK: input.cpp:19:42: note: choose
// policy any or priority for 'S' (--array S:any) CHECK: input.cpp:20:3: warning: not rewritten: policy 'min'
// keeps the smaller value: only writes of that form to 'M' can be cached CHECK: input.cpp:20:42: note: write
// `M[k] = std::min(M[k], v)` or `if (v < M[k]) M[k] = v`; choose another policy for 'M' with --array M:POLICY
// CHECK: input.cpp:21:3: warning: not rewritten: policy 'sum' adds every thread's puts: only additions to 'H'
// can be cached CHECK: input.cpp:21:42: note: this write is not an addition (`+=`, `++`, or `H[k] = H[k] +
// v`) CHECK: input.cpp:22:3: warning: not rewritten: policy 'min' keeps the smaller value: only writes of
// that form to 'M' can be cached CHECK: input.cpp:22:42: note: write `M[k] = std::min(M[k], v)` or `if (v <
// M[k]) M[k] = v`; choose another policy for 'M' with --array M:POLICY CHECK: input.cpp:23:3: warning: not
// rewritten: policy 'sum' adds every thread's puts: only additions to 'H' can be cached CHECK:
// input.cpp:24:19: note: this write is not an addition (`+=`, `++`, or `H[k] = H[k] + v`)
