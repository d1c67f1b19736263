/* The Berkeley UPC extensions real programs use, under Berkeley's names (included by <upc.h>): timers
 * (bupc_tick_t), semaphores and signalling puts (bupc_sem_*, BUPC_SEM_*: UPC's upc_sem_* of the dialect),
 * asynchronous copies (bupc_mem*_async, bupc_waitsync / bupc_trysync and their _all / _some forms, access
 * regions), strided transfers (bupc_mem*_fstrided, bupc_mem*_strided), vector and indexed list transfers
 * (bupc_mem*_vlist, bupc_mem*_ilist), integer atomics (bupc_atomic{I,U}{32,64}_<op>_{strict,relaxed}),
 * bupc_poll, bupc_ptradd and bupc_thread_distance. A program that defines BUPC_USE_UPC_NAMESPACE before
 * including <upc.h> also gets them under the upc_ / UPC_ names (upc_memget_async, upc_waitsync,
 * upc_memget_vlist, upc_smemvec_t, ...), as in Berkeley UPC. __BERKELEY_UPC__ is not defined: programs test
 * it for more than these. */
#ifndef PGAS_UPCC_BUPC_EXTENSIONS_H
#define PGAS_UPCC_BUPC_EXTENSIONS_H

/* The atomics: X(letter and width, C type, transport type). */
#define PGAS_UPCC_BUPC_ATOMIC_TYPES(X) \
  X(I32, int32_t, PGAS_INT32)          \
  X(U32, uint32_t, PGAS_UINT32)        \
  X(I64, int64_t, PGAS_INT64)          \
  X(U64, uint64_t, PGAS_UINT64)

#define BUPC_SEM_BOOLEAN UPC_SEM_BOOLEAN
#define BUPC_SEM_INTEGER UPC_SEM_INTEGER
#define BUPC_SEM_SPRODUCER UPC_SEM_SPRODUCER
#define BUPC_SEM_MPRODUCER UPC_SEM_MPRODUCER
#define BUPC_SEM_SCONSUMER UPC_SEM_SCONSUMER
#define BUPC_SEM_MCONSUMER UPC_SEM_MCONSUMER
#define BUPC_SEM_MAXVALUE UPC_SEM_MAXVALUE

/* bupc_thread_distance's answers, nearest first. */
#define BUPC_THREADS_SAME 0
#define BUPC_THREADS_VERYNEAR 1
#define BUPC_THREADS_NEAR 2
#define BUPC_THREADS_FAR 3
#define BUPC_THREADS_VERYFAR 4

#ifdef __cplusplus
#include <pgas_upcc_bupc.hpp>
#else
#include <stddef.h>
#include <stdint.h>
#include <pgas/upc_sem.h>
#include <upc_nb.h>
#include <upc_tick.h>

typedef upc_tick_t bupc_tick_t;
#define BUPC_TICK_MIN UPC_TICK_MIN
#define BUPC_TICK_MAX UPC_TICK_MAX
bupc_tick_t bupc_ticks_now(void);
uint64_t bupc_ticks_to_us(bupc_tick_t ticks);
uint64_t bupc_ticks_to_ns(bupc_tick_t ticks);
double bupc_tick_granularityus(void);
double bupc_tick_overheadus(void);

typedef upc_sem_t bupc_sem_t;
bupc_sem_t *bupc_sem_alloc(int flags);
void bupc_sem_free(bupc_sem_t *s);
void bupc_sem_post(bupc_sem_t *s);
void bupc_sem_postN(bupc_sem_t *s, size_t n);
void bupc_sem_wait(bupc_sem_t *s);
void bupc_sem_waitN(bupc_sem_t *s, size_t n);
int bupc_sem_try(bupc_sem_t *s);
int bupc_sem_tryN(bupc_sem_t *s, size_t n);
void bupc_memput_signal(shared void *dst, const void *src, size_t nbytes, bupc_sem_t *s, size_t n);
void bupc_memput_signal_async(shared void *dst, const void *src, size_t nbytes, bupc_sem_t *s, size_t n);

typedef upc_handle_t bupc_handle_t;
#define BUPC_COMPLETE_HANDLE UPC_COMPLETE_HANDLE
bupc_handle_t bupc_memcpy_async(shared void *dst, shared const void *src, size_t nbytes);
bupc_handle_t bupc_memget_async(void *dst, shared const void *src, size_t nbytes);
bupc_handle_t bupc_memput_async(shared void *dst, const void *src, size_t nbytes);
void bupc_waitsync(bupc_handle_t handle);
int bupc_trysync(bupc_handle_t handle);
void bupc_waitsync_all(bupc_handle_t *handles, size_t n);
int bupc_trysync_all(bupc_handle_t *handles, size_t n);
void bupc_waitsync_some(bupc_handle_t *handles, size_t n);
int bupc_trysync_some(bupc_handle_t *handles, size_t n);
bupc_handle_t bupc_memset_async(shared void *dst, int c, size_t nbytes);
void bupc_memcpy_asynci(shared void *dst, shared const void *src, size_t nbytes);
void bupc_memget_asynci(void *dst, shared const void *src, size_t nbytes);
void bupc_memput_asynci(shared void *dst, const void *src, size_t nbytes);
void bupc_memset_asynci(shared void *dst, int c, size_t nbytes);
void bupc_waitsynci(void);
int bupc_trysynci(void);
void bupc_begin_accessregion(void);
bupc_handle_t bupc_end_accessregion(void);

/* Each transfer below is a blocking NAME and a NAME_async returning a handle, with the same parameters. */
#define PGAS_UPCC_DECLARE_BUPC_TRANSFER(NAME, PARAMETERS) \
  void NAME PARAMETERS;                                   \
  bupc_handle_t NAME##_async PARAMETERS;
PGAS_UPCC_DECLARE_BUPC_TRANSFER(bupc_memcpy_fstrided,
                                (shared void *dstaddr, size_t dstchunklen, size_t dstchunkstride,
                                 size_t dstchunkcount, shared const void *srcaddr, size_t srcchunklen,
                                 size_t srcchunkstride, size_t srcchunkcount))
PGAS_UPCC_DECLARE_BUPC_TRANSFER(bupc_memget_fstrided,
                                (void *dstaddr, size_t dstchunklen, size_t dstchunkstride, size_t dstchunkcount,
                                 shared const void *srcaddr, size_t srcchunklen, size_t srcchunkstride,
                                 size_t srcchunkcount))
PGAS_UPCC_DECLARE_BUPC_TRANSFER(bupc_memput_fstrided,
                                (shared void *dstaddr, size_t dstchunklen, size_t dstchunkstride,
                                 size_t dstchunkcount, const void *srcaddr, size_t srcchunklen,
                                 size_t srcchunkstride, size_t srcchunkcount))
PGAS_UPCC_DECLARE_BUPC_TRANSFER(bupc_memcpy_strided,
                                (shared void *dstaddr, const size_t dststrides[], shared const void *srcaddr,
                                 const size_t srcstrides[], const size_t count[], size_t stridelevels))
PGAS_UPCC_DECLARE_BUPC_TRANSFER(bupc_memget_strided,
                                (void *dstaddr, const size_t dststrides[], shared const void *srcaddr,
                                 const size_t srcstrides[], const size_t count[], size_t stridelevels))
PGAS_UPCC_DECLARE_BUPC_TRANSFER(bupc_memput_strided,
                                (shared void *dstaddr, const size_t dststrides[], const void *srcaddr,
                                 const size_t srcstrides[], const size_t count[], size_t stridelevels))

typedef struct bupc_pmemvec_t {
  void *addr;
  size_t len;
} bupc_pmemvec_t;
typedef struct bupc_smemvec_t {
  shared void *addr;
  size_t len;
} bupc_smemvec_t;
PGAS_UPCC_DECLARE_BUPC_TRANSFER(bupc_memcpy_vlist, (size_t dstcount, const bupc_smemvec_t dstlist[],
                                                    size_t srccount, const bupc_smemvec_t srclist[]))
PGAS_UPCC_DECLARE_BUPC_TRANSFER(bupc_memget_vlist, (size_t dstcount, const bupc_pmemvec_t dstlist[],
                                                    size_t srccount, const bupc_smemvec_t srclist[]))
PGAS_UPCC_DECLARE_BUPC_TRANSFER(bupc_memput_vlist, (size_t dstcount, const bupc_smemvec_t dstlist[],
                                                    size_t srccount, const bupc_pmemvec_t srclist[]))
PGAS_UPCC_DECLARE_BUPC_TRANSFER(bupc_memcpy_ilist,
                                (size_t dstcount, shared void *const dstlist[], size_t dstlen, size_t srccount,
                                 shared const void *const srclist[], size_t srclen))
PGAS_UPCC_DECLARE_BUPC_TRANSFER(bupc_memget_ilist,
                                (size_t dstcount, void *const dstlist[], size_t dstlen, size_t srccount,
                                 shared const void *const srclist[], size_t srclen))
PGAS_UPCC_DECLARE_BUPC_TRANSFER(bupc_memput_ilist,
                                (size_t dstcount, shared void *const dstlist[], size_t dstlen, size_t srccount,
                                 const void *const srclist[], size_t srclen))
#undef PGAS_UPCC_DECLARE_BUPC_TRANSFER

#define PGAS_UPCC_DECLARE_ATOMICS(PREFIX, W, T)                                             \
  T PREFIX##W##_read_strict(shared void *p);                                                \
  T PREFIX##W##_read_relaxed(shared void *p);                                               \
  void PREFIX##W##_set_strict(shared void *p, T value);                                     \
  void PREFIX##W##_set_relaxed(shared void *p, T value);                                    \
  T PREFIX##W##_swap_strict(shared void *p, T value);                                       \
  T PREFIX##W##_swap_relaxed(shared void *p, T value);                                      \
  T PREFIX##W##_cswap_strict(shared void *p, T oldvalue, T newvalue);                       \
  T PREFIX##W##_cswap_relaxed(shared void *p, T oldvalue, T newvalue);                      \
  T PREFIX##W##_fetchadd_strict(shared void *p, T op);                                      \
  T PREFIX##W##_fetchadd_relaxed(shared void *p, T op);                                     \
  T PREFIX##W##_fetchand_strict(shared void *p, T op);                                      \
  T PREFIX##W##_fetchand_relaxed(shared void *p, T op);                                     \
  T PREFIX##W##_fetchor_strict(shared void *p, T op);                                       \
  T PREFIX##W##_fetchor_relaxed(shared void *p, T op);                                      \
  T PREFIX##W##_fetchxor_strict(shared void *p, T op);                                      \
  T PREFIX##W##_fetchxor_relaxed(shared void *p, T op);                                     \
  T PREFIX##W##_fetchnot_strict(shared void *p);                                            \
  T PREFIX##W##_fetchnot_relaxed(shared void *p);
#define PGAS_UPCC_DECLARE_BUPC_ATOMICS(W, T, TRANSPORT) PGAS_UPCC_DECLARE_ATOMICS(bupc_atomic, W, T)
PGAS_UPCC_BUPC_ATOMIC_TYPES(PGAS_UPCC_DECLARE_BUPC_ATOMICS)
#ifdef BUPC_USE_UPC_NAMESPACE
#define PGAS_UPCC_DECLARE_UPC_ATOMICS(W, T, TRANSPORT) PGAS_UPCC_DECLARE_ATOMICS(upc_atomic, W, T)
PGAS_UPCC_BUPC_ATOMIC_TYPES(PGAS_UPCC_DECLARE_UPC_ATOMICS)
#undef PGAS_UPCC_DECLARE_UPC_ATOMICS
#endif
#undef PGAS_UPCC_DECLARE_BUPC_ATOMICS
#undef PGAS_UPCC_DECLARE_ATOMICS

void bupc_poll(void);
shared void *bupc_ptradd(shared void *p, size_t blockelems, size_t elemsz, ptrdiff_t inc);
int bupc_thread_distance(int threadA, int threadB);
#endif

/* BUPC_USE_UPC_NAMESPACE: the Berkeley names under upc_ / UPC_ (the atomics are declared under both names
 * above and in pgas_upcc_bupc.hpp; the semaphores, signalling puts and upc_handle_t are UPC's names
 * already). */
#ifdef BUPC_USE_UPC_NAMESPACE
#define upc_thread_distance bupc_thread_distance
#define UPC_THREADS_SAME BUPC_THREADS_SAME
#define UPC_THREADS_VERYNEAR BUPC_THREADS_VERYNEAR
#define UPC_THREADS_NEAR BUPC_THREADS_NEAR
#define UPC_THREADS_FAR BUPC_THREADS_FAR
#define UPC_THREADS_VERYFAR BUPC_THREADS_VERYFAR
#define upc_waitsync bupc_waitsync
#define upc_trysync bupc_trysync
#define upc_waitsync_all bupc_waitsync_all
#define upc_trysync_all bupc_trysync_all
#define upc_waitsync_some bupc_waitsync_some
#define upc_trysync_some bupc_trysync_some
#define upc_memcpy_async bupc_memcpy_async
#define upc_memget_async bupc_memget_async
#define upc_memput_async bupc_memput_async
#define upc_memset_async bupc_memset_async
#define upc_waitsynci bupc_waitsynci
#define upc_trysynci bupc_trysynci
#define upc_memcpy_asynci bupc_memcpy_asynci
#define upc_memget_asynci bupc_memget_asynci
#define upc_memput_asynci bupc_memput_asynci
#define upc_memset_asynci bupc_memset_asynci
#define upc_begin_accessregion bupc_begin_accessregion
#define upc_end_accessregion bupc_end_accessregion
#define upc_pmemvec_t bupc_pmemvec_t
#define upc_smemvec_t bupc_smemvec_t
#define upc_memcpy_vlist bupc_memcpy_vlist
#define upc_memget_vlist bupc_memget_vlist
#define upc_memput_vlist bupc_memput_vlist
#define upc_memcpy_vlist_async bupc_memcpy_vlist_async
#define upc_memget_vlist_async bupc_memget_vlist_async
#define upc_memput_vlist_async bupc_memput_vlist_async
#define upc_memcpy_ilist bupc_memcpy_ilist
#define upc_memget_ilist bupc_memget_ilist
#define upc_memput_ilist bupc_memput_ilist
#define upc_memcpy_ilist_async bupc_memcpy_ilist_async
#define upc_memget_ilist_async bupc_memget_ilist_async
#define upc_memput_ilist_async bupc_memput_ilist_async
#define upc_memcpy_fstrided bupc_memcpy_fstrided
#define upc_memget_fstrided bupc_memget_fstrided
#define upc_memput_fstrided bupc_memput_fstrided
#define upc_memcpy_fstrided_async bupc_memcpy_fstrided_async
#define upc_memget_fstrided_async bupc_memget_fstrided_async
#define upc_memput_fstrided_async bupc_memput_fstrided_async
#define upc_memcpy_strided bupc_memcpy_strided
#define upc_memget_strided bupc_memget_strided
#define upc_memput_strided bupc_memput_strided
#define upc_memcpy_strided_async bupc_memcpy_strided_async
#define upc_memget_strided_async bupc_memget_strided_async
#define upc_memput_strided_async bupc_memput_strided_async
#endif

#endif
