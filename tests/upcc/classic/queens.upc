/* N-Queens by work sharing: the tasks are the placements of the first two rows; each thread takes the next
 * task from a shared counter under a lock until none is left, counts the solutions below it, and adds its
 * count to a shared total under the lock. The total is the known number of solutions (OEIS A000170: 92
 * for 8 queens). */
#include <upc.h>
#include <stdio.h>

#define N 8

shared int next_task;
shared long total;
upc_lock_t *lock;

static long solve(int row, int cols, int diag1, int diag2) {
  long count = 0;
  int c;
  if (row == N) return 1;
  for (c = 0; c < N; c++) {
    int d1 = row + c, d2 = row - c + N - 1;
    if ((cols >> c) & 1 || (diag1 >> d1) & 1 || (diag2 >> d2) & 1) continue;
    count += solve(row + 1, cols | 1 << c, diag1 | 1 << d1, diag2 | 1 << d2);
  }
  return count;
}

/* Task t places row 0 at column t / N and row 1 at column t % N, when they do not attack each other. */
static long task(int t) {
  int c0 = t / N, c1 = t % N;
  if (c0 == c1 || c0 - c1 == 1 || c1 - c0 == 1) return 0;
  return solve(2, 1 << c0 | 1 << c1, 1 << c0 | 1 << (1 + c1), 1 << (N - 1 - c0) | 1 << (1 - c1 + N - 1));
}

int main(void) {
  long mine = 0;
  int t;
  lock = upc_all_lock_alloc();
  for (;;) {
    upc_lock(lock);
    t = next_task;
    next_task = t + 1;
    upc_unlock(lock);
    if (t >= N * N) break;
    mine += task(t);
  }
  upc_lock(lock);
  total += mine;
  upc_unlock(lock);
  upc_barrier;
  if (MYTHREAD == 0) printf("queens: %ld solutions for %d queens (%s)\n", total, N, total == 92 ? "ok" : "wrong");
  upc_barrier;
  if (MYTHREAD == 0) upc_lock_free(lock);
  return 0;
}
