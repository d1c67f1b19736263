// ARGS: --array b
// Reads inside counting loops of the body as one run for every tile (index_runs.hpp, loop_runs): b[l][j]
// in loops over j and l, here with shifted rows and columns, read between the index at the loops' first
// values and at their last, kept until the caches close; hoisted caches (the time loop of `steps`, which
// writes b between its upc_foralls) keep the run for a tile only. Not read as a run, but hinted as before:
// a column that moves with two loops, a row that moves with the upc_forall's variable. Refused as before:
// a loop whose body changes its variable, an array the loop writes.
#include <cstdio>
#include <pgas/upc.hpp>

using namespace pgas;

void shifted(long m, long n, long p, const shared_array2d<double> &b, const shared_array2d<double> &c) {
  upc_forall(long i = 0, i < m, i++, &c[i][0]) {
    for (long j = 1; j < p; ++j) {
      double sum = 0;
      for (long l = 1; l <= n; l += 1) sum += b[l - 1][j - 1] * static_cast<double>(i + 1);
      c[i][j] = sum;
    }
  }
}

void not_runs(long n, long p, const shared_array2d<double> &b, const shared_array2d<double> &c) {
  upc_forall(long i = 0, i < n, i++, &c[i][0]) {
    double sum = 0;
    for (long j = 0; j < p; ++j)
      for (long l = 0; l + j < p; ++l) sum += b[0][l + j];  // the column moves with j and l
    for (long j = 0; j < p; ++j) sum += b[i][j];           // the row moves with i
    c[i][0] = sum;
  }
}

void changes_variable(long m, long n, const shared_array2d<double> &b, const shared_array2d<double> &c) {
  upc_forall(long i = 0, i < m, i++, &c[i][0]) {
    double sum = 0;
    for (long l = 0; l < n; ++l) {
      sum += b[l][0];
      if (l % 3 == 1) l += 1;  // refused: the index cannot be computed ahead
    }
    c[i][0] = sum;
  }
}

void written(long m, long n, long p, const shared_array2d<double> &b, const shared_array2d<double> &c) {
  upc_forall(long i = 0, i < m, i++, &c[i][0]) {
    double sum = 0;
    for (long l = 0; l + 1 < n; ++l)
      for (long j = 0; j < p; ++j) sum += b[l][j];
    c[i][1] = sum;
    if (i == 0) b[n - 1][0] = 1;  // b is written by the loop itself (a row no iteration reads)
  }
}

void steps(long m, long n, long p, const shared_array2d<double> &b, const shared_array2d<double> &c) {
  for (int t = 0; t < 3; ++t) {
    upc_forall(long i = 0, i < m, i++, &c[i][0]) {
      double sum = 0;
      for (long l = 0; l < n; ++l)
        for (long j = 0; j < p; ++j) sum += b[l][j];
      c[i][2] = sum;
    }
    upc_barrier;
    for (long l = 0; l < n; ++l)
      upc_forall(long j = 0, j < p, j++, &b[l][j]) { b[l][j] = b[l][j] + 1; }
    upc_barrier;
  }
}

void print(long m, long p, const shared_array2d<double> &c) {
  upc_barrier;
  if (MYTHREAD == 0)
    for (long i = 0; i < m; ++i)
      for (long j = 0; j < p; ++j) std::printf("%.1f\n", static_cast<double>(c[i][j]));
  upc_barrier;
}

int main() {
  const long m = 11, n = 7, p = 5;
  shared_array2d<double> b(n, p, 1, "b"), c(m, p, p, "c");
  for (long l = 0; l < n; ++l)
    upc_forall(long j = 0, j < p, j++, &b[l][j]) { b[l][j] = static_cast<double>((l * 5 + j) % 4) - 1; }
  upc_barrier;
  shifted(m, n, p, b, c);
  print(m, p, c);
  not_runs(n, p, b, c);
  print(m, p, c);
  changes_variable(m, n, b, c);
  print(m, p, c);
  steps(m, n, p, b, c);
  print(m, p, c);
  written(m, n, p, b, c);
  print(m, p, c);
  return 0;
}
// CHECK: input.cpp:34:3: warning: not rewritten: an index of 'b' cannot be computed ahead of the tile
// CHECK: input.cpp:45:3: warning: not rewritten: 'b' is read and written in the same tile
// CHECK: input.cpp:64:7: warning: not rewritten: 'b' is read and written in the same tile
