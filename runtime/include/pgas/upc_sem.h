/* Semaphores and signalling transfers: explicit point-to-point synchronization (Bonachea,
 * "Proposal for Extending the UPC Libraries with Explicit Point-to-Point Synchronization Support").
 *
 * A upc_sem_t lives in shared memory with affinity to the thread that allocated it (in that thread's data
 * segment, so it is reached the same way on every conduit). A `upc_sem_t *` is this dialect's
 * pointer-to-shared for it: an opaque value, equal on every thread for the same semaphore, never
 * dereferenced, which may be stored in shared memory (shared_array<upc_sem_t *>), compared, and given to
 * upc_threadof().
 *
 * Memory model (the proposal's section 2.5): upc_sem_post(N) is a null strict write on entry; upc_sem_wait(N)
 * a null strict read just before it returns; upc_sem_try(N) (and the NtoM forms) a null strict read before a
 * successful return. After a consumer's wait returns, it sees the data of every upc_memput_signal whose
 * increment it consumed.
 *
 * Misuse stops the job (exit status 70) with a message naming the semaphore by its allocation site and
 * owner, and the calling thread: postN/waitN/tryN with n > 1 on a BOOLEAN semaphore, a second producing
 * thread on an SPRODUCER semaphore, a wait or try by another thread on an SCONSUMER semaphore, any use
 * after upc_sem_free, conflicting or unknown flags at allocation.
 *
 * Decisions on the proposal's open issues (section 4):
 *  1. Remote wait: allowed on UPC_SEM_MCONSUMER semaphores (the default): any thread may wait, try or
 *     getvalue on a semaphore of any affinity (a remote waiter polls, on shm it sleeps on the owner's
 *     futex like a local one). On UPC_SEM_SCONSUMER semaphores only the owner may decrement.
 *  2. Signalling get: upc_memget_signal copies nbytes from src (shared) to dst (private), is blocking
 *     (dst holds the data on return), and increments s, which must have the affinity of src, by n once the
 *     source has been read, so its owner knows the source buffer may be overwritten.
 *  3. Flags: the proposal's six, unchanged; flags == 0 is INTEGER|MPRODUCER|MCONSUMER.
 *  4. upc_sem_getvalue returns a snapshot of the value (a strict read). upc_sem_alloc_value allocates with
 *     an initial value (at most UPC_SEM_MAXVALUE, at most 1 for BOOLEAN). A post that would take an
 *     INTEGER semaphore past UPC_SEM_MAXVALUE stops the job with an error naming the semaphore (never a
 *     silent wrap); a BOOLEAN one saturates at 1, as the proposal says. upc_sem_free while threads wait on
 * the semaphore stops the job with an error naming it and the number of waiters (never a hang).
 *  5. upc_sem_waitNtoM(s, N, M) waits until the value is at least N, then atomically takes
 *     min(value, M) and returns it; upc_sem_tryNtoM does the same without waiting and returns 0 when the
 *     value is below N. 1 <= N <= M is required. wait(N) and try(N) are the cases N == M.
 *
 * upc_memput_signal_async (the proposal's section 3.1): returns once the put is issued; the source buffer may
 * be in use until the user's own synchronization from the target (the consumer's wait, then a signal back),
 * and the semaphore is incremented once the bytes have landed. The put is a non-blocking transfer of the
 * transport (remote_memput_signal with PGAS_SIGNAL_ASYNC: on shm remote_put_nb's copy, complete when its
 * emulated arrival time has passed; on MPI an MPI_Put), and its increment (on MPI after a flush of the
 * put) is made by the initiator at its next synchronization point after the bytes landed: any semaphore
 * call (and while a wait polls), upc_fence and strict accesses, barriers and other collectives, upc_lock,
 * upc_synci. Why there: the runtime has no progress thread (none is needed by anything else, and one per
 * process would compete for the cores an oversubscribed job shares), and every way a program can wait for
 * its consumer passes through one of them, so a signal is never held back by a thread that waits. A
 * thread that computes without calling the runtime delays its signals, never its consumer's data. As the
 * proposal says, upc_fence does not promise completion: it only lets landed signals go. upc_memput_signal is
 * blocking: its bytes and its increment are complete when it returns.
 */
#ifndef PGAS_UPC_SEM_H
#define PGAS_UPC_SEM_H

#include <stddef.h>

#include "pgas/transport.h"

#define __UPC_SEM__ 1

#define UPC_SEM_BOOLEAN 1
#define UPC_SEM_INTEGER 2
#define UPC_SEM_SPRODUCER 4
#define UPC_SEM_MPRODUCER 8
#define UPC_SEM_SCONSUMER 16
#define UPC_SEM_MCONSUMER 32

/* The largest value of an INTEGER semaphore (the proposal requires at least 65535). */
#define UPC_SEM_MAXVALUE 2147483647

#ifdef __cplusplus
extern "C" {
#endif

typedef struct pgas_upc_sem upc_sem_t; /* incomplete: only pointers to it exist */

#pragma GCC visibility push(default)

void upc_sem_free(upc_sem_t *s); /* any one thread; NULL does nothing */

void upc_sem_post(upc_sem_t *s);
void upc_sem_postN(upc_sem_t *s, size_t n); /* n > 1 only for INTEGER semaphores */
void upc_sem_wait(upc_sem_t *s);
void upc_sem_waitN(upc_sem_t *s, size_t n);
int upc_sem_try(upc_sem_t *s);
int upc_sem_tryN(upc_sem_t *s, size_t n);

/* Appendix items 4 and 5 (see the decisions above). */
size_t upc_sem_getvalue(upc_sem_t *s);
size_t upc_sem_waitNtoM(upc_sem_t *s, size_t n, size_t m);
size_t upc_sem_tryNtoM(upc_sem_t *s, size_t n, size_t m);

/* Not for direct use: what the dialect's functions below call. `site` is the user's "file:line". */
upc_sem_t *pgas_sem_alloc(int flags, size_t value, const char *site);
int pgas_sem_threadof(const upc_sem_t *s);
void pgas_memput_signal(pgas_handle_t dst, int thread, size_t offset, const void *src, size_t nbytes,
                        upc_sem_t *s, size_t n, int async);
void pgas_memget_signal(void *dst, pgas_handle_t src, int thread, size_t offset, size_t nbytes, upc_sem_t *s,
                        size_t n);

#pragma GCC visibility pop

#ifdef __cplusplus
}

#include <source_location>

#include "pgas/detail/site.hpp"
#include "pgas/global_ptr.hpp"

/* Allocates a semaphore with affinity to the calling thread (not collective), value 0. */
inline upc_sem_t *upc_sem_alloc(int flags, std::source_location loc = std::source_location::current()) {
  return pgas_sem_alloc(flags, 0, pgas::detail::site_of(loc).c_str());
}
/* The same with an initial value (appendix item 4). */
inline upc_sem_t *upc_sem_alloc_value(int flags, size_t value,
                                      std::source_location loc = std::source_location::current()) {
  return pgas_sem_alloc(flags, value, pgas::detail::site_of(loc).c_str());
}

/* The thread that allocated the semaphore. */
inline std::size_t upc_threadof(const upc_sem_t *s) { return static_cast<std::size_t>(pgas_sem_threadof(s)); }

/* memput with upc_memput's data movement, then s (which must have dst's affinity) incremented by n. */
inline void upc_memput_signal(const pgas::global_ptr<void> &dst, const void *src, size_t nbytes, upc_sem_t *s,
                              size_t n) {
  pgas_memput_signal(dst.handle(), dst.thread(), dst.offset(), src, nbytes, s, n, 0);
}
inline void upc_memput_signal_async(const pgas::global_ptr<void> &dst, const void *src, size_t nbytes,
                                    upc_sem_t *s, size_t n) {
  pgas_memput_signal(dst.handle(), dst.thread(), dst.offset(), src, nbytes, s, n, 1);
}
/* The signalling get of decision 2: s must have src's affinity. */
inline void upc_memget_signal(void *dst, const pgas::global_ptr<const void> &src, size_t nbytes, upc_sem_t *s,
                              size_t n) {
  pgas_memget_signal(dst, src.handle(), src.thread(), src.offset(), nbytes, s, n);
}
#endif /* __cplusplus */

#endif /* PGAS_UPC_SEM_H */
