/* A histogram of values every thread generates, counted straight into shared bins with Berkeley's
 * atomic fetch-and-add (bupc_atomicI64_fetchadd_relaxed); thread 0 checks each bin against a sequential
 * count and that the bins add up to all values. */
#include <upc.h>
#include <stdint.h>
#include <stdio.h>

#define BINS 16
#define VALUES 500

shared int64_t bins[BINS];

static int value(int thread, int k) { return (thread * 7919 + k * 104729) % 1009; }

int main(void) {
  int k, t, b, wrong = 0;
  for (k = 0; k < VALUES; k++) bupc_atomicI64_fetchadd_relaxed(&bins[value(MYTHREAD, k) % BINS], 1);
  upc_barrier;
  if (MYTHREAD == 0) {
    int64_t expected[BINS] = {0}, total = 0;
    for (t = 0; t < THREADS; t++)
      for (k = 0; k < VALUES; k++) expected[value(t, k) % BINS]++;
    for (b = 0; b < BINS; b++) {
      int64_t got = bupc_atomicI64_read_strict(&bins[b]);
      wrong += got != expected[b];
      total += got;
    }
    wrong += total != (int64_t)VALUES * THREADS;
    printf("histogram: %s\n", wrong ? "wrong" : "ok");
  }
  return 0;
}
