/* The UPC collectives (<upc_collective.h>, UPC 1.3 required library §7.3), each as its text defines it:
 * broadcast copies the src block (shared [] char[nbytes]) to each thread's block of dst (shared [nbytes]
 * char[nbytes * THREADS]); scatter sends block i of src to thread i; gather is the reverse; gather_all
 * gives every thread all blocks; exchange sends block j of thread i's src to block i of thread j's dst;
 * permute sends thread i's block to thread perm[i]; reduce combines src[0] .. src[nelems - 1] of a
 * shared [blk_size] area, respecting src's phase; prefix_reduce leaves src[0] op ... op src[i] in dst[i]. */
#include <upc.h>
#include <upc_collective.h>
#include <stdio.h>

#define N 3
#define BLK 2
#define ALLSYNC (UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC)

shared [N] int blocks[N * THREADS];
shared [N] int blocks_out[N * THREADS];
shared int perm[THREADS];
shared [BLK] long values[5 * THREADS];
shared [BLK] long prefix[5 * THREADS];
shared long total;

/* Thread t's block of an area from upc_all_alloc(THREADS, bytes): element t of a shared char * (block 1) is
 * on thread t at the start of its part. */
static shared [] int *block_of(shared void *area, int t) { return (shared [] int *)((shared char *)area + t); }

static int failures = 0;
static void check(const char *what, long got, long want) {
  if (got != want) {
    ++failures;
    printf("FAIL thread %d %s: %ld, expected %ld\n", MYTHREAD, what, got, want);
  }
}

int main(void) {
  const int me = MYTHREAD;
  const long n = 5 * THREADS;
  /* One block on thread 0 (shared [] int[N * THREADS]), and a row of N * THREADS ints on every thread. */
  shared [] int *root_block = upc_all_alloc(1, N * THREADS * sizeof(int));
  shared void *rows = upc_all_alloc(THREADS, N * THREADS * sizeof(int));
  shared void *rows_out = upc_all_alloc(THREADS, N * THREADS * sizeof(int));
  shared [] int *my_row = block_of(rows, me), *my_row_out = block_of(rows_out, me);
  if (me == 0)
    for (int k = 0; k < N * THREADS; ++k) root_block[k] = 1000 + k;
  for (int k = 0; k < N; ++k) blocks[me * N + k] = 10 * me + k;
  for (int k = 0; k < N * THREADS; ++k) my_row[k] = 100 * me + k;
  perm[me] = (me + 1) % THREADS;
  for (long i = me * BLK; i < n; i += BLK * THREADS)
    for (long k = i; k < i + BLK && k < n; ++k) values[k] = k + 1;
  upc_barrier;

  upc_all_broadcast(blocks_out, root_block, N * sizeof(int), ALLSYNC);
  for (int k = 0; k < N; ++k) check("broadcast", blocks_out[me * N + k], 1000 + k);

  upc_all_scatter(blocks_out, root_block, N * sizeof(int), ALLSYNC);
  for (int k = 0; k < N; ++k) check("scatter", blocks_out[me * N + k], 1000 + me * N + k);

  upc_all_gather(root_block, blocks, N * sizeof(int), ALLSYNC);
  if (me == 0)
    for (int k = 0; k < N * THREADS; ++k) check("gather", root_block[k], 10 * (k / N) + k % N);

  upc_all_gather_all(rows_out, blocks, N * sizeof(int), ALLSYNC);
  for (int k = 0; k < N * THREADS; ++k) check("gather_all", my_row_out[k], 10 * (k / N) + k % N);

  upc_all_exchange(rows_out, rows, N * sizeof(int), ALLSYNC);
  for (int j = 0; j < THREADS; ++j)
    for (int k = 0; k < N; ++k) check("exchange", my_row_out[j * N + k], 100 * j + me * N + k);

  upc_all_permute(blocks_out, blocks, perm, N * sizeof(int), ALLSYNC);
  const int from = (me + THREADS - 1) % THREADS;
  for (int k = 0; k < N; ++k) check("permute", blocks_out[me * N + k], 10 * from + k);

  /* values[k] = k + 1: the sum of all is n(n + 1)/2; from values[1] (phase 1) on, the first is left out. */
  upc_all_reduceL(&total, values, UPC_ADD, n, BLK, NULL, ALLSYNC);
  check("reduce", total, n * (n + 1) / 2);
  upc_all_reduceL(&total, &values[1], UPC_ADD, n - 1, BLK, NULL, ALLSYNC);
  check("reduce from phase 1", total, n * (n + 1) / 2 - 1);
  upc_all_reduceL(&total, values, UPC_MAX, n, BLK, NULL, ALLSYNC);
  check("reduce max", total, n);

  upc_all_prefix_reduceL(prefix, values, UPC_ADD, n, BLK, NULL, ALLSYNC);
  for (long i = me * BLK; i < n; i += BLK * THREADS)
    for (long k = i; k < i + BLK && k < n; ++k) check("prefix_reduce", prefix[k], (k + 1) * (k + 2) / 2);
  upc_all_prefix_reduceL(&prefix[1], &values[1], UPC_MULT, 3, BLK, NULL, ALLSYNC);
  if (upc_threadof(&prefix[1]) == me) check("prefix_reduce from phase 1, first", prefix[1], 2);
  if (upc_threadof(&prefix[3]) == me) check("prefix_reduce from phase 1, third", prefix[3], 2 * 3 * 4);

  upc_barrier;
  if (me == 0) {
    upc_free(root_block);
    upc_free(rows);
    upc_free(rows_out);
  }
  if (me == 0) printf("collectives: %s\n", failures ? "wrong" : "ok");
  return 0;
}
