/* upc_forall (UPC 1.3 §6.6.2) and barriers (§6.6.1): an integer affinity runs the iteration on thread
 * affinity mod THREADS, a pointer-to-shared affinity on the pointed-to element's thread, continue (or no
 * affinity) on every thread; a upc_forall inside a controlling one, directly or through a call, runs all
 * its iterations. Each thread counts what it ran; thread 0 checks the counts against those rules. */
#include <upc.h>
#include <stdio.h>

#define N 24
shared int by_int[THREADS];
shared int by_pointer[THREADS];
shared int every[THREADS];
shared int nested[THREADS];
shared int through_call[THREADS];
shared [3] int data[N];

static int inner_loop(void) {
  int j, count = 0;
  upc_forall (j = 0; j < 5; j++; j) count++;
  return count;
}

int main(void) {
  int i, j;
  upc_forall (i = 0; i < N; i++; i) by_int[MYTHREAD] += 1;
  upc_forall (i = 0; i < N; i++; &data[i]) by_pointer[MYTHREAD] += 1;
  upc_forall (i = 0; i < N; i++; continue) every[MYTHREAD] += 1;
  upc_forall (i = 0; i < N; i++;) every[MYTHREAD] += 1;
  upc_forall (i = 0; i < N; i++; i)
    upc_forall (j = 0; j < 4; j++; j) nested[MYTHREAD] += 1;
  upc_forall (i = 0; i < N; i++; i) through_call[MYTHREAD] += inner_loop();
  upc_notify MYTHREAD % 1;
  upc_wait;
  upc_barrier(7);
  if (MYTHREAD == 0) {
    int t, wrong = 0;
    for (t = 0; t < THREADS; t++) {
      int mine_int = 0, mine_pointer = 0;
      for (i = 0; i < N; i++) {
        mine_int += i % THREADS == t;
        mine_pointer += (i / 3) % THREADS == t;
      }
      wrong += by_int[t] != mine_int;
      wrong += by_pointer[t] != mine_pointer;
      wrong += every[t] != 2 * N;
      wrong += nested[t] != mine_int * 4;
      wrong += through_call[t] != mine_int * 5;
      if (wrong) printf("FAIL thread %d: %d %d %d %d %d\n", t, by_int[t], by_pointer[t], every[t], nested[t], through_call[t]);
    }
    printf("forall: %s\n", wrong ? "wrong" : "ok");
  }
  upc_barrier;
  return 0;
}
