/* Layouts of shared arrays (UPC 1.3 §6.5.1.1, §6.5.2, §6.4.1, §7.2.3): element i of an array with block
 * size B lives on thread floor(i / B) mod THREADS at phase i mod B; [] puts every element on thread 0;
 * [*] blocks by ceil(N / THREADS); sizeof is the size of the whole array. The expected values below are
 * those formulas, computed here from THREADS. Prints one line per clause. */
#include <upc_relaxed.h>
#include <stdio.h>

#define B 3
#define N 7
shared int cyclic[N * THREADS];
shared [B] double blocked[N * THREADS];
shared [] char indefinite[20];
shared [*] long star[5 * THREADS];
shared [2] int grid[4][3 * THREADS];
shared int scalar;

static int failures = 0;
static void check(const char *what, long got, long want) {
  if (got != want) {
    ++failures;
    printf("FAIL %s: %ld, expected %ld\n", what, got, want);
  }
}

int main(void) {
  int i;
  const long star_block = 5;
  if (MYTHREAD == 0) {
    for (i = 0; i < N * THREADS; i++) {
      check("cyclic thread", (long)upc_threadof(&cyclic[i]), i % THREADS);
      check("cyclic phase", (long)upc_phaseof(&cyclic[i]), 0);
      check("blocked thread", (long)upc_threadof(&blocked[i]), (i / B) % THREADS);
      check("blocked phase", (long)upc_phaseof(&blocked[i]), i % B);
    }
    for (i = 0; i < 20; i++) check("indefinite thread", (long)upc_threadof(&indefinite[i]), 0);
    for (i = 0; i < 5 * THREADS; i++) check("star thread", (long)upc_threadof(&star[i]), (i / star_block) % THREADS);
    for (i = 0; i < 4 * 3 * THREADS; i++)
      check("2-d thread", (long)upc_threadof(&grid[i / (3 * THREADS)][i % (3 * THREADS)]), (i / 2) % THREADS);
    check("scalar thread", (long)upc_threadof(&scalar), 0);
    printf("affinity: %s\n", failures ? "wrong" : "ok");

    failures = 0;
    check("sizeof cyclic", (long)sizeof(cyclic), (long)(N * THREADS * sizeof(int)));
    check("sizeof blocked", (long)sizeof blocked, (long)(N * THREADS * sizeof(double)));
    check("sizeof grid", (long)sizeof(grid), (long)(4 * 3 * THREADS * sizeof(int)));
    check("sizeof scalar", (long)sizeof(scalar), (long)sizeof(int));
    check("sizeof shared type", (long)sizeof(shared [B] double), (long)sizeof(double));
    check("elemsizeof", (long)upc_elemsizeof(blocked), (long)sizeof(double));
    check("blocksizeof blocked", (long)upc_blocksizeof(blocked), B);
    check("blocksizeof cyclic", (long)upc_blocksizeof(cyclic), 1);
    check("blocksizeof indefinite", (long)upc_blocksizeof(indefinite), 0);
    check("blocksizeof star", (long)upc_blocksizeof(star), star_block);
    check("blocksizeof type", (long)upc_blocksizeof(shared [5] int), 5);
    {
      /* An upper bound of what any one thread holds (the most, counted by the layout formula), at most
       * ceil(blocks / THREADS) whole blocks. */
      long blocks = (N * THREADS + B - 1) / B, most = 0, t;
      for (t = 0; t < THREADS; t++) {
        long held = 0;
        for (i = 0; i < N * THREADS; i++) held += (i / B) % THREADS == t;
        if (held > most) most = held;
      }
      check("localsizeof blocked is an upper bound", (long)upc_localsizeof(blocked) >= most * (long)sizeof(double), 1);
      check("localsizeof blocked is at most whole blocks", (long)upc_localsizeof(blocked) <=
            (long)(((blocks + THREADS - 1) / THREADS) * B * sizeof(double)), 1);
      check("localsizeof cyclic", (long)upc_localsizeof(cyclic), (long)(N * sizeof(int)));
      check("localsizeof indefinite", (long)upc_localsizeof(indefinite), 20);
    }
    printf("sizes: %s\n", failures ? "wrong" : "ok");
  }
  upc_barrier;
  return 0;
}
