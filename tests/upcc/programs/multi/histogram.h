/* A histogram of a shared array over three UPC files and a C file: the shared objects are defined in
 * data.upc and histogram.upc and declared here (UPC 1.3 §6.5: external shared declarations name one object
 * in every file). */
#ifndef HISTOGRAM_H
#define HISTOGRAM_H

#include <upc.h>

#define PER_THREAD 50
#define BINS 8

extern shared [PER_THREAD] int data[PER_THREAD * THREADS];
extern shared int bins[BINS];
extern upc_lock_t *bins_lock;

void fill_data(void);         /* data.upc */
void count_my_elements(void); /* histogram.upc */
int value_at(int i);          /* value.c, plain C */

#endif
