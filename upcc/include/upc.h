/* <upc.h>, UPC 1.3's library (§7.2): termination, allocation, pointer queries, locks, bulk copies. A
 * translated program (C++) gets the dialect's definitions; the parse of a UPC file gets these
 * declarations. */
#ifndef PGAS_UPCC_UPC_H
#define PGAS_UPCC_UPC_H

#ifdef __cplusplus
#include <pgas_upcc.hpp>
#include <bupc_extensions.h>
#else
#include <stddef.h>

void upc_global_exit(int status);

shared void *upc_global_alloc(size_t nblocks, size_t nbytes);
shared void *upc_all_alloc(size_t nblocks, size_t nbytes);
shared void *upc_alloc(size_t nbytes);
shared void *upc_local_alloc(size_t nblocks, size_t nbytes); /* UPC 1.2, removed in 1.3: upc_alloc */
void upc_all_free(shared void *ptr);

size_t upc_threadof(shared void *ptr);
size_t upc_phaseof(shared void *ptr);
shared void *upc_resetphase(shared void *ptr);
size_t upc_addrfield(shared void *ptr);
size_t upc_affinitysize(size_t totalsize, size_t nbytes, size_t threadid);

typedef struct pgas_upc_lock upc_lock_t;
/* upc_free also frees a lock, as UPC 1.1 had it and Berkeley UPC keeps it (UPC 1.3: upc_lock_free). */
void upc_free(shared void *ptr) __attribute__((overloadable));
void upc_free(upc_lock_t *lock) __attribute__((overloadable));
upc_lock_t *upc_global_lock_alloc(void);
upc_lock_t *upc_all_lock_alloc(void);
void upc_lock_free(upc_lock_t *ptr);
void upc_all_lock_free(upc_lock_t *ptr);
void upc_lock(upc_lock_t *ptr);
int upc_lock_attempt(upc_lock_t *ptr);
void upc_unlock(upc_lock_t *ptr);

void upc_memcpy(shared void *dst, shared const void *src, size_t n);
void upc_memget(void *dst, shared const void *src, size_t n);
void upc_memput(shared void *dst, const void *src, size_t n);
void upc_memset(shared void *dst, int c, size_t n);

#include <bupc_extensions.h>
#endif

#endif
