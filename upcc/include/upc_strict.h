/* <upc_strict.h> (UPC 1.3 §7.1.1): <upc.h>, and shared accesses through unqualified types are strict
 * from here on (#pragma upc strict). */
#include <upc.h>
#ifndef __cplusplus
#pragma upc strict
#endif
