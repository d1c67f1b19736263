/*
 * The synchronization seam: the runtime calls pgas_sync_enter when a thread starts to synchronize and
 * pgas_sync_exit when it may go on, around every operation of the list below. Like the transport functions
 * (pgas/transport.h), each public name is a weak alias of an implementation with a leading underscore that
 * does nothing; a profiler (libpgas-trace.so) defines the strong public names and sees every wait. The
 * runtime knows nothing of who listens.
 *
 * The list of events, written once. Generated from it: the pgas_sync_kind_t codes, the tracer's names of
 * them in the trace database (sync_wait.kind) and whether their time counts as waiting. Each entry:
 *   X(name, time)
 *   name  PGAS_SYNC_<name> is the code; the database spells it <name>
 *   time  wait: the time between enter and exit is time the thread waited (a thread's waiting total);
 *         hold: the time is something else (a lock held), recorded but not waiting
 * The object of an event (the `object` argument) identifies what is waited on:
 *   barrier, notify, wait            the barrier id (PGAS_SYNC_ANONYMOUS for none)
 *   lock, lock_hold                  the upc_lock_t pointer's value (equal on every thread)
 *   fence                            0
 *   nb_sync                          0 (upc_sync and upc_synci alike; one object per thread)
 *   sem_wait                         the semaphore's handle (recorded by the tracer from its transport call)
 *   pairsync                         the partner thread
 *   pairwise_barrier                 0
 *   subset_barrier                   a digest of the member list (equal for equal subsets)
 *   collective                       the collective's kind code; `name` gives its function name
 *   team_collective                  a Collectives 2.0 call's team (equal on every member); `name` gives the
 *                                    function; from the thread's first wait for it (a blocking call, or
 *                                    upccoll_wait, upccoll_fence, upccoll_finalize) to its completion
 * Codes are a file format (the tracer's raw files): never reorder or remove an entry, add at the end (and
 * raise tracedb::raw::kVersion). docs/architecture.md section 4 compares this set with GASP's.
 */
#ifndef PGAS_SYNC_EVENTS_H
#define PGAS_SYNC_EVENTS_H

#include <stdint.h>

/* clang-format off */
#define PGAS_SYNC_EVENTS(X) \
  X(barrier, wait)          \
  X(notify, wait)           \
  X(wait, wait)             \
  X(lock, wait)             \
  X(lock_hold, hold)        \
  X(fence, wait)            \
  X(nb_sync, wait)          \
  X(sem_wait, wait)         \
  X(pairsync, wait)         \
  X(pairwise_barrier, wait) \
  X(subset_barrier, wait)   \
  X(collective, wait)       \
  X(team_collective, wait)
/* clang-format on */

#define PGAS_SYNC_ANONYMOUS ((uint64_t)INT64_MIN)

#ifdef __cplusplus
extern "C" {
#endif

#define PGAS_SYNC_CODE(name, time) PGAS_SYNC_##name,
typedef enum { PGAS_SYNC_EVENTS(PGAS_SYNC_CODE) PGAS_SYNC_KIND_COUNT } pgas_sync_kind_t;
#undef PGAS_SYNC_CODE

#pragma GCC visibility push(default)
/* `name` is a static string naming the object or the operation (NULL if none): the tracer keeps it. */
void pgas_sync_enter(pgas_sync_kind_t kind, uint64_t object, const char *name);
void pgas_sync_exit(pgas_sync_kind_t kind, uint64_t object);
/* The runtime's implementations, which do nothing. */
void _pgas_sync_enter(pgas_sync_kind_t kind, uint64_t object, const char *name);
void _pgas_sync_exit(pgas_sync_kind_t kind, uint64_t object);
#pragma GCC visibility pop

#ifdef __cplusplus
}

namespace pgas {
/* Enters on construction, exits on destruction (also when the operation ends the job). */
class sync_scope {
 public:
  sync_scope(pgas_sync_kind_t kind, uint64_t object, const char *name = nullptr)
      : kind_(kind), object_(object) {
    pgas_sync_enter(kind, object, name);
  }
  ~sync_scope() { pgas_sync_exit(kind_, object_); }
  sync_scope(const sync_scope &) = delete;
  sync_scope &operator=(const sync_scope &) = delete;

 private:
  pgas_sync_kind_t kind_;
  uint64_t object_;
};
}  // namespace pgas
#endif

#endif /* PGAS_SYNC_EVENTS_H */
