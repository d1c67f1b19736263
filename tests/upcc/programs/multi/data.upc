#include "histogram.h"

shared [PER_THREAD] int data[PER_THREAD * THREADS];

void fill_data(void) {
  int i;
  upc_forall (i = 0; i < PER_THREAD * THREADS; i++; &data[i]) data[i] = value_at(i);
}
