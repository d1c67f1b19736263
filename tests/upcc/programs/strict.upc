/* Strict accesses through pointers-to-shared (UPC 1.3 §6.5.1.1, §6.7.1, §5.1.2.3): an access through a
 * pointer whose referenced type is strict, or unqualified where #pragma upc strict applies, is strict. A
 * token passes round a ring of threads: each thread writes its successor's payload with a relaxed access,
 * then the successor's token with a strict one, and waits on its own token (which has affinity to it)
 * through a pointer. A thread that sees the token must see the payload written before it, and its wait must
 * read the token anew each time. */
#include <upc.h>
#include <stdio.h>

#define ROUNDS 100

shared int token[THREADS];
shared int payload[THREADS];
shared int failures[THREADS];

static void wait_strict(strict shared int *t, int round) {
  while (*t != round) continue;
}
static void send(strict shared int *t, shared int *p, int round) {
  *p = round * 100 + MYTHREAD;
  *t = round;
}

#pragma upc strict
/* Unqualified shared types are strict from here on: the same wait, through an unqualified pointer. */
static void wait_under_pragma(shared int *t, int round) {
  while (*t != round) continue;
}
#pragma upc relaxed

int main(void) {
  const int next = (MYTHREAD + 1) % THREADS, previous = (MYTHREAD + THREADS - 1) % THREADS;
  shared int *mine = &token[MYTHREAD];
  for (int round = 1; round <= ROUNDS; ++round) {
    if (MYTHREAD == 0) send(&token[next], &payload[next], round);
    if (round % 2) wait_strict(mine, round);
    else wait_under_pragma(mine, round);
    relaxed shared int *p = &payload[MYTHREAD];
    if (*p != round * 100 + previous) ++failures[MYTHREAD];
    if (MYTHREAD != 0) send(&token[next], &payload[next], round);
  }
  upc_barrier;
  if (MYTHREAD == 0) {
    int all = 0;
    for (int t = 0; t < THREADS; ++t) all += failures[t];
    printf("strict: %s\n", all ? "wrong" : "ok");
  }
  return 0;
}
