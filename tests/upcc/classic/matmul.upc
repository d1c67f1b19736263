/* C = A B with A and C distributed by rows (shared [N] blocks: row i on thread i mod THREADS) and B whole
 * on every thread: each thread first copies B with upc_memget, one row at a time, then computes its rows
 * of C with upc_forall. Thread 0 compares C with a sequential product. */
#include <upc_relaxed.h>
#include <stdio.h>

#define N 24

shared [N] double A[N][N], B[N][N], C[N][N];

int main(void) {
  double b[N][N], a[N];
  int i, j, k, wrong = 0;
  upc_forall (i = 0; i < N; i++; &A[i][0])
    for (j = 0; j < N; j++) {
      A[i][j] = (double)(i + 2 * j) / N;
      B[i][j] = (double)(i * j % 7) - 3.0;
    }
  upc_barrier;
  for (i = 0; i < N; i++) upc_memget(b[i], &B[i][0], N * sizeof(double));
  upc_forall (i = 0; i < N; i++; &A[i][0]) {
    upc_memget(a, &A[i][0], sizeof a);
    for (j = 0; j < N; j++) {
      double sum = 0;
      for (k = 0; k < N; k++) sum += a[k] * b[k][j];
      C[i][j] = sum;
    }
  }
  upc_barrier;
  if (MYTHREAD == 0) {
    for (i = 0; i < N; i++)
      for (j = 0; j < N; j++) {
        double sum = 0;
        for (k = 0; k < N; k++) sum += ((double)(i + 2 * k) / N) * ((double)(k * j % 7) - 3.0);
        wrong += C[i][j] != sum;
      }
    printf("matmul: %s\n", wrong ? "wrong" : "ok");
  }
  return 0;
}
