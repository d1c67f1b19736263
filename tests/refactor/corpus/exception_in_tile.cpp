// ARGS: --array H --chunk 8
// An exception thrown by a call in the loop body leaves a tile: it propagates as from the original loop, and
// what the loop wrote before it reaches the array. Each thread's last iteration throws after its write, so
// every iteration writes, at any thread count.
#include <cstdio>
#include <pgas/upc.hpp>
#include <stdexcept>

using namespace pgas;

void check(int i, int last) {
  if (i >= last) throw std::out_of_range("past the last iteration");
}

int main() {
  const int n = 96, threads = THREADS;
  shared_array<int> H(n, 1, "H"), B(n, 1, "B");
  upc_forall(int i = 0, i < n, i++, &H[i]) { H[i] = -1; }
  upc_barrier;
  bool caught = false;
  try {
    upc_forall(int i = 0, i < n, i++, &B[i]) {
      H[(i * 5) % n] = i;
      check(i, n - threads);
    }
  } catch (const std::out_of_range &) {
    caught = true;
  }
  upc_barrier;
  if (MYTHREAD == 0) {
    std::printf("caught %d\n", caught ? 1 : 0);
    for (int i = 0; i < n; ++i) std::printf("%d\n", static_cast<int>(H[i]));
  }
  return 0;
}
