/* The Berkeley UPC extensions real programs use, under Berkeley's names (included by <upc.h>): timers
 * (bupc_tick_t), semaphores and signalling puts (bupc_sem_*, BUPC_SEM_*: UPC's upc_sem_* of the dialect),
 * asynchronous copies (bupc_mem*_async, bupc_waitsync / bupc_trysync and their _all / _some forms),
 * integer atomics (bupc_atomic{I,U}{32,64}_<op>_{strict,relaxed}), bupc_poll, bupc_ptradd and
 * bupc_thread_distance. __BERKELEY_UPC__ is not defined: programs test it for more than these. */
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
void bupc_memcpy_asynci(shared void *dst, shared const void *src, size_t nbytes);
void bupc_memget_asynci(void *dst, shared const void *src, size_t nbytes);
void bupc_memput_asynci(shared void *dst, const void *src, size_t nbytes);
void bupc_waitsynci(void);
int bupc_trysynci(void);

#define PGAS_UPCC_DECLARE_BUPC_ATOMICS(W, T, TRANSPORT)                                      \
  T bupc_atomic##W##_read_strict(shared void *p);                                            \
  T bupc_atomic##W##_read_relaxed(shared void *p);                                           \
  void bupc_atomic##W##_set_strict(shared void *p, T value);                                 \
  void bupc_atomic##W##_set_relaxed(shared void *p, T value);                                \
  T bupc_atomic##W##_swap_strict(shared void *p, T value);                                   \
  T bupc_atomic##W##_swap_relaxed(shared void *p, T value);                                  \
  T bupc_atomic##W##_cswap_strict(shared void *p, T oldvalue, T newvalue);                   \
  T bupc_atomic##W##_cswap_relaxed(shared void *p, T oldvalue, T newvalue);                  \
  T bupc_atomic##W##_fetchadd_strict(shared void *p, T op);                                  \
  T bupc_atomic##W##_fetchadd_relaxed(shared void *p, T op);                                 \
  T bupc_atomic##W##_fetchand_strict(shared void *p, T op);                                  \
  T bupc_atomic##W##_fetchand_relaxed(shared void *p, T op);                                 \
  T bupc_atomic##W##_fetchor_strict(shared void *p, T op);                                   \
  T bupc_atomic##W##_fetchor_relaxed(shared void *p, T op);                                  \
  T bupc_atomic##W##_fetchxor_strict(shared void *p, T op);                                  \
  T bupc_atomic##W##_fetchxor_relaxed(shared void *p, T op);                                 \
  T bupc_atomic##W##_fetchnot_strict(shared void *p);                                        \
  T bupc_atomic##W##_fetchnot_relaxed(shared void *p);
PGAS_UPCC_BUPC_ATOMIC_TYPES(PGAS_UPCC_DECLARE_BUPC_ATOMICS)
#undef PGAS_UPCC_DECLARE_BUPC_ATOMICS

void bupc_poll(void);
shared void *bupc_ptradd(shared void *p, size_t blockelems, size_t elemsz, ptrdiff_t inc);
int bupc_thread_distance(int threadA, int threadB);
#endif

#endif
