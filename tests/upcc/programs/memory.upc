/* The UPC library's allocation, pointer queries, locks and bulk copies (UPC 1.3 §7.2.2-§7.2.5), and the
 * split barrier with values (§6.6.1). Element i of a shared [B] array is on thread floor(i / B) mod THREADS
 * at local index floor(i / (B * THREADS)) * B + i mod B; each expectation below is computed from that rule
 * or from the functions' text:
 *  - upc_global_alloc(nblocks, nbytes) is shared [nbytes] char[nblocks * nbytes]: its first block is on
 *    thread 0; upc_alloc(nbytes) is shared [] char[nbytes] on the caller;
 *  - upc_affinitysize(total, nbytes, t) is how many bytes of shared [nbytes] char[total] thread t holds;
 *  - upc_resetphase(p) is p with phase 0, the same thread and address;
 *  - upc_lock_attempt returns 1 when it acquires the lock and 0 when another thread holds it;
 *  - upc_memcpy / upc_memset / upc_memput / upc_memget move bytes within one thread's part. */
#include <upc.h>
#include <stdio.h>

#define B 4
shared [B] int a[4 * B * THREADS];
shared [] int *shared from_global;
shared int attempts[THREADS];

static int failures = 0;
static void check(const char *what, long got, long want) {
  if (got != want) {
    ++failures;
    printf("FAIL thread %d %s: %ld, expected %ld\n", MYTHREAD, what, got, want);
  }
}

static long owner(long i) { return (i / B) % THREADS; }
static long local_index(long i) { return (i / (B * THREADS)) * B + i % B; }
static long element_at(long thread, long local) { return ((local / B) * THREADS + thread) * B + local % B; }

static void queries(void) {
  for (long i = 0; i < 4 * B * THREADS; ++i) {
    check("upc_threadof", upc_threadof(&a[i]), owner(i));
    check("upc_phaseof", upc_phaseof(&a[i]), i % B);
  }
  shared [B] int *p = upc_resetphase(&a[5]);
  check("upc_resetphase: phase", upc_phaseof(p), 0);
  check("upc_resetphase: thread", upc_threadof(p), owner(5));
  check("upc_resetphase: the element", *p, a[5]);
  check("upc_resetphase: 3 further", *(p + 3), a[element_at(owner(5), local_index(5) + 3)]);
  for (long total = 0; total < 3 * B * THREADS + 3; total += 5)
    for (int t = 0; t < THREADS; ++t) {
      long held = 0;
      for (long byte = 0; byte < total; ++byte) held += (byte / 3) % THREADS == t;
      check("upc_affinitysize", upc_affinitysize(total, 3, t), held);
    }
}

static void allocation(void) {
  if (MYTHREAD == 0) {
    shared [] int *g = upc_global_alloc(2, 8 * sizeof(int));
    check("upc_global_alloc: first block on thread 0", upc_threadof(g), 0);
    for (int k = 0; k < 8; ++k) g[k] = 7 * k;
    from_global = g;
  }
  shared [] int *mine = upc_alloc(4 * sizeof(int));
  check("upc_alloc: on the caller", upc_threadof(mine), MYTHREAD);
  upc_memset(mine, 0, 4 * sizeof(int));
  check("upc_memset", mine[3], 0);
  upc_barrier;
  int got[8];
  upc_memget(got, from_global, sizeof got);
  for (int k = 0; k < 8; ++k) check("upc_memget from upc_global_alloc", got[k], 7 * k);
  upc_memput(mine, got + 4, 4 * sizeof(int));
  check("upc_memput", mine[0], 28);
  upc_free(mine);
  upc_barrier;
  if (MYTHREAD == 0) upc_free(from_global);
}

static void copies(void) {
  const int next = (MYTHREAD + 1) % THREADS;
  for (int k = 0; k < B; ++k) a[MYTHREAD * B + k] = 100 * MYTHREAD + k;
  upc_barrier;
  /* My second block (elements B * (THREADS + MYTHREAD) ...) from the next thread's first. */
  upc_memcpy(&a[B * (THREADS + MYTHREAD)], &a[next * B], B * sizeof(int));
  for (int k = 0; k < B; ++k) check("upc_memcpy", a[B * (THREADS + MYTHREAD) + k], 100 * next + k);
  upc_barrier;
}

static void locks(void) {
  upc_lock_t *lock = upc_all_lock_alloc();
  if (MYTHREAD == 0) upc_lock(lock);
  upc_barrier;
  if (MYTHREAD != 0) attempts[MYTHREAD] = upc_lock_attempt(lock);
  upc_barrier;
  if (MYTHREAD == 0) {
    for (int t = 1; t < THREADS; ++t) check("upc_lock_attempt on a held lock", attempts[t], 0);
    upc_unlock(lock);
  }
  upc_barrier;
  if (MYTHREAD == THREADS - 1) {
    check("upc_lock_attempt on a free lock", upc_lock_attempt(lock), 1);
    upc_unlock(lock);
  }
  upc_barrier;
  upc_all_lock_free(lock);
}

int main(void) {
  for (long i = MYTHREAD * B; i < 4 * B * THREADS; i += B * THREADS)
    for (long k = i; k < i + B; ++k) a[k] = (int)k;
  upc_barrier;
  queries();
  upc_barrier;
  allocation();
  copies();
  locks();
  upc_notify 42;
  upc_fence;
  upc_wait 42;
  upc_barrier 7;
  if (MYTHREAD == 0) printf("memory: %s\n", failures ? "wrong" : "ok");
  return 0;
}
