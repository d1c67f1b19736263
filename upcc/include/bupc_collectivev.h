/* <bupc_collectivev.h>: Berkeley UPC's value interface to the UPC collectives (version 1.2). Each call is a
 * collective operation on one value per thread, whose type is the first argument:
 *   bupc_allv_reduce(TYPE, value, rootthread, op)   bupc_allv_reduce_all(TYPE, value, op)
 *   bupc_allv_prefix_reduce(TYPE, value, op)        bupc_allv_broadcast(TYPE, value, rootthread)
 *   bupc_allv_scatter(TYPE, rootthread, rootsrcarray)
 *   bupc_allv_gather(TYPE, value, rootthread, rootdestarray)   bupc_allv_gather_all(TYPE, value, destarray)
 *   bupc_allv_permute(TYPE, value, tothreadid)
 * A rootthread of -1 gives every thread the result. The reductions take the scalar types of
 * upc_all_reduceT and UPC_ADD ... UPC_MAX; the data movements take any type. */
#ifndef PGAS_UPCC_BUPC_COLLECTIVEV_H
#define PGAS_UPCC_BUPC_COLLECTIVEV_H

#include <upc_collective.h>

#define BUPC_COLLECTIVEV_VERSION_MAJOR 1
#define BUPC_COLLECTIVEV_VERSION_MINOR 2

#ifdef __cplusplus
#include <pgas_upcc_collectivev.hpp>
#define bupc_allv_reduce(TYPE, value, root, op) ::pgas_upcc::allv::reduce<TYPE>((value), (root), (op))
#define bupc_allv_reduce_all(TYPE, value, op) ::pgas_upcc::allv::reduce<TYPE>((value), -1, (op))
#define bupc_allv_prefix_reduce(TYPE, value, op) ::pgas_upcc::allv::prefix_reduce<TYPE>((value), (op))
#define bupc_allv_broadcast(TYPE, value, root) ::pgas_upcc::allv::broadcast<TYPE>((value), (root))
#define bupc_allv_scatter(TYPE, root, array) ::pgas_upcc::allv::scatter<TYPE>((root), (array))
#define bupc_allv_gather(TYPE, value, root, array) ::pgas_upcc::allv::gather<TYPE>((value), (root), (array))
#define bupc_allv_gather_all(TYPE, value, array) ::pgas_upcc::allv::gather<TYPE>((value), -1, (array))
#define bupc_allv_permute(TYPE, value, to) ::pgas_upcc::allv::permute<TYPE>((value), (to))
#else
/* The parse only: each form has its type. */
void *pgas_upcc_allv(int, ...);
#define bupc_allv_reduce(TYPE, value, root, op) (*(TYPE *)pgas_upcc_allv(0, &(value), (root), (op)))
#define bupc_allv_reduce_all(TYPE, value, op) (*(TYPE *)pgas_upcc_allv(0, &(value), (op)))
#define bupc_allv_prefix_reduce(TYPE, value, op) (*(TYPE *)pgas_upcc_allv(0, &(value), (op)))
#define bupc_allv_broadcast(TYPE, value, root) (*(TYPE *)pgas_upcc_allv(0, &(value), (root)))
#define bupc_allv_scatter(TYPE, root, array) (*(TYPE *)pgas_upcc_allv(0, (root), (TYPE *)(array)))
#define bupc_allv_gather(TYPE, value, root, array) ((TYPE *)pgas_upcc_allv(0, &(value), (root), (TYPE *)(array)))
#define bupc_allv_gather_all(TYPE, value, array) ((TYPE *)pgas_upcc_allv(0, &(value), (TYPE *)(array)))
#define bupc_allv_permute(TYPE, value, to) (*(TYPE *)pgas_upcc_allv(0, &(value), (to)))
#endif

#endif /* PGAS_UPCC_BUPC_COLLECTIVEV_H */
