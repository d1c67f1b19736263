// ARGS: --array A --chunk 16
// The init clause is evaluated once, as the original evaluates it, also when it calls a function with
// effects (the caches are then opened where the loop is, not hoisted out of the enclosing loop); a variable
// declared before the loop ends with the value the original leaves in it, also after an empty range.
#include <cstdio>
#include <pgas/upc.hpp>

using namespace pgas;

int calls = 0;
int first_index() { return ++calls; }  // counts its calls

int main() {
  const int n = 200;
  shared_array<int> A(n, 1, "A"), B(n, 1, "B");
  upc_forall(int i = 0, i < n, i++, &A[i]) { A[i] = i * 3 + 1; }
  upc_barrier;
  for (int round = 0; round < 2; ++round) {
    upc_forall(int i = first_index(), i < n, i++, &B[i]) { B[i] = A[(i * 7) % n] + round; }
    upc_barrier;
  }
  int j = -1, last = 0, empty = 0;
  upc_forall(j = 3, j < n, j += 2, &B[j]) { B[j] = B[j] + A[(j * 11) % n]; }
  last = j;
  upc_forall(j = 7, j < empty, j++, &B[j]) { B[j] = A[(j * 13) % n]; }
  upc_barrier;
  if (MYTHREAD == 0) {
    std::printf("calls %d, j after the loop %d, j after an empty loop %d\n", calls, last, j);
    for (int i = 0; i < n; ++i) std::printf("%d\n", static_cast<int>(B[i]));
  }
  return 0;
}
