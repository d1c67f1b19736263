// Loops in templates (patterns with dependent types and calls), in generic lambdas, in macros, and in
// classes; a loop without a condition-bound the rewrite can read.
#include <pgas/upc.hpp>

using namespace pgas;

#define FORALL_B(body) upc_forall(int i = 0, i < n, i++, &B[i]) body

template <class T>
int twice(T v) {
  return 2 * v;
}

template <class Arr>
void dependent_array(Arr &A, shared_array<int> &B, int n) {
  upc_forall(int i = 0, i < n, i++, &B[i]) { B[i] = A[twice(i) % n]; }
}

template <int N>
void dependent_bound(shared_array<int> &A, shared_array<int> &B) {
  upc_forall(int i = 0, i < N, i++, &B[i]) { B[i] = A[(i + N) % N]; }
}

template <class T>
void dependent_index(shared_array<int> &A, shared_array<int> &B, int n, T step) {
  upc_forall(int i = 0, i < n, i++, &B[i]) { B[i] = A[(i + step.value) % n]; }
}

struct Step {
  int value = 3;
};

struct Holder {
  shared_array<int> &A, &B;
  int n;
  void run() {
    upc_forall(int i = 0, i < n, i++, &B[i]) { B[i] = A[(i + 1) % n]; }
  }
};

int main() {
  const int n = 100;
  shared_array<int> A(n, 1, "A"), B(n, 1, "B");
  dependent_array(A, B, n);
  dependent_bound<100>(A, B);
  dependent_index(A, B, n, Step{});
  Holder{A, B, n}.run();
  auto generic = [&](auto k) {
    upc_forall(int i = 0, i < n, i++, &B[i]) { B[i] = A[(i + k) % n]; }
  };
  generic(2);
  FORALL_B({ B[i] = A[(i + 5) % n]; });
  upc_forall(int i = 0, , i++, &B[i]) {
    if (i >= n) break;
    B[i] = A[(i + 1) % n];
  }
  upc_forall(int i = 0, i < n, , &B[i]) { B[i] = A[(i + 1) % n]; }
  return 0;
}
