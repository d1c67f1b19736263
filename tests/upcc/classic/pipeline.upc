/* A pipeline over the threads with Berkeley's semaphores: thread 0 produces ROUNDS blocks; every thread
 * adds its number to each element and passes the block to the next thread with bupc_memput_signal, which
 * increments that thread's semaphore; the next thread waits on it before reading. The last thread checks
 * that every block went through every stage once. */
#include <upc.h>
#include <stdio.h>

#define ROUNDS 20
#define LEN 32

shared [LEN] int inbox[THREADS][LEN];
bupc_sem_t *shared ready[THREADS];   /* each thread's semaphore, posted by its predecessor */
bupc_sem_t *shared consumed[THREADS]; /* posted by a thread once it read its inbox */

int main(void) {
  int r, k, wrong = 0, block[LEN];
  const int next = MYTHREAD + 1, stages = THREADS * (THREADS - 1) / 2;
  ready[MYTHREAD] = bupc_sem_alloc(BUPC_SEM_INTEGER | BUPC_SEM_SPRODUCER | BUPC_SEM_SCONSUMER);
  consumed[MYTHREAD] = bupc_sem_alloc(BUPC_SEM_INTEGER | BUPC_SEM_SPRODUCER | BUPC_SEM_MCONSUMER);
  upc_barrier;
  for (r = 0; r < ROUNDS; r++) {
    if (MYTHREAD == 0) {
      for (k = 0; k < LEN; k++) block[k] = r * LEN + k;
    } else {
      bupc_sem_wait(ready[MYTHREAD]);
      upc_memget(block, &inbox[MYTHREAD][0], sizeof block);
      bupc_sem_post(consumed[MYTHREAD]);
    }
    for (k = 0; k < LEN; k++) block[k] += MYTHREAD;
    if (next < THREADS) {
      if (r > 0) bupc_sem_wait(consumed[next]);  /* the next thread read the previous block */
      bupc_memput_signal(&inbox[next][0], block, sizeof block, ready[next], 1);
    } else {
      for (k = 0; k < LEN; k++) wrong += block[k] != r * LEN + k + stages;
    }
  }
  if (MYTHREAD == THREADS - 1) printf("pipeline: %s\n", wrong ? "wrong" : "ok");
  upc_barrier;
  return 0;
}
