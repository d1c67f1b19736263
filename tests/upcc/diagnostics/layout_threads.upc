/* expect: 4:22: error: a layout qualifier's block size must be an integer constant expression, and THREADS is not one without a static thread count */
#include <upc.h>

shared [THREADS] int a[10 * THREADS];

int main(void) { return 0; }
