// ARGS: --array y
// The paper's dot product: y read at 2i through a pointer-to-shared, pointer affinity &x[i].
#include <cstdio>
#include <pgas/upc.hpp>

using namespace pgas;

void dp(int n, global_ptr<int> x, global_ptr<int> y) {
  upc_forall(int i = 0, i < n, i++, &x[i]) { x[i] = x[i] * y[i * 2]; }
}

int main() {
  const int n = 1000;
  shared_array<int> x(n, 1, "x"), y(2 * n, 1, "y");
  upc_forall(int i = 0, i < 2 * n, i++, &y[i]) {
    y[i] = i % 7 + 1;
    if (i < n) x[i] = i % 5 + 1;
  }
  upc_barrier;
  dp(n, x, y);
  upc_barrier;
  if (MYTHREAD == 0)
    for (int i = 0; i < n; ++i) std::printf("%d\n", static_cast<int>(x[i]));
  return 0;
}
