/* <upc_relaxed.h> (UPC 1.3 §7.1.1): <upc.h>, and shared accesses through unqualified types are relaxed
 * from here on (#pragma upc relaxed). */
#include <upc.h>
#ifndef __cplusplus
#pragma upc relaxed
#endif
