/* UPC locks (upc_lock_t). A lock pointer is an opaque value, equal on every thread for the same lock, so it
 * may be stored in shared memory and passed between threads. Misuse (unlocking a lock this thread does not
 * hold, locking one it already holds, using a freed lock, freeing twice) stops the job with a message. */
#ifndef PGAS_LOCKS_H
#define PGAS_LOCKS_H

#ifdef __cplusplus
extern "C" {
#endif

typedef struct pgas_upc_lock upc_lock_t;

#pragma GCC visibility push(default)

upc_lock_t *upc_all_lock_alloc(void);    /* collective: every thread gets the same lock */
upc_lock_t *upc_global_lock_alloc(void); /* called by one thread */
void upc_lock(upc_lock_t *lock);
int upc_lock_attempt(upc_lock_t *lock); /* 1 if acquired, 0 if held by another thread */
void upc_unlock(upc_lock_t *lock);
void upc_lock_free(upc_lock_t *lock);     /* one thread */
void upc_all_lock_free(upc_lock_t *lock); /* collective */

#pragma GCC visibility pop

#ifdef __cplusplus
}
#endif

#endif /* PGAS_LOCKS_H */
