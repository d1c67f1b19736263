// ARGS: --array A --chunk 8
// Another name that may reach a cached array's memory (issue 14, root cause 1): two reference parameters
// may be bound to one array, so the rewritten loop runs only when they name different arrays
// (pgas::refactored::distinct_objects) and the original loop otherwise; a pointer-to-shared made or moved in
// the loop, or a member reached through a pointer, cannot be checked before the loop and refuses it.
#include <cstdio>
#include <pgas/upc.hpp>

using namespace pgas;

// Each iteration writes one element of B and then reads the same element of A: through one array, the
// read must see the write, which a cache filled before the tile would not.
void scatter_then_read(const shared_array<int> &A, const shared_array<int> &B, const shared_array<int> &out,
                       int n) {
  upc_forall(int i = 0, i < n, i++, i) {
    B[(i * 7) % n] = i + 1000;
    out[i] = A[(i * 7) % n];
  }
}

struct Holder {
  const shared_array<int> &array;
};

void refused(const shared_array<int> &A, const shared_array<int> &B, const Holder *h, int n, int *sum) {
  upc_forall(int i = 0, i < n, i++, i) {
    global_ptr<int> p = B;
    p[i] = A[(i + 1) % n];
  }
  upc_forall(int i = 0, i < n, i++, i) { sum[i] = A[(i + 1) % n] + h->array[i]; }
}

int main() {
  const int n = 61;
  shared_array<int> X(n, 1, "X"), Y(n, 1, "Y"), out(n, 1, "out");
  upc_forall(int i = 0, i < n, i++, &X[i]) { X[i] = i; }
  upc_barrier;
  scatter_then_read(X, Y, out, n);
  upc_barrier;
  if (MYTHREAD == 0)
    for (int i = 0; i < n; ++i) std::printf("%d ", static_cast<int>(out[i]));
  upc_barrier;
  scatter_then_read(X, X, out, n);
  upc_barrier;
  if (MYTHREAD == 0)
    for (int i = 0; i < n; ++i) std::printf("%d\n", static_cast<int>(out[i]));
  return 0;
}

// Expected diagnostics:
// CHECK: input.cpp:26:3: warning: not rewritten: another name may reach the memory of the cached array 'A'
// CHECK: input.cpp:28:5: note: 'p' is declared in the loop and may point into 'A'; the cache and it would not
// see each other's writes CHECK: input.cpp:30:3: warning: not rewritten: another name may reach the memory of
// the cached array 'A' CHECK: input.cpp:30:68: note: the member 'array' may refer to 'A'; the cache and it
// would not see each other's writes
