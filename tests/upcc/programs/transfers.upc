/* Berkeley UPC's transfer extensions as UPC programs write them, half under the upc_ names that
 * BUPC_USE_UPC_NAMESPACE gives: vector lists (the source regions' bytes, in list order, fill the
 * destination regions in list order), indexed lists (one length per list), strided transfers (fstrided:
 * chunks of one length at one stride per side; strided: the GASNet form of levels), their _async forms
 * synced one by one, as arrays (_all: every handle; _some: at least one in flight, or succeed at once when
 * none is) and through an access region; an atomic under its upc_ name; a lock freed with upc_free. Element
 * i of the array is 10 * i; each check compares what arrived with that rule; a thread whose check fails
 * prints it. */
#define BUPC_USE_UPC_NAMESPACE
#include <upc.h>
#include <stdio.h>

#define B 16
shared[B] long a[B * THREADS];
shared[B] long b[B * THREADS];
upc_lock_t *shared locks[THREADS];
shared int64_t counter;

static int failures = 0;
static void check(const char *what, long got, long want) {
  if (got != want) {
    ++failures;
    printf("FAIL thread %d %s: %ld, expected %ld\n", MYTHREAD, what, got, want);
  }
}

/* Elements 2..5 of every thread's block, gathered into one private array cut as 3 regions. */
static void vector_lists(int next) {
  long got[4 * THREADS];
  upc_smemvec_t src[THREADS];
  for (int t = 0; t < THREADS; ++t) {
    src[t].addr = &a[t * B + 2];
    src[t].len = 4 * sizeof(long);
  }
  upc_pmemvec_t dst[] = {{got, sizeof(long)}, {got + 1, 5 * sizeof(long)}, {got + 6, 0}};
  dst[2].len = sizeof got - 6 * sizeof(long);
  upc_handle_t h = upc_memget_vlist_async(3, dst, THREADS, src);
  upc_waitsync(h);
  for (int k = 0; k < 4 * THREADS; ++k) check("vlist get", got[k], 10 * ((k / 4) * B + 2 + k % 4));
  /* Put: two private regions into elements 8..10 of the next thread's block of b. */
  long mine[] = {MYTHREAD, MYTHREAD + 1, MYTHREAD + 2};
  bupc_pmemvec_t from[] = {{mine, sizeof(long)}, {mine + 1, 2 * sizeof(long)}};
  bupc_smemvec_t to[] = {{&b[next * B + 8], 3 * sizeof(long)}};
  bupc_memput_vlist(1, to, 2, from);
}

/* Element 0 and 1 of every thread's block (2 elements per address) into regions of one element. */
static void indexed_lists(void) {
  shared const void *src[THREADS];
  long got[2 * THREADS];
  void *dst[2 * THREADS];
  for (int t = 0; t < THREADS; ++t) src[t] = &a[t * B];
  for (int k = 0; k < 2 * THREADS; ++k) dst[k] = &got[k];
  upc_memget_ilist(2 * THREADS, dst, sizeof(long), THREADS, src, 2 * sizeof(long));
  for (int k = 0; k < 2 * THREADS; ++k) check("ilist get", got[k], 10 * ((k / 2) * B + k % 2));
}

/* Rows of 4 elements: elements 12..13 of the previous thread's block, as 2 chunks of 1, into b's 14..15. */
static void strided_copy(int previous) {
  bupc_handle_t h = bupc_memcpy_fstrided_async(&b[MYTHREAD * B + 14], 2 * sizeof(long), 2 * sizeof(long), 1,
                                               &a[previous * B + 12], sizeof(long), sizeof(long), 2);
  bupc_handle_t handles[3] = {h, BUPC_COMPLETE_HANDLE, BUPC_COMPLETE_HANDLE};
  bupc_waitsync_all(handles, 3);
  for (int k = 0; k < 3; ++k) check("waitsync_all leaves complete handles", handles[k] == BUPC_COMPLETE_HANDLE, 1);
  /* Read back as 2 chunks of one element, 1 element apart here and 2 apart in got. */
  long got[3] = {0, -5, 0};
  size_t dst_strides[] = {2 * sizeof(long)}, src_strides[] = {sizeof(long)}, count[] = {sizeof(long), 2};
  upc_memget_strided(got, dst_strides, &b[MYTHREAD * B + 14], src_strides, count, 1);
  check("memcpy_fstrided, first", got[0], 10 * (previous * B + 12));
  check("strided get leaves the gap", got[1], -5);
  check("memcpy_fstrided, second", got[2], 10 * (previous * B + 13));
}

/* Implicit-handle gets inside an access region complete through its handle. */
static void access_region(void) {
  long got[THREADS];
  upc_begin_accessregion();
  for (int t = 0; t < THREADS; ++t) upc_memget_asynci(&got[t], &a[t * B + 7], sizeof(long));
  upc_handle_t region = upc_end_accessregion();
  upc_handle_t handles[2] = {BUPC_COMPLETE_HANDLE, region};
  check("trysync_some of complete handles only", upc_trysync_some(handles, 1), 1);
  upc_waitsync_some(handles, 2);
  check("waitsync_some completed the region", handles[1] == BUPC_COMPLETE_HANDLE, 1);
  for (int t = 0; t < THREADS; ++t) check("access region", got[t], 10 * (t * B + 7));
}

int main(void) {
  const int next = (MYTHREAD + 1) % THREADS, previous = (MYTHREAD + THREADS - 1) % THREADS;
  for (int k = 0; k < B; ++k) {
    a[MYTHREAD * B + k] = 10 * (MYTHREAD * B + k);
    b[MYTHREAD * B + k] = -1;
  }
  locks[MYTHREAD] = upc_global_lock_alloc();
  upc_barrier;
  vector_lists(next);
  indexed_lists();
  strided_copy(previous);
  access_region();
  upc_barrier;
  for (int k = 0; k < 3; ++k) check("vlist put", b[MYTHREAD * B + 8 + k], previous + k);
  check("vlist put leaves the rest", b[MYTHREAD * B + 11], -1);
  /* Berkeley's atomics under the upc_ names too: every thread adds its number plus one. */
  upc_atomicI64_fetchadd_relaxed(&counter, MYTHREAD + 1);
  upc_barrier;
  check("upc_atomicI64_fetchadd_relaxed", upc_atomicI64_read_strict(&counter), THREADS * (THREADS + 1) / 2);
  upc_lock(locks[next]);
  upc_unlock(locks[next]);
  upc_barrier;
  upc_free(locks[MYTHREAD]);
  upc_barrier;
  if (MYTHREAD == 0) printf("transfers: %s\n", failures ? "wrong" : "ok");
  return 0;
}
