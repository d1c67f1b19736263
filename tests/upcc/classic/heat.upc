/* A 1-D heat equation by Jacobi iteration over a shared [*] array (each thread holds one contiguous band):
 * every thread updates the cells with affinity to it, reading its neighbours' border cells remotely, and
 * a barrier separates the iterations. Thread 0 then compares every cell, bit for bit, with a sequential
 * run of the same arithmetic. */
#include <upc_relaxed.h>
#include <stdio.h>
#include <stdlib.h>

#define PER_THREAD 64
#define STEPS 50
#define ALPHA 0.25

shared [*] double u[PER_THREAD * THREADS];
shared [*] double next[PER_THREAD * THREADS];

static double initial(int i) { return (double)((i * 37) % 101) / 100.0; }

int main(void) {
  const int n = PER_THREAD * THREADS;
  int i, step, mismatches = 0;
  upc_forall (i = 0; i < n; i++; &u[i]) u[i] = initial(i);
  upc_barrier;
  for (step = 0; step < STEPS; step++) {
    upc_forall (i = 0; i < n; i++; &u[i]) {
      if (i == 0 || i == n - 1)
        next[i] = u[i];
      else
        next[i] = u[i] + ALPHA * ((u[i - 1] - u[i]) + (u[i + 1] - u[i]));
    }
    upc_barrier;
    upc_forall (i = 0; i < n; i++; &u[i]) u[i] = next[i];
    upc_barrier;
  }
  if (MYTHREAD == 0) {
    double *a = malloc(n * sizeof(double)), *b = malloc(n * sizeof(double));
    for (i = 0; i < n; i++) a[i] = initial(i);
    for (step = 0; step < STEPS; step++) {
      for (i = 0; i < n; i++)
        b[i] = (i == 0 || i == n - 1) ? a[i] : a[i] + ALPHA * ((a[i - 1] - a[i]) + (a[i + 1] - a[i]));
      for (i = 0; i < n; i++) a[i] = b[i];
    }
    for (i = 0; i < n; i++) mismatches += u[i] != a[i];
    printf("heat: %s\n", mismatches ? "wrong" : "ok");
    free(a);
    free(b);
  }
  return 0;
}
