/* expect: 6:3: error: upc_forall takes four clauses separated by ';' */
#include <upc.h>

int main(void) {
  int i;
  upc_forall (i = 0; i < 10; i++) {}
  return 0;
}
