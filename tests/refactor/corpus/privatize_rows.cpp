// ARGS: --array b --array bi --privatize
// Privatized rows: under the affinity &c[i][0], a[i][l] and c[i][j] (any column) are plain loads and stores
// through the row in the thread's local part when a's and c's blocks hold whole rows and place row i alike,
// which the rewritten code checks before it runs (rows_alike), running the original loop otherwise: rows of
// different lengths each one per block (alike), different blocking factors (two rows of a per block
// against one of c), a block that is not a whole row of a, a layout that matches only on one thread (a
// indefinite, all on thread 0), a second name of a written in the body (checked to be another object, or
// declared in the body and refused), and a strict array (refused). A row the affinity does not name
// (a[i + 1][l]) keeps its proxy.
#include <cstdio>
#include <pgas/upc.hpp>

using namespace pgas;

using Matrix = shared_array2d<double>;

void multiply(long m, long n, long p, const Matrix &a, const Matrix &b, const Matrix &c) {
  upc_forall(long i = 0, i < m, i++, &c[i][0]) {
    for (long j = 0; j < p; ++j) {
      double sum = 0;
      for (long l = 0; l < n; ++l) sum += a[i][l] * b[l][j];
      c[i][j] = sum;
    }
  }
}

void next_row(long m, long n, long p, const Matrix &a, const Matrix &b, const Matrix &c) {
  upc_forall(long i = 0, i < m - 1, i++, &c[i][0]) {
    for (long j = 0; j < p; ++j) {
      double sum = 0;
      for (long l = 0; l < n; ++l) sum += a[i + 1][l] * b[l][j];
      c[i][j] = sum;
    }
  }
}

void pointer_alias(long m, long n, const Matrix &a, const Matrix &b, const Matrix &c,
                   global_ptr<double> q, long stride) {
  upc_forall(long i = 0, i < m, i++, &c[i][0]) {
    double sum = 0;
    for (long l = 0; l < n; ++l) sum += a[i][l] * b[l][0];
    c[i][0] = sum;
    q[i * stride] = sum;
  }
}

// b of another element type, so that only a may share memory with the reference declared in the body.
void alias_in_body(long m, long n, const Matrix &a, const shared_array2d<int> &bi, const Matrix &c) {
  upc_forall(long i = 0, i < m, i++, &c[i][0]) {
    const Matrix &same = a;
    double sum = 0;
    for (long l = 0; l < n; ++l) sum += a[i][l] * bi[l][0];
    same[i][0] = sum;
    c[i][0] = sum;
  }
}

void strict_rows(long m, long n, const shared_array2d<double, strict> &s, const Matrix &b, const Matrix &c) {
  upc_forall(long i = 0, i < m, i++, &c[i][0]) {
    double sum = 0;
    for (long l = 0; l < n; ++l) sum += s[i][l] * b[l][0];
    c[i][0] = sum;
  }
}

void fill(const Matrix &x, long salt) {
  for (long i = 0; i < static_cast<long>(x.rows()); ++i)
    upc_forall(long j = 0, j < static_cast<long>(x.cols()), j++, &x[i][j]) {
      x[i][j] = static_cast<double>((i * 7 + j * 3 + salt) % 11) - 5;
    }
  upc_barrier;
}

void print(const char *what, const Matrix &c) {
  upc_barrier;
  if (MYTHREAD == 0) {
    double check = 0;
    for (long i = 0; i < static_cast<long>(c.rows()); ++i)
      for (long j = 0; j < static_cast<long>(c.cols()); ++j)
        check += static_cast<double>(c[i][j]) * static_cast<double>(i * 31 + j + 1);
    std::printf("%s %.1f\n", what, check);
  }
  upc_barrier;
}

int main() {
  const long m = 13, n = 6, p = 5;
  Matrix b(n, p, 1, "b");
  fill(b, 2);
  {  // rows of different lengths, one per block: alike
    Matrix a(m, n, n, "a"), c(m, p, p, "c");
    fill(a, 1);
    multiply(m, n, p, a, b, c);
    print("alike", c);
    next_row(m, n, p, a, b, c);
    print("next_row", c);
  }
  {  // two rows of a per block, one of c: different blocking factors
    Matrix a(m, n, 2 * n, "a"), c(m, p, p, "c");
    fill(a, 3);
    multiply(m, n, p, a, b, c);
    print("blocking", c);
  }
  {  // a's block is c's row length: not whole rows of a
    Matrix a(m, n, p, "a"), c(m, p, p, "c");
    fill(a, 4);
    multiply(m, n, p, a, b, c);
    print("partial_rows", c);
  }
  {  // a indefinite (all on thread 0): alike on one thread only
    Matrix a(m, n, indefinite, "a"), c(m, p, p, "c");
    fill(a, 5);
    multiply(m, n, p, a, b, c);
    print("one_thread", c);
  }
  {  // c cyclic: its rows are not whole in a block
    Matrix a(m, n, n, "a"), c(m, p, 1, "c");
    fill(a, 6);
    multiply(m, n, p, a, b, c);
    print("cyclic_c", c);
  }
  {  // a pointer-to-shared into a, written in the body; then one into another array
    Matrix a(m, n, n, "a"), c(m, p, p, "c"), other(m, 1, 1, "other");
    fill(a, 7);
    pointer_alias(m, n, a, b, c, &a[0][0], n);
    print("alias_a", a);
    print("alias_c", c);
    pointer_alias(m, n, a, b, c, &other[0][0], 1);
    print("other", other);
    shared_array2d<int> bi(n, 1, 1, "bi");
    upc_forall(long l = 0, l < n, l++, &bi[l][0]) { bi[l][0] = static_cast<int>(l % 3) - 1; }
    upc_barrier;
    alias_in_body(m, n, a, bi, c);
    print("alias_in_body", a);
  }
  {
    Matrix c(m, p, p, "c");
    shared_array2d<double, strict> s(m, n, n, "s");
    for (long i = 0; i < m; ++i)
      upc_forall(long l = 0, l < n, l++, &s[i][l]) { s[i][l] = static_cast<double>(i - l); }
    upc_barrier;
    strict_rows(m, n, s, b, c);
    print("strict", c);
  }
  return 0;
}
// CHECK: input.cpp:49:3: warning: accesses of 'a' at the affinity's row are not privatized: an element of 'a' is used in a way a plain reference would change ('a' is used other than by element access)
// CHECK: input.cpp:49:3: warning: accesses of 'c' at the affinity's row are not privatized: the loop body writes 'same', which may name the same shared memory
// CHECK: input.cpp:49:3: warning: accesses of 'c' at the affinity's element are not privatized: the loop body writes 'same', which may name the same shared memory
// CHECK: input.cpp:59:3: warning: not rewritten: strict shared access in the loop body
