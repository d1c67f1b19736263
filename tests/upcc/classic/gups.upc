/* gups: the HPC Challenge RandomAccess benchmark written as a UPC program: a table of 2^K 64-bit words
 * allocated with upc_all_alloc, T[i] = i; thread t applies its share of the benchmark's random stream,
 * T[ran & (2^K - 1)] ^= ran, straight through pointer-to-shared indexing; thread 0 then applies every
 * thread's updates again to a private copy and counts the entries that differ from their initial value
 * (at most 1% may, as the benchmark allows). Usage: gups [K [updates per thread]].
 * Prints the line samples/gups prints, so that the two can be compared. */
#include <upc.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/time.h>

#define POLY 0x0000000000000007ULL
#define PERIOD 1317624576693539401LL

static uint64_t next_random(uint64_t ran) { return (ran << 1) ^ ((int64_t)ran < 0 ? POLY : 0); }

/* The n-th element of the stream, in O(log n) (HPCC_starts). */
static uint64_t starts(int64_t n) {
  uint64_t m2[64], temp, ran;
  int i, j;
  while (n < 0) n += PERIOD;
  while (n > PERIOD) n -= PERIOD;
  if (n == 0) return 1;
  temp = 1;
  for (i = 0; i < 64; i++) {
    m2[i] = temp;
    temp = next_random(next_random(temp));
  }
  for (i = 62; i >= 0; i--)
    if ((n >> i) & 1) break;
  ran = 2;
  while (i > 0) {
    temp = 0;
    for (j = 0; j < 64; j++)
      if ((ran >> j) & 1) temp ^= m2[j];
    ran = temp;
    i -= 1;
    if ((n >> i) & 1) ran = next_random(ran);
  }
  return ran;
}

static double now(void) {
  struct timeval tv;
  gettimeofday(&tv, NULL);
  return tv.tv_sec + tv.tv_usec * 1e-6;
}

shared double elapsed;

int main(int argc, char **argv) {
  int log_size = argc > 1 ? atoi(argv[1]) : 20;
  uint64_t size = (uint64_t)1 << log_size, mask = size - 1, i, ran;
  long updates = argc > 2 ? atol(argv[2]) : (long)(4 * size / THREADS), u, errors = 0;
  shared uint64_t *table = (shared uint64_t *)upc_all_alloc(size, sizeof(uint64_t));
  double start;
  int t;

  upc_forall (i = 0; i < size; i++; &table[i]) table[i] = i;
  upc_barrier;
  start = now();
  ran = starts((int64_t)MYTHREAD * updates);
  for (u = 0; u < updates; u++) {
    ran = next_random(ran);
    table[ran & mask] ^= ran;
  }
  upc_barrier;
  if (MYTHREAD == 0) {
    double seconds = now() - start;
    uint64_t *copy = malloc(size * sizeof(uint64_t));
    for (i = 0; i < size; i++) copy[i] = table[i];
    for (t = 0; t < THREADS; t++) {
      ran = starts((int64_t)t * updates);
      for (u = 0; u < updates; u++) {
        ran = next_random(ran);
        copy[ran & mask] ^= ran;
      }
    }
    for (i = 0; i < size; i++) errors += copy[i] != i;
    printf("gups: log_table_size=%d threads=%d updates=%ld errors=%ld gups=%.6f time=%.6f s verification=%s\n",
           log_size, THREADS, updates, errors, seconds > 0 ? (double)updates * THREADS / seconds * 1e-9 : 0.0,
           seconds, errors * 100 <= (long)size ? "PASSED" : "FAILED");
    free(copy);
  }
  upc_barrier;
  upc_all_free(table);
  return 0;
}
