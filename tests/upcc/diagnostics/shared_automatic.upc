/* expect: 5:14: error: a shared object cannot have automatic storage duration (UPC 1.3 §6.5.2) */
#include <upc.h>

int main(void) {
  shared int x;
  return 0;
}
