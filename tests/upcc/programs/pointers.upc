/* Pointers-to-shared (UPC 1.3 §6.4.2, §6.4.3, §6.5.1.1): p + k on a shared [B] T * advances k elements
 * through the array's layout (thread floor(i / B) mod THREADS, phase i mod B); the difference of two
 * pointers into one array is the difference of their indices; conversion to and from shared void *
 * keeps the element; a cast to another block size resets the phase to 0; a cast to a private pointer is
 * the element's local address when it has affinity to the calling thread. The address of a shared scalar
 * is a shared T * (default block size 1) to an object with affinity to thread 0 (§6.5.1.1p5); a volatile
 * shared object is read and written like any other. A private array of pointers-to-shared may have THREADS
 * in its dimension (a variable-length array under dynamic THREADS). */
#include <upc.h>
#include <stdio.h>

#define B 4
shared [B] int a[B * 3 * THREADS];
shared int mine[THREADS];
shared long scalar;
volatile shared int flags[THREADS];

struct cell { int key; double weight; };
shared struct cell cells[2 * THREADS];

static int failures = 0;
static void check(const char *what, long got, long want) {
  if (got != want) {
    ++failures;
    printf("FAIL %s: %ld, expected %ld\n", what, got, want);
  }
}

int main(void) {
  int i, k;
  upc_forall (i = 0; i < B * 3 * THREADS; i++; &a[i]) a[i] = i;
  mine[MYTHREAD] = 100 + MYTHREAD;
  cells[MYTHREAD].key = MYTHREAD;
  cells[MYTHREAD].weight = MYTHREAD / 2.0;
  upc_barrier;
  if (MYTHREAD == 0) {
    shared [B] int *p = a;
    for (k = 0; k < B * 3 * THREADS; k++) {
      shared [B] int *q = p + k;
      check("p + k thread", (long)upc_threadof(q), (k / B) % THREADS);
      check("p + k phase", (long)upc_phaseof(q), k % B);
      check("*(p + k)", *q, k);
      check("q - p", (long)(q - p), k);
      check("p[k]", p[k], k);
    }
    shared [B] int *r = &a[B + 1];
    shared void *v = r;
    shared [B] int *back = (shared [B] int *)v;
    check("through shared void *", *back, B + 1);
    check("phase through shared void *", (long)upc_phaseof(back), 1);
    shared int *cyc = (shared int *)r;
    check("cast to another block size: phase", (long)upc_phaseof(cyc), 0);
    check("cast to another block size: thread", (long)upc_threadof(cyc), (long)upc_threadof(r));
    check("comparison", (long)(&a[2] < &a[3]), 1);
    check("equality", (long)(back == r), 1);
    for (k = 0; k < THREADS; k++) {
      check("struct member", cells[k].key, k);
      shared struct cell *c = &cells[k];
      check("member through pointer", (long)(c->weight * 2), k);
    }
    cells[0].key = 42;
    check("member write", cells[0].key, 42);
    shared long *s = &scalar;
    *s = 7;
    check("address of a scalar: thread", (long)upc_threadof(s), 0);
    check("address of a scalar: phase", (long)upc_phaseof(s), 0);
    check("write through the address of a scalar", scalar, 7);
    volatile shared int *vp = &flags[THREADS - 1];
    *vp = 3;
    check("volatile shared", flags[THREADS - 1] + *vp, 6);
  }
  upc_barrier;
  {
    int *local = (int *)&mine[MYTHREAD];
    check("cast to a private pointer", *local, 100 + MYTHREAD);
    /* A private array of THREADS pointers-to-shared, one to each thread's element of mine. */
    shared int *each[THREADS], *last = NULL;
    for (k = 0; k < THREADS; k++) each[k] = &mine[k];
    last = each[THREADS - 1];
    check("an array of THREADS pointers-to-shared", *last + (int)(sizeof each / sizeof each[0]),
          100 + 2 * (THREADS - 1) + 1);
  }
  upc_barrier;
  if (MYTHREAD == 0) printf("pointers: %s\n", failures ? "wrong" : "ok");
  return 0;
}
