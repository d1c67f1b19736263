/* expect: 7:35: error: the affinity of a upc_forall must be an integer or a pointer-to-shared (UPC 1.3 §6.6.2) */
#include <upc.h>

int main(void) {
  int i;
  double d = 1.5;
  upc_forall (i = 0; i < 10; i++; d) {}
  return 0;
}
