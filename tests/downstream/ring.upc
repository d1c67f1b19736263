/* A UPC program built with the installed pgas-upcc (pgas_upc_executable()): every thread writes its number
 * into the next thread's element of a cyclic shared array; each then checks its own element. */
#include <upc.h>
#include <stdio.h>

shared int ring[THREADS];

int main(void) {
  ring[(MYTHREAD + 1) % THREADS] = MYTHREAD;
  upc_barrier;
  int from = (MYTHREAD + THREADS - 1) % THREADS, wrong = ring[MYTHREAD] != from;
  if (wrong) printf("ring: thread %d holds %d, expected %d\n", MYTHREAD, ring[MYTHREAD], from);
  upc_barrier;
  if (MYTHREAD == 0) printf("ring: %s\n", wrong ? "wrong" : "ok");
  return wrong;
}
