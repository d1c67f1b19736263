/* Berkeley UPC's value collectives (<bupc_collectivev.h>, version 1.2 of its interface): each is a
 * collective operation on one value per thread. reduce returns the reduction on the root (every thread
 * with root -1, as reduce_all); prefix_reduce gives thread i value0 OP ... OP valuei; broadcast returns the
 * root's value everywhere; scatter gives thread i element i of the root's array; gather puts every thread's
 * value, in thread order, into the root's array (every thread's with root -1; a NULL array discards it);
 * permute returns the value of the thread that sent to this one. */
#include <upc.h>
#include <bupc_collectivev.h>
#include <stdio.h>
#include <stdlib.h>

struct wide { long word[8]; };

static int failures = 0;
static void check(const char *what, long got, long want) {
  if (got != want) {
    ++failures;
    printf("FAIL thread %d %s: %ld, expected %ld\n", MYTHREAD, what, got, want);
  }
}
shared int results[THREADS];

int main(void) {
  const long n = THREADS, me = MYTHREAD;
  int one_based = MYTHREAD + 1;
  int sum = bupc_allv_reduce(int, one_based, 0, UPC_ADD);
  if (MYTHREAD == 0) check("reduce to 0", sum, n * (n + 1) / 2);
  double as_double = MYTHREAD;
  check("reduce_all max", (long)bupc_allv_reduce_all(double, as_double, UPC_MAX), n - 1);
  long long two = 2;
  check("reduce -1 mult", (long)bupc_allv_reduce(long long, two, -1, UPC_MULT), 1L << n);
  unsigned bit = 1u << MYTHREAD;
  check("reduce_all or", (long)bupc_allv_reduce_all(unsigned, bit, UPC_OR), (1L << n) - 1);
  check("prefix_reduce add", bupc_allv_prefix_reduce(int, one_based, UPC_ADD), (me + 1) * (me + 2) / 2);

  struct wide w;
  for (int k = 0; k < 8; ++k) w.word[k] = 1000 * MYTHREAD + k;
  struct wide from_last = bupc_allv_broadcast(struct wide, w, THREADS - 1);
  check("broadcast of a struct", from_last.word[7], 1000 * (n - 1) + 7);

  long *source = NULL;
  if (MYTHREAD == 0) {
    source = malloc(THREADS * sizeof(long));
    for (int t = 0; t < THREADS; ++t) source[t] = 100 + t;
  }
  check("scatter", bupc_allv_scatter(long, 0, source), 100 + me);
  free(source);

  int triple = 3 * MYTHREAD;
  int *gathered = MYTHREAD == THREADS - 1 ? malloc(THREADS * sizeof(int)) : NULL;
  int *returned = bupc_allv_gather(int, triple, THREADS - 1, gathered);
  if (MYTHREAD == THREADS - 1)
    for (int t = 0; t < THREADS; ++t) check("gather", returned[t], 3 * t);
  free(gathered);

  struct wide *everyone = MYTHREAD % 2 ? NULL : malloc(THREADS * sizeof(struct wide));
  bupc_allv_gather_all(struct wide, w, everyone);
  if (everyone)
    for (int t = 0; t < THREADS; ++t) check("gather_all", everyone[t].word[3], 1000 * t + 3);
  free(everyone);

  int mine = MYTHREAD;
  check("permute to the right", bupc_allv_permute(int, mine, (MYTHREAD + 1) % THREADS),
        (me + n - 1) % n);

  results[MYTHREAD] = failures;
  upc_barrier;
  if (MYTHREAD == 0) {
    int all = 0;
    for (int t = 0; t < THREADS; ++t) all += results[t];
    printf("collectivev: %s\n", all ? "wrong" : "ok");
  }
  return 0;
}
