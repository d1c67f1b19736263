/* The types and hints of UPC 1.3's atomic domains (pgas/upc_atomic.h), C-compatible: pgas-upcc's
 * <upc_atomic.h> declares the UPC functions with them. */
#ifndef PGAS_UPC_ATOMIC_TYPES_H
#define PGAS_UPC_ATOMIC_TYPES_H

#define __UPC_ATOMIC__ 1

typedef struct pgas_upc_atomicdomain upc_atomicdomain_t;
typedef int upc_atomichint_t;
#define UPC_ATOMIC_HINT_DEFAULT 0
#define UPC_ATOMIC_HINT_LATENCY 1
#define UPC_ATOMIC_HINT_THROUGHPUT 2

#endif /* PGAS_UPC_ATOMIC_TYPES_H */
