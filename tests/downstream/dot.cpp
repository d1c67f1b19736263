// x[i] = x[i] * y[2i] over cyclic shared arrays, checked against the sequential result: exit status 1 if
// any element is wrong. Most reads of y are remote.
#include <cstdio>
#include <pgas/upc.hpp>

using namespace pgas;

int main() {
  const int n = 1000;
  shared_array<int> x(n, 1, "x");
  shared_array<int> y(2 * n, 1, "y");
  upc_forall(int i = 0, i < 2 * n, i++, &y[i]) { y[i] = i % 7; }
  upc_forall(int i = 0, i < n, i++, &x[i]) { x[i] = i; }
  upc_barrier;
  upc_forall(int i = 0, i < n, i++, &x[i]) { x[i] = x[i] * y[i * 2]; }
  upc_barrier;
  int wrong = 0;
  if (MYTHREAD == 0) {
    for (int i = 0; i < n; ++i) wrong += static_cast<int>(x[i]) != i * (2 * i % 7);
    std::printf("dot: %d threads, %d wrong\n", THREADS, wrong);
  }
  return wrong == 0 ? 0 : 1;
}
