/* Initializers of shared objects: a shared scalar and a shared struct hold their initializers when main
 * starts, on every thread (they are initialized once, before main); a one-dimensional shared array with an
 * initializer (implementation-defined in UPC 1.3 §6.5.2: here its elements from the first, the rest 0).
 * Initializers convert to the object's type as in C (C99 §6.7.8p11): an int to unsigned long long, an int
 * to double. */
#include <upc.h>
#include <stdio.h>

struct point { int x; double y; };

shared int answer = 42;
shared struct point origin = {3, 0.5};
shared [2] long primes[8] = {2, 3, 5, 7, 11};
static shared double half = 0.5;
shared unsigned long long counter = 0;
shared double ratios[3] = {1, 2};

int main(void) {
  int wrong = answer != 42;
  wrong += origin.x != 3 || origin.y != 0.5;
  wrong += primes[0] != 2 || primes[4] != 11 || primes[5] != 0 || primes[7] != 0;
  wrong += half * 4 != 2.0;
  wrong += counter != 0 || ratios[1] != 2.0 || ratios[2] != 0.0;
  upc_barrier;
  if (wrong) printf("FAIL thread %d\n", MYTHREAD);
  upc_barrier;
  if (MYTHREAD == 0) printf("initializers: %s\n", wrong ? "wrong" : "ok");
  return 0;
}
