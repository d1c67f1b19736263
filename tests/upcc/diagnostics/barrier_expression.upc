/* expect: 6:15: error: the expression of a barrier statement must have integer type (UPC 1.3 §6.6.1) */
#include <upc.h>

int main(void) {
  double id = 2.0;
  upc_barrier id;
  return 0;
}
