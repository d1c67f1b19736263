/* The C parts of a UPC program keep C's meaning (UPC 1.3 §6.1: UPC is C with extensions), also where C++
 * reads the same text otherwise: designated initializers in any order (C99 §6.7.8), compound literals,
 * lvalues that live to the end of their block and for ever at file scope (§6.5.2.5), variable length
 * arrays and their sizeof (§6.7.5.2, §6.5.3.4), restrict (§6.7.3), old-style function definitions and
 * declarations without a prototype (§6.9.1, §6.5.2.2: the arguments take the default promotions),
 * assignment of a volatile struct (§6.5.16), also from shared memory, and void * converting to any object
 * pointer without a cast (§6.3.2.3). */
#include <upc.h>
#include <stdio.h>
#include <stdlib.h>

struct point { int x, y, z; };

int *squares = (int[]){0, 1, 4, 9};
struct point *corner = &(struct point){.z = 7, .x = 5};
shared int results[THREADS];
shared struct point points[THREADS];
volatile struct point last;

int weighted();  /* no prototype: defined below in the old style */
static long sum(n, v) int n; const long *v; {
  long s = 0;
  for (int i = 0; i < n; ++i) s += v[i];
  return s;
}
static void twice(int n, long *restrict out, const long *restrict in) {
  for (int i = 0; i < n; ++i) out[i] = 2 * in[i];
}

static int failures = 0;
static void check(const char *what, long got, long want) {
  if (got != want) {
    ++failures;
    printf("FAIL thread %d %s: %ld, expected %ld\n", MYTHREAD, what, got, want);
  }
}

int main(void) {
  struct point p = {.z = 3, .x = 1};
  int digits[6] = {[4] = 7, [1] = 2, 3};
  check("designated member", p.x + 10 * p.y + 100 * p.z, 301);
  check("designated element", digits[1] * 100 + digits[2] * 10 + digits[4], 237);
  check("designated rest", digits[0] + digits[3] + digits[5], 0);

  check("file-scope array literal", squares[3], 9);
  check("file-scope struct literal", corner->x * 10 + corner->z, 57);
  {
    struct point *here = &(struct point){.y = MYTHREAD + 1};
    long *row = (long[]){MYTHREAD, 10, 20};
    here->x = 4;  /* a compound literal is an lvalue: it can be written */
    check("block struct literal", here->x * 10 + here->y, 40 + MYTHREAD + 1);
    check("block array literal", row[0] + row[1] + row[2], MYTHREAD + 30);
  }

  int n = 3 + MYTHREAD % 3;
  long vla[n], doubled[n];
  for (int i = 0; i < n; ++i) vla[i] = i + 1;
  check("sizeof of a VLA", (long)sizeof vla, n * (long)sizeof(long));
  twice(n, doubled, vla);
  check("restrict parameters", sum(n, doubled), n * (n + 1));
  check("call without a prototype", weighted(3, 4.0f), 3 * 4 + 1);

  points[MYTHREAD].y = 10 + MYTHREAD;
  upc_barrier;
  last = points[(MYTHREAD + 1) % THREADS];
  check("volatile struct assignment", last.y, 10 + (MYTHREAD + 1) % THREADS);
  last = p;
  check("volatile struct assignment from private", last.z, 3);

  long *heap = malloc(n * sizeof *heap);  /* void * to long * without a cast */
  heap[n - 1] = 5;
  check("implicit void * conversion", heap[n - 1], 5);
  free(heap);

  results[MYTHREAD] = failures;
  upc_barrier;
  if (MYTHREAD == 0) {
    int all = 0;
    for (int t = 0; t < THREADS; ++t) all += results[t];
    printf("c_language: %s\n", all ? "wrong" : "ok");
  }
  return 0;
}

/* The float argument was promoted to double (§6.5.2.2p6). */
int weighted(k, w) int k; double w; { return (int)(k * w) + 1; }
