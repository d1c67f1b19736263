// Statements of every kind around the accesses of a cached array: declarations with initializers in
// conditions, switch, try, range for, goto, do, statement expressions, structured bindings, static and
// thread_local variables, operators on elements.
#include <utility>
#include <vector>
#include <pgas/upc.hpp>

using namespace pgas;

#define IDX(k) ((k) * 3 % n)

int main() {
  const int n = 100;
  shared_array<int> A(n, 1, "A"), B(n, 1, "B");
  upc_forall(int i = 0, i < n, i++, &B[i]) {
    auto [x, y] = std::pair<int, int>(i, (i + 2) % n);
    B[i] = A[y] + x;
  }
  upc_forall(int i = 0, i < n, i++, &B[i]) {
    if (int k = (i + 5) % n; k > 2) B[i] = A[k];
  }
  upc_forall(int i = 0, i < n, i++, &B[i]) {
    switch (i % 3) {
      case 0:
        B[i] = A[(i + 1) % n];
        break;
      default:
        B[i] = A[IDX(i)];
    }
  }
  upc_forall(int i = 0, i < n, i++, &B[i]) {
    try {
      B[i] = A[(i + 7) % n];
    } catch (...) {
      B[i] = 0;
    }
  }
  upc_forall(int i = 0, i < n, i++, &B[i]) {
    int s = 0;
    for (int r : {1, 2, 3}) s += A[(i + r) % n];
    B[i] = s;
  }
  upc_forall(int i = 0, i < n, i++, &B[i]) {
    std::vector<int> v{1, 2};
    B[i] = A[(i + v.at(1)) % n];
  }
  upc_forall(int i = 0, i < n, i++, &B[i]) { B[i] = A[({ int t = i + 1; t % n; })]; }
  upc_forall(int i = 0, i < n, i++, &B[i]) { B[i] = A[sizeof(int) + i % 10]; }
  upc_forall(int i = 0, i < n, i++, &B[i]) { B[i] = A[i % n] ? A[(i + 1) % n] : A[(i + 2) % n]; }
  upc_forall(int i = 0, i < n, i++, &B[i]) {
    static int c = 0;
    B[i] = A[(i + c) % n];
  }
  upc_forall(int i = 0, i < n, i++, &B[i]) {
    goto next;
  next:
    B[i] = A[(i + 1) % n];
  }
  upc_forall(int i = 0, i < n, i++, &B[i]) {
    do {
      B[i] = A[(i + 1) % n];
    } while (false);
  }
  upc_forall(int i = 0, i < n, i++, &B[i]) {
    for (;;) {
      B[i] = A[(i + 1) % n];
      break;
    }
  }
  upc_forall(int i = 0, i < n, i++, &B[i]) {
    int arr[3] = {1, 2, 3};
    B[i] = A[arr[i % 3]];
  }
  upc_forall(int i = 0, i < n, i++, &B[i]) {
    decltype(A[0]) r = A[(i + 1) % n];
    B[i] = r;
  }
  upc_forall(int i = 0, i < n, i++, &B[i]) {
    auto &&r = A[(i + 1) % n];
    B[i] = r;
  }
  upc_forall(int i = 0, i < n, i++, &B[i]) { B[i] = A[(i + 1) % n].get() + int(A[(i + 2) % n]); }
  upc_forall(int i = 0, i < n, i++, &B[i]) { B[i] = A[(i + 1) % n]++; }
  upc_forall(int i = 0, i < n, i++, &B[i]) { A[(i + 1) % n] += B[i]; }
  upc_forall(int i = 0, i < n, i++, i) { A[(i + 1) % n] = A[i]; }
  upc_forall(int i = 0, i < n, i++, all_threads) { B[i] = A[i]; }
  upc_forall(int i{0}, i < n, i++, &B[i]) { B[i] = A[(i + 3) % n]; }
  int j;
  upc_forall(j = n - 1, j < n, j++, &B[j]) { B[j] = A[(j * 3) % n]; }
  return 0;
}
