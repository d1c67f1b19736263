/* expect: 4:14: error: in the dynamic THREADS environment a dimension of a shared array holds THREADS once */
#include <upc.h>

shared int a[THREADS * THREADS];

int main(void) { return 0; }
