// Lambdas and function objects in the loop body, in indices and around them: pgas-refactor once crashed on
// an index calling a lambda declared in the body (a statement that is not an expression reached a matcher).
#include <pgas/upc.hpp>

using namespace pgas;

#define IDX(k) ((k) * 3 % n)

struct Next {
  int operator()(int k) const { return k + 1; }
};

int main() {
  const int n = 100;
  shared_array<int> A(n, 1, "A"), B(n, 1, "B");
  upc_forall(int i = 0, i < n, i++, &B[i]) {
    auto f = [](int k) { return (k * 7) % 100; };
    B[i] = A[f(i)];
  }
  upc_forall(int i = 0, i < n, i++, &B[i]) {
    auto f = [&](int k) { return IDX(k); };
    B[i] = A[f(i)];
  }
  upc_forall(int i = 0, i < n, i++, &B[i]) {
    auto g = [m = n](auto k) { return (k + 1) % m; };
    B[i] = A[g(i)];
  }
  upc_forall(int i = 0, i < n, i++, &B[i]) { B[i] = A[([](int k) { return k % 100; })(i + 1)]; }
  upc_forall(int i = 0, i < n, i++, &B[i]) { B[i] = A[Next{}(i) % n]; }
  upc_forall(int i = 0, i < n, i++, &B[i]) {
    auto h = [](int k) -> int {
      if (k) return 1;
      return 0;
    };
    B[i] = A[h(i)];
  }
  upc_forall(int i = 0, i < n, i++, &B[i]) {
    struct Local {
      int at(int k) { return k % 100; }
    } local;
    B[i] = A[local.at(i)];
  }
  upc_forall(int i = 0, i < n, i++, &B[i]) {
    auto sum = [&] {
      int s = 0;
      for (int r = 0; r < 3; ++r) s += A[(i + r) % n];
      return s;
    };
    B[i] = sum();
  }
  return 0;
}
