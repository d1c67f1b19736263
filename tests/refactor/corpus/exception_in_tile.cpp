// ARGS: --array H --array A --chunk 8
// An exception thrown by a call in the loop body leaves a tile: it propagates as from the original loop, and
// what the loop wrote before it reaches the array. Each thread's last iteration throws after its write, so
// every iteration writes, at any thread count. A loop whose exception is caught inside an enclosing loop
// opens its caches there, not before the enclosing loop: a cache kept across the exception would still hold
// the interrupted tile's elements of A, which change before the next round.
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
  shared_array<int> A(n, 1, "A");
  upc_forall(int i = 0, i < n, i++, &A[i]) { A[i] = i; }
  upc_barrier;
  long sum = 0;
  for (int round = 0; round < 2; ++round) {
    try {
      upc_forall(int i = 0, i < n, i++, &B[i]) {
        B[i] = A[(i * 5) % 8];  // the same 8 elements in every tile
        check(i, round == 0 ? n - threads : n);
      }
    } catch (const std::out_of_range &) {
    }
    upc_barrier;
    if (MYTHREAD == 0)
      for (int i = 0; i < n; ++i) sum += B[i];
    upc_forall(int i = 0, i < n, i++, &A[i]) { A[i] = A[i] + 100; }
    upc_barrier;
  }
  if (MYTHREAD == 0) {
    std::printf("caught %d, sum %ld\n", caught ? 1 : 0, sum);
    for (int i = 0; i < n; ++i) std::printf("%d\n", static_cast<int>(H[i]));
  }
  return 0;
}
