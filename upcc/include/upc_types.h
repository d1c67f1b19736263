/* <upc_types.h> (UPC 1.3 §7.2.6): upc_op_t with UPC_ADD ..., and upc_type_t with UPC_CHAR ..., the
 * dialect's one list, in UPC and in C++ alike. */
#include <pgas/upc_types.h>
