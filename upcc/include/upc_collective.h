/* <upc_collective.h> (UPC 1.3 §7.2 of the library specification: the collectives of UPC 1.2). A
 * translated program (C++) gets the dialect's definitions; the parse of a UPC file gets these
 * declarations. */
#ifndef PGAS_UPCC_UPC_COLLECTIVE_H
#define PGAS_UPCC_UPC_COLLECTIVE_H

#ifdef __cplusplus
#include <pgas_upcc.hpp>
#else
#include <stddef.h>
#include <pgas/upc_flags.h>
#include <pgas/upc_reduce_types.h>
#include <upc_types.h>

#define __UPC_COLLECTIVE__ 1

void upc_all_broadcast(shared void *dst, shared const void *src, size_t nbytes, upc_flag_t sync_mode);
void upc_all_scatter(shared void *dst, shared const void *src, size_t nbytes, upc_flag_t sync_mode);
void upc_all_gather(shared void *dst, shared const void *src, size_t nbytes, upc_flag_t sync_mode);
void upc_all_gather_all(shared void *dst, shared const void *src, size_t nbytes, upc_flag_t sync_mode);
void upc_all_exchange(shared void *dst, shared const void *src, size_t nbytes, upc_flag_t sync_mode);
void upc_all_permute(shared void *dst, shared const void *src, shared const int *perm, size_t nbytes,
                     upc_flag_t sync_mode);

#define PGAS_UPCC_DECLARE_REDUCE(T, TYPE)                                                                 \
  void upc_all_reduce##T(shared void *dst, shared const void *src, upc_op_t op, size_t nelems,            \
                         size_t blk_size, TYPE (*func)(TYPE, TYPE), upc_flag_t sync_mode);                \
  void upc_all_prefix_reduce##T(shared void *dst, shared const void *src, upc_op_t op, size_t nelems,     \
                                size_t blk_size, TYPE (*func)(TYPE, TYPE), upc_flag_t sync_mode);
PGAS_UPC_REDUCE_TYPES(PGAS_UPCC_DECLARE_REDUCE)
#undef PGAS_UPCC_DECLARE_REDUCE

void upc_all_sort(shared void *A, size_t elem_size, size_t nelems, size_t blk_size,
                  int (*func)(shared void *, shared void *), upc_flag_t sync_mode);
#endif

#endif
