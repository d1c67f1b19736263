// ARGS: --array b
// Indices that depend on ordinary loops of the body (a matrix multiply's b[l][j]): one iteration hints what
// those loops run, so the cache is sized by their trips where their bounds are literals or variables the body
// leaves unchanged (n, p, 3; n > 3); a triangular loop (bound i, the upc_forall's variable) counts as one access.
#include <cstdio>
#include <pgas/upc.hpp>

using namespace pgas;

void multiply(long m, long n, long p, const shared_array2d<double> &a, const shared_array2d<double> &b,
              const shared_array2d<double> &c) {
  upc_forall(long i = 0, i < m, i++, &c[i][0]) {
    for (long j = 0; j < p; ++j) {
      double sum = 0;
      for (long l = 0; l < n; ++l) sum += a[i][l] * b[l][j];
      for (long l = 0; l <= 3; l += 1) sum += b[l][j];
      c[i][j] = sum;
    }
  }
}

void lower(long m, const shared_array2d<double> &b, const shared_array2d<double> &c) {
  upc_forall(long i = 0, i < m, i++, &c[i][0]) {
    double sum = 0;
    for (long l = 0; l < i; ++l) sum += b[l / 2][0];
    c[i][1] = sum;
  }
}

int main() {
  const long m = 11, n = 7, p = 5;
  shared_array2d<double> a(m, n, n, "a"), b(n, p, 1, "b"), c(m, p, p, "c");
  for (long i = 0; i < m; ++i)
    upc_forall(long l = 0, l < n, l++, &a[i][l]) { a[i][l] = static_cast<double>((i * 3 + l) % 7); }
  for (long l = 0; l < n; ++l)
    upc_forall(long j = 0, j < p, j++, &b[l][j]) { b[l][j] = static_cast<double>((l * 5 + j) % 4) - 1; }
  upc_barrier;
  multiply(m, n, p, a, b, c);
  upc_barrier;
  if (MYTHREAD == 0)
    for (long i = 0; i < m; ++i)
      for (long j = 0; j < p; ++j) std::printf("%.1f\n", static_cast<double>(c[i][j]));
  upc_barrier;
  lower(m, b, c);
  upc_barrier;
  if (MYTHREAD == 0)
    for (long i = 0; i < m; ++i) std::printf("%.1f\n", static_cast<double>(c[i][1]));
  return 0;
}
