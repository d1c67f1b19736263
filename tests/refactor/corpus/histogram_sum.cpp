// ARGS: --array H --policy sum --chunk 100
// Racing increments of a shared histogram, combined by the sum policy; a compound update and a step of 2.
#include <cstdio>
#include <pgas/upc.hpp>

using namespace pgas;

// A plain write is not an addition: refused under the sum policy.
void scramble(const shared_array<int> &H, int bins) {
  upc_forall(int i = 0, i < bins, i++, i) { H[(i * 7) % bins] = i; }
}

int main() {
  const int n = 1001, bins = 37;
  shared_array<int> H(bins, 1, "H");
  upc_forall(int b = 0, b < bins, b++, &H[b]) { H[b] = 0; }
  upc_barrier;
  upc_forall(int i = 0, i <= n, i += 2, i) {
    const int bin = (i * 31) % bins;
    H[bin] += 1;
  }
  upc_barrier;
  if (MYTHREAD == 0)
    for (int b = 0; b < bins; ++b) std::printf("%d\n", static_cast<int>(H[b]));
  return 0;
}
// Expected diagnostics:
// CHECK: input.cpp:10:3: warning: not rewritten: policy 'sum' adds every thread's puts: only additions to 'H' can be cached
// CHECK: input.cpp:10:45: note: this write is not an addition (`+=`, `++`, or `H[k] = H[k] + v`)
