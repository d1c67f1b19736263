#include "histogram.h"

shared int bins[BINS];
upc_lock_t *bins_lock;

/* Counts this thread's elements privately, then adds the counts to the shared bins under the lock. */
void count_my_elements(void) {
  int mine[BINS] = {0}, i;
  upc_forall (i = 0; i < PER_THREAD * THREADS; i++; &data[i]) mine[data[i] % BINS]++;
  upc_lock(bins_lock);
  for (i = 0; i < BINS; i++) bins[i] += mine[i];
  upc_unlock(bins_lock);
}
