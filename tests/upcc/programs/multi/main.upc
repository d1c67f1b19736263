#include <stdio.h>
#include "histogram.h"

int main(void) {
  bins_lock = upc_all_lock_alloc();
  fill_data();
  upc_barrier;
  count_my_elements();
  upc_barrier;
  if (MYTHREAD == 0) {
    int expected[BINS] = {0}, i, wrong = 0;
    for (i = 0; i < PER_THREAD * THREADS; i++) expected[value_at(i) % BINS]++;
    for (i = 0; i < BINS; i++) wrong += bins[i] != expected[i];
    printf("multi: %s\n", wrong ? "wrong" : "ok");
    upc_lock_free(bins_lock);
  }
  return 0;
}
