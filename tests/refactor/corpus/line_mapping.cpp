// ARGS: --array y
// A loop over several lines: built by pgas_refactor() (--line-directives), the rewritten program's remote
// accesses are traced on the original's lines (refactor.line_mapping): z, not cached, on its own line in
// both programs; y, cached, on the loop's line, where the download fetches it.
#include <cstdio>
#include <pgas/upc.hpp>

using namespace pgas;

int main() {
  const int n = 600;
  shared_array<int> x(n, 1, "x"), y(n, 1, "y"), z(n, 1, "z");
  upc_forall(int i = 0, i < n, i++, &y[i]) {
    y[i] = i % 7 + 1;
    z[i] = i % 3 + 1;
  }
  upc_barrier;
  upc_forall(int i = 0, i < n, i++, &x[i]) {
    const int near = y[(i + 1) % n];
    const int far = z[(i + 2) % n];
    x[i] = near * far;
  }
  upc_barrier;
  if (MYTHREAD == 0) {
    long sum = 0;
    for (int i = 0; i < n; ++i) sum += x[i];
    std::printf("%ld\n", sum);
  }
  return 0;
}
