// ARGS: --array y --privatize
// Privatization: accesses of the element the affinity names become plain loads and stores through the
// thread's local part (x[i] under &x[i], through a pointer-to-shared and a shared array; out[i][j] under
// &out[i][j]). Left to their proxies: an element the affinity does not name (x[i + 1]), and the affinity's
// element when the body writes a name that may reach the same memory (a second pointer, a reference).
#include <cstdio>
#include <pgas/upc.hpp>

using namespace pgas;

void scale(int n, global_ptr<int> x, global_ptr<int> y) {
  upc_forall(int i = 0, i < n, i++, &x[i]) { x[i] = x[i] * y[i * 2]; }
}

void add_in(int n, const shared_array<int> &x, const shared_array<int> &y) {
  upc_forall(int i = 0, i < n, i++, &x[i]) {
    const int v = y[(i * 7) % n];
    x[i] += v * 2;
    ++x[i];
  }
}

void neighbours(int n, const shared_array<int> &x, const shared_array<int> &y) {
  upc_forall(int i = 0, i < n - 1, i++, &x[i]) { x[i + 1] = y[i + 1] + 1; }
}

void second_pointer(int n, global_ptr<int> x, global_ptr<int> x2, const shared_array<int> &y) {
  upc_forall(int i = 0, i < n, i++, &x[i]) { x2[i] = x[i] + y[(i + 3) % n]; }
}

void through_reference(int n, const shared_array<int> &x, const shared_array<int> &alias,
                       const shared_array<int> &y) {
  upc_forall(int i = 0, i < n, i++, &x[i]) { alias[i] = x[i] - y[(i + 5) % n]; }
}

void grid(int rows, int cols, const shared_array2d<double> &out, const shared_array2d<double> &y) {
  for (int i = 1; i < rows - 1; ++i) upc_forall(int j = 0, j < cols, j++, &out[i][j]) {
      out[i][j] = out[i][j] + y[i - 1][j] + y[i + 1][j];
    }
}

// The body's own i shadows the loop's: x[i] is not the affinity's element and keeps its proxy.
void shadowed(int n, const shared_array<int> &x, const shared_array<int> &y) {
  upc_forall(int i = 0, i < n, i++, &x[i]) {
    const int k = y[(i + 1) % n];
    {
      const int i = k % n;
      x[i] = x[i] + 0 * k;
    }
  }
}

int main() {
  const int n = 200, rows = 9, cols = 13;
  shared_array<int> x(n, 1, "x"), y(2 * n, 1, "y");
  shared_array2d<double> out(rows, cols, 2 * cols, "out"), g(rows, cols, 2 * cols, "g");
  upc_forall(int i = 0, i < n, i++, &x[i]) { x[i] = i % 5 + 1; }
  upc_barrier;
  upc_forall(int i = 0, i < 2 * n, i++, &y[i]) { y[i] = i % 7 + 1; }
  for (int i = 0; i < rows; ++i) upc_forall(int j = 0, j < cols, j++, &out[i][j]) {
      out[i][j] = i * 0.5 + j;
    }
  upc_barrier;
  scale(n, x, y);
  upc_barrier;
  add_in(n, x, y);
  upc_barrier;
  neighbours(n, x, y);
  upc_barrier;
  second_pointer(n, x, x, y);
  upc_barrier;
  through_reference(n, x, x, y);
  upc_barrier;
  grid(rows, cols, out, g);
  upc_barrier;
  shadowed(n, x, y);
  upc_barrier;
  if (MYTHREAD == 0) {
    for (int i = 0; i < n; ++i) std::printf("%d\n", static_cast<int>(x[i]));
    for (int i = 0; i < rows; ++i)
      for (int j = 0; j < cols; ++j) std::printf("%.2f\n", static_cast<double>(out[i][j]));
  }
  return 0;
}

// Expected diagnostics:
// CHECK: input.cpp:28:3: warning: accesses of 'x' at the affinity's element are not privatized: the loop body writes 'x2', which may name the same shared memory
// CHECK: input.cpp:28:54: note: they keep their proxies
// CHECK: input.cpp:33:3: warning: accesses of 'x' at the affinity's element are not privatized: the loop body writes 'alias', which may name the same shared memory
