/*
 * The transport seam: every remote access of a PGAS program goes through one of these functions.
 *
 * Each public name (remote_get, ...) is a weak alias of an implementation with a leading underscore
 * (_remote_get, ...), exactly like the MPI profiling interface: a profiler defines the strong public
 * name, measures, and calls the underscored one. The runtime itself always calls the public names, so
 * data it moves on the user's behalf (upc_mem*, collectives, the software cache) is seen too.
 *
 * Arguments common to all functions:
 *   handle  the shared object: equal on every thread for collective allocations (pgas_handle_t)
 *   thread  the target thread, 0 <= thread < THREADS; never the calling thread for element accesses
 *           made by the dialect (local-affinity accesses do not call the transport)
 *   offset  byte offset inside the target thread's part of the object
 *   size    bytes moved (per element for the vector forms)
 *
 * Misuse (unknown or freed handle, thread or offset out of range, misaligned atomic) stops the job with
 * a message naming the object, the element and the calling thread; these functions never return an error.
 */
#ifndef PGAS_TRANSPORT_H
#define PGAS_TRANSPORT_H

#include <stddef.h>
#include <stdint.h>

#include "pgas/transport_operations.h"

#ifdef __cplusplus
extern "C" {
#endif

/* libpgas exports exactly what its public headers declare. */
#pragma GCC visibility push(default)

/* A shared object: index into the job's handle table (low 32 bits) and its generation (high 32 bits),
 * so that a freed and reused slot is told apart from the object it used to hold. 0 is never valid. */
typedef uint64_t pgas_handle_t;

/* Completion token of a non-blocking transfer; 0 means "already complete". */
typedef uint64_t pgas_token_t;

/* Element types understood by accumulate and atomics. */
typedef enum {
  PGAS_INT32 = 0,
  PGAS_UINT32 = 1,
  PGAS_INT64 = 2,
  PGAS_UINT64 = 3,
  PGAS_FLOAT = 4,
  PGAS_DOUBLE = 5
} pgas_type_t;

/* Combining operations of remote_accv. */
typedef enum { PGAS_ACC_REPLACE = 0, PGAS_ACC_SUM = 1, PGAS_ACC_MIN = 2, PGAS_ACC_MAX = 3 } pgas_acc_op_t;

/* Remote atomic operations (32- and 64-bit integers). */
typedef enum {
  PGAS_ATOMIC_FETCH_ADD = 0,
  PGAS_ATOMIC_SWAP = 1,
  PGAS_ATOMIC_CSWAP = 2,
  PGAS_ATOMIC_FETCH_MIN = 3,
  PGAS_ATOMIC_FETCH_MAX = 4,
  PGAS_ATOMIC_LOAD = 5,
  PGAS_ATOMIC_STORE = 6,
  PGAS_ATOMIC_FETCH_XOR = 7,
  PGAS_ATOMIC_FETCH_AND = 8,
  PGAS_ATOMIC_FETCH_OR = 9
} pgas_atomic_op_t;

/* What a handle was created by; the tracer records it as the variable's kind. */
typedef enum {
  PGAS_ALLOC_STATIC = 0, /* a declared shared variable (shared_array, shared_var): collective */
  PGAS_ALLOC_ALL = 1,    /* upc_all_alloc: collective, spread over all threads */
  PGAS_ALLOC_GLOBAL = 2, /* upc_global_alloc: one thread, spread over all threads */
  PGAS_ALLOC_LOCAL = 3   /* upc_alloc: one thread, all of it on that thread */
} pgas_alloc_kind_t;

/* Layout of a shared object in UPC terms: element i lives on thread (i / block) % THREADS (block 0 means
 * indefinite: every element on `owner`). */
typedef struct {
  size_t elem_size; /* bytes per element */
  size_t block;     /* blocking factor in elements; 0 = indefinite */
  size_t nelems;    /* number of elements */
  int owner;        /* the thread holding everything when block == 0, else -1 */
  pgas_alloc_kind_t kind;
  const char *name; /* the program's name for it, or NULL (the tracer then recovers it from source) */
  const char *site; /* "file:line" of the allocating call in the program, or NULL */
} pgas_layout_t;

/* ---- element and bulk transfers ---- */
void remote_get(pgas_handle_t handle, int thread, size_t offset, void *dst, size_t size);
void remote_put(pgas_handle_t handle, int thread, size_t offset, const void *src, size_t size);
/* Strict accesses: sequentially consistent with every other strict access and with upc_fence. */
void remote_get_strict(pgas_handle_t handle, int thread, size_t offset, void *dst, size_t size);
void remote_put_strict(pgas_handle_t handle, int thread, size_t offset, const void *src, size_t size);
/* Bulk transfers issued by upc_memget / upc_memput / upc_memcpy / upc_memset. */
void remote_memget(pgas_handle_t handle, int thread, size_t offset, void *dst, size_t size);
void remote_memput(pgas_handle_t handle, int thread, size_t offset, const void *src, size_t size);

/* ---- vector (indexed) transfers: one call moves `count` elements of `size` bytes of one handle on one
 * thread, at the byte offsets given; dst/src are dense arrays of count * size bytes. ---- */
void remote_getv(pgas_handle_t handle, int thread, const size_t *offsets, size_t count, size_t size,
                 void *dst);
void remote_putv(pgas_handle_t handle, int thread, const size_t *offsets, size_t count, size_t size,
                 const void *src);
/* Element-wise combine src[k] into the element at offsets[k] with `op`, atomically per element. */
void remote_accv(pgas_handle_t handle, int thread, const size_t *offsets, size_t count, pgas_type_t type,
                 pgas_acc_op_t op, const void *src);

/* ---- non-blocking transfers: dst/src must stay valid until remote_sync of the token returns ---- */
pgas_token_t remote_get_nb(pgas_handle_t handle, int thread, size_t offset, void *dst, size_t size);
pgas_token_t remote_put_nb(pgas_handle_t handle, int thread, size_t offset, const void *src, size_t size);
pgas_token_t remote_getv_nb(pgas_handle_t handle, int thread, const size_t *offsets, size_t count,
                            size_t size, void *dst);
pgas_token_t remote_putv_nb(pgas_handle_t handle, int thread, const size_t *offsets, size_t count,
                            size_t size, const void *src);
/* Waits for one token (remote_sync) or for every outstanding transfer of the calling thread. */
void remote_sync(pgas_token_t token);
void remote_sync_all(void);
/* Tests one token without waiting: 1 when its transfer is complete (the token is then used up, like after
 * remote_sync), 0 while it is in flight. handle and thread name the transfer's target (the tracer records
 * the poll against them). On the MPI conduit a get is tested with MPI_Test of its MPI_Rget request; a put's
 * MPI_Rput request completes locally, and once it has, the put is made remotely complete with
 * MPI_Win_flush (MPI has no flush that does not wait: over osc/sm it is a memory barrier, over a network it
 * waits for the target's acknowledgment of data already sent). */
int remote_test(pgas_handle_t handle, int thread, pgas_token_t token);

/* A Collectives 2.0 call that a conduit's collective engine ran (the MPI collectives: its data never passes
 * the calls above) reports what the calling thread received: `size` bytes from `thread`, landed at `offset`
 * of the caller's receive buffer `handle`, one call per source, when the call completes. The runtime's
 * implementation does nothing (the bytes have moved); a profiler records them as the call's accesses. */
void remote_coll_recv(pgas_handle_t handle, int thread, size_t offset, size_t size);

/* ---- remote atomics on 32- or 64-bit integers (type PGAS_INT32/UINT32/INT64/UINT64).
 * operand and compare point to one value of that type; the old value is stored to *result when result
 * is not NULL. CSWAP stores operand if the current value equals *compare. ---- */
void remote_atomic(pgas_handle_t handle, int thread, size_t offset, pgas_type_t type, pgas_atomic_op_t op,
                   const void *operand, const void *compare, void *result);

/* ---- direct access (UPC 1.3's upc_cast): the address at which the calling thread may load and store
 * `thread`'s part of `handle` itself, or NULL when it may not. NULL for another process's memory on a
 * network conduit, for every other thread's memory while the network is emulated (each access must pay
 * the emulated cost), and when `thread` holds no part of the object. Interposable like the transfers: a
 * profiler that must see every access defines remote_cast to return NULL for other threads (the tracer
 * does), and code that got NULL falls back to the transfer functions. The software cache uses it to read
 * and write peers' elements in place instead of copying them. ---- */
void *remote_cast(pgas_handle_t handle, int thread);

/* ---- the handle-creating routines. remote_alloc is collective for PGAS_ALLOC_STATIC and
 * PGAS_ALLOC_ALL (every thread calls it with the same layout and gets the same handle). ---- */
pgas_handle_t remote_alloc(const pgas_layout_t *layout);
void remote_free(pgas_handle_t handle);

/* ---- Bonachea's proposal (pgas/upc_sem.h): semaphores and signalling transfers. A semaphore is a shared
 * object of its own (`sem`, or `handle` for the semaphore functions) with all of it on `thread`; flags are
 * its UPC_SEM_* flags. The signalling transfers move the bytes like remote_memput / remote_memget, then
 * increment the semaphore, which is on the same thread, by n (a BOOLEAN one saturates at 1). ---- */
void remote_memput_signal(pgas_handle_t handle, int thread, size_t offset, const void *src, size_t size,
                          pgas_handle_t sem, size_t n, int flags);
/* In remote_memput_signal's flags: upc_memput_signal_async. The call returns once the put is issued; the
 * increment is made once the bytes have landed, at the latest at the initiator's next synchronization
 * point (see pgas/upc_sem.h). */
#define PGAS_SIGNAL_ASYNC 0x100
void remote_memget_signal(pgas_handle_t handle, int thread, size_t offset, void *dst, size_t size,
                          pgas_handle_t sem, size_t n, int flags);
/* Increments the semaphore by n. */
void remote_sem_post(pgas_handle_t handle, int thread, size_t n, int flags);
/* Takes min(value, m) units once the value is at least n (1 <= n <= m) and returns how many; with
 * blocking == 0 returns 0 at once instead of waiting. */
size_t remote_sem_wait(pgas_handle_t handle, int thread, size_t n, size_t m, int blocking);

/* ---- queries for tools (profilers); not interposed ---- */
int pgas_thread_id(void);    /* MYTHREAD */
int pgas_thread_count(void); /* THREADS */
/* The layout `handle` was created with; returns 0 and leaves *layout alone for an unknown or freed handle.
 * layout->name and layout->site point into runtime memory valid while the handle lives. */
int pgas_handle_layout(pgas_handle_t handle, pgas_layout_t *layout);
/* Barriers the calling thread has completed (upc_barrier, upc_wait, and the barriers inside collective
 * calls): equal on every thread between the same two barriers, so it names the current barrier phase. */
uint64_t pgas_barrier_count(void);

/* The implementations behind the weak aliases, for profilers to call: _remote_get, ... with the types of
 * the public functions above. Declared from the list of operations (pgas/transport_operations.h), which a
 * profiler may also expand to define its wrappers. */
#define PGAS_DECLARE_IMPLEMENTATION(name, result, parameters, arguments, record, direction, recorded) \
  result _remote_##name parameters;
PGAS_TRANSPORT_OPERATIONS(PGAS_DECLARE_IMPLEMENTATION)
#undef PGAS_DECLARE_IMPLEMENTATION

#pragma GCC visibility pop

#ifdef __cplusplus
}
#endif

#endif /* PGAS_TRANSPORT_H */
