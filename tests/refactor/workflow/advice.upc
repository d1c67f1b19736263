/* The loops of advice.cpp written in UPC, for pgas-refactor --suggest on a UPC
   program's trace (refactor.suggest_upc): the first is rewritable as it is, the second only with policy
   sum for h, the third is refused. */
#include <upc.h>
#include <stdio.h>
#define N 800
#define BINS 64
shared int x[N], y[N], h[BINS], idx[N];
int main(void) {
  int i, b;
  upc_forall (i = 0; i < N; i++; &y[i]) {
    y[i] = i % 7 + 1;
    idx[i] = (i * 13 + 1) % BINS; /* h[idx[i]] on the next thread */
  }
  upc_forall (b = 0; b < BINS; b++; &h[b]) { h[b] = 0; }
  upc_barrier;
  upc_forall (i = 0; i < N; i++; &x[i]) { x[i] = y[(i + 1) % N] + y[(i + 2) % N] + y[(i + 3) % N]; }
  upc_barrier;
  upc_forall (i = 0; i < N; i++; &idx[i]) { h[idx[i]] += 1; }
  upc_barrier;
  upc_forall (i = 0; i < N; i++; &x[i]) {
    int k = i;
    k = (k * 7 + 3) % N;
    x[i] = x[i] + y[k];
  }
  upc_barrier;
  if (MYTHREAD == 0) {
    long sum = 0;
    for (i = 0; i < N; ++i) sum += x[i];
    for (b = 0; b < BINS; ++b) sum += h[b];
    printf("%ld\n", sum);
  }
  return 0;
}
