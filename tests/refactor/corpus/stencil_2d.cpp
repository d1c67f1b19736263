// ARGS: --array in
// A 2-D array read at its neighbours (index row * cols() + col), inside an ordinary outer loop.
#include <cstdio>
#include <pgas/upc.hpp>

using namespace pgas;

int main() {
  const long rows = 24, cols = 17;
  shared_array2d<double> in(rows, cols, 2 * cols, "in"), out(rows, cols, 2 * cols, "out");
  for (long i = 0; i < rows; ++i) {
    upc_forall(long j = 0, j < cols, j++, &in[i][j]) {
      in[i][j] = static_cast<double>((i * 37 + j * 11) % 101);
      out[i][j] = 0;
    }
  }
  upc_barrier;
  for (long i = 1; i < rows - 1; ++i) {
    upc_forall(long j = 1, j < cols - 1, j++, &out[i][j]) {
      out[i][j] = 0.25 * (in[i - 1][j] + in[i + 1][j] + in[i][j - 1] + in[i][j + 1]);
    }
  }
  upc_barrier;
  if (MYTHREAD == 0)
    for (long i = 0; i < rows; ++i)
      for (long j = 0; j < cols; ++j) std::printf("%.6f\n", static_cast<double>(out[i][j]));
  return 0;
}
