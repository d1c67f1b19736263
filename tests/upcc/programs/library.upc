/* The UPC 1.3 library headers under their standard names: a reduction (<upc_collective.h>: the sum of
 * 1..THREADS is THREADS(THREADS+1)/2), an atomic add by every thread (<upc_atomic.h>: THREADS), a
 * non-blocking get of the next thread's element (<upc_nb.h>), upc_cast of an element with affinity to the
 * caller, which is its address (<upc_castable.h>), and a timer that does not run backwards (<upc_tick.h>). */
#include <upc.h>
#include <upc_atomic.h>
#include <upc_castable.h>
#include <upc_collective.h>
#include <upc_nb.h>
#include <upc_tick.h>
#include <stdio.h>

shared int src[THREADS];
shared int sum[1];
shared long total;

int main(void) {
  int wrong = 0, next;
  long one = 1;
  upc_tick_t start = upc_ticks_now();
  src[MYTHREAD] = MYTHREAD + 1;
  upc_all_reduceI(sum, src, UPC_ADD, THREADS, 1, NULL, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
  upc_atomicdomain_t *domain = upc_all_atomicdomain_alloc(UPC_LONG, UPC_ADD, 0);
  upc_atomic_relaxed(domain, NULL, UPC_ADD, &total, &one, NULL);
  upc_barrier;
  upc_handle_t h = upc_memget_nb(&next, &src[(MYTHREAD + 1) % THREADS], sizeof next);
  upc_sync(h);
  wrong += next != (MYTHREAD + 1) % THREADS + 1;
  wrong += (int *)upc_cast(&src[MYTHREAD]) != (int *)&src[MYTHREAD];
  wrong += upc_thread_info(MYTHREAD).guaranteedCastable != UPC_CASTABLE_ALL;
  wrong += upc_ticks_now() < start;
  if (MYTHREAD == 0) {
    wrong += sum[0] != THREADS * (THREADS + 1) / 2;
    wrong += total != THREADS;
  }
  upc_barrier;
  upc_all_atomicdomain_free(domain);
  if (wrong) printf("FAIL thread %d: %d checks\n", MYTHREAD, wrong);
  upc_barrier;
  if (MYTHREAD == 0) printf("library: %s\n", wrong ? "wrong" : "ok");
  return 0;
}
