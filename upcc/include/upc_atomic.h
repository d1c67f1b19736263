/* <upc_atomic.h> (UPC 1.3 library, §7.4.2 of the optional library: atomic domains). */
#ifndef PGAS_UPCC_UPC_ATOMIC_H
#define PGAS_UPCC_UPC_ATOMIC_H

#ifdef __cplusplus
#include <pgas_upcc.hpp>
#else
#include <pgas/upc_atomic_types.h>
#include <upc_types.h>

upc_atomicdomain_t *upc_all_atomicdomain_alloc(upc_type_t type, upc_op_t ops, upc_atomichint_t hints);
void upc_all_atomicdomain_free(upc_atomicdomain_t *domain);
void upc_atomic_strict(upc_atomicdomain_t *domain, void *fetch_ptr, upc_op_t op, shared void *target,
                       const void *operand1, const void *operand2);
void upc_atomic_relaxed(upc_atomicdomain_t *domain, void *fetch_ptr, upc_op_t op, shared void *target,
                        const void *operand1, const void *operand2);
int upc_atomic_isfast(upc_type_t type, upc_op_t ops, shared void *addr);
#endif

#endif
