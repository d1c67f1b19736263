/*
 * The list of transport operations (pgas/transport.h), written once. Generated from it:
 *   - the declarations of the implementations _remote_<name> (transport.h) and their weak public aliases
 *     remote_<name> (the runtime's transport.cpp), with a compile-time check that each documented public
 *     prototype in transport.h has the list's type;
 *   - the tracer's strong remote_<name> definitions (interpose/src/transport_wrappers.cpp);
 *   - the operation codes of the raw trace format, their names in the trace database and whether reports
 *     count them as reads or writes (tracedb/include/pgas/tracedb/operations.hpp).
 *
 * Each entry: X(name, return type, (parameters), (arguments), record, direction, (recorded))
 *   name        remote_<name> is the public function, _remote_<name> the runtime's implementation
 *   parameters  the full parameter list; the recorded operations name theirs `handle` and `thread`
 *   arguments   the parameter names, to forward a call
 *   record      how the tracer records a call:
 *                 single  one access; recorded = (byte offset, bytes)
 *                 vector  `count` elements at `offsets`; recorded = (offsets, count, bytes per element)
 *                 none    not an access (synchronization, freeing): passed through unmeasured
 *                 waiting one access like single, but every call is timed: a wait (a semaphore's), whose
 *                         time is what the trace must show and dwarfs the cost of reading the clock
 *                 custom  written by hand in the tracer, because it does something else than time the
 *                         call (see interpose/src/transport_wrappers.cpp)
 *   direction   read, write or other: how reports count a recorded operation (other for none/custom)
 *   recorded    expressions over the parameters; () for none and custom
 *
 * Each recorded (single, vector or waiting) operation has an operation code in the raw trace format: its
 * rank among the recorded operations of this list, and its name in the trace database is <name>. Those
 * codes are a file format: never reorder or remove an entry; add new operations at the end (a new recorded
 * operation also needs tracedb::raw::kVersion raised, since older importers reject the new code).
 *
 * Adding an operation: one entry here, its documented prototype in transport.h, its implementation
 * _remote_<name> in the runtime (and the conduit methods it needs). A custom one also needs its
 * hand-written wrapper in the tracer.
 */
#ifndef PGAS_TRANSPORT_OPERATIONS_H
#define PGAS_TRANSPORT_OPERATIONS_H

/* Bytes of one element of a pgas_type_t (accumulate and atomics). */
#define PGAS_TYPE_BYTES(type) \
  ((type) == PGAS_INT32 || (type) == PGAS_UINT32 || (type) == PGAS_FLOAT ? (size_t)4 : (size_t)8)

/* clang-format off */
#define PGAS_TRANSPORT_OPERATIONS(X)                                                                        \
  X(get, void, (pgas_handle_t handle, int thread, size_t offset, void *dst, size_t size),                   \
    (handle, thread, offset, dst, size), single, read, (offset, size))                                      \
  X(put, void, (pgas_handle_t handle, int thread, size_t offset, const void *src, size_t size),             \
    (handle, thread, offset, src, size), single, write, (offset, size))                                     \
  X(get_strict, void, (pgas_handle_t handle, int thread, size_t offset, void *dst, size_t size),            \
    (handle, thread, offset, dst, size), single, read, (offset, size))                                      \
  X(put_strict, void, (pgas_handle_t handle, int thread, size_t offset, const void *src, size_t size),      \
    (handle, thread, offset, src, size), single, write, (offset, size))                                     \
  /* a bulk transfer counts as `size` one-byte elements of the index space: its start is histogrammed */  \
  X(memget, void, (pgas_handle_t handle, int thread, size_t offset, void *dst, size_t size),                \
    (handle, thread, offset, dst, size), single, read, (offset, size))                                      \
  X(memput, void, (pgas_handle_t handle, int thread, size_t offset, const void *src, size_t size),          \
    (handle, thread, offset, src, size), single, write, (offset, size))                                     \
  X(getv, void,                                                                                             \
    (pgas_handle_t handle, int thread, const size_t *offsets, size_t count, size_t size, void *dst),        \
    (handle, thread, offsets, count, size, dst), vector, read, (offsets, count, size))                      \
  X(putv, void,                                                                                             \
    (pgas_handle_t handle, int thread, const size_t *offsets, size_t count, size_t size, const void *src),  \
    (handle, thread, offsets, count, size, src), vector, write, (offsets, count, size))                     \
  X(accv, void,                                                                                             \
    (pgas_handle_t handle, int thread, const size_t *offsets, size_t count, pgas_type_t type,               \
     pgas_acc_op_t op, const void *src),                                                                    \
    (handle, thread, offsets, count, type, op, src), vector, other, (offsets, count, PGAS_TYPE_BYTES(type))) \
  X(get_nb, pgas_token_t, (pgas_handle_t handle, int thread, size_t offset, void *dst, size_t size),        \
    (handle, thread, offset, dst, size), single, read, (offset, size))                                      \
  X(put_nb, pgas_token_t, (pgas_handle_t handle, int thread, size_t offset, const void *src, size_t size),  \
    (handle, thread, offset, src, size), single, write, (offset, size))                                     \
  X(getv_nb, pgas_token_t,                                                                                  \
    (pgas_handle_t handle, int thread, const size_t *offsets, size_t count, size_t size, void *dst),        \
    (handle, thread, offsets, count, size, dst), vector, read, (offsets, count, size))                      \
  X(putv_nb, pgas_token_t,                                                                                  \
    (pgas_handle_t handle, int thread, const size_t *offsets, size_t count, size_t size, const void *src),  \
    (handle, thread, offsets, count, size, src), vector, write, (offsets, count, size))                     \
  X(atomic, void,                                                                                           \
    (pgas_handle_t handle, int thread, size_t offset, pgas_type_t type, pgas_atomic_op_t op,                \
     const void *operand, const void *compare, void *result),                                               \
    (handle, thread, offset, type, op, operand, compare, result), single, other,                            \
    (offset, PGAS_TYPE_BYTES(type)))                                                                        \
  X(sync, void, (pgas_token_t token), (token), none, other, ())                                             \
  X(sync_all, void, (void), (), none, other, ())                                                            \
  X(cast, void *, (pgas_handle_t handle, int thread), (handle, thread), custom, other, ())                  \
  X(alloc, pgas_handle_t, (const pgas_layout_t *layout), (layout), custom, other, ())                       \
  X(free, void, (pgas_handle_t handle), (handle), none, other, ())                                         \
  /* Bonachea's proposal: signalling transfers (the bytes, then semaphore `sem` on the same thread incremented by n) */ \
  X(memput_signal, void,                                                                                    \
    (pgas_handle_t handle, int thread, size_t offset, const void *src, size_t size, pgas_handle_t sem,      \
     size_t n, int flags),                                                                                  \
    (handle, thread, offset, src, size, sem, n, flags), single, write, (offset, size))                      \
  X(memget_signal, void,                                                                                    \
    (pgas_handle_t handle, int thread, size_t offset, void *dst, size_t size, pgas_handle_t sem, size_t n,  \
     int flags),                                                                                            \
    (handle, thread, offset, dst, size, sem, n, flags), single, read, (offset, size))                       \
  /* Bonachea's proposal: semaphore posts and waits; `handle` is the semaphore */                                      \
  X(sem_post, void, (pgas_handle_t handle, int thread, size_t n, int flags), (handle, thread, n, flags),     \
    single, other, (0, 0))                                                                                  \
  X(sem_wait, size_t, (pgas_handle_t handle, int thread, size_t n, size_t m, int blocking),                 \
    (handle, thread, n, m, blocking), waiting, other, (0, 0))                                              \
  /* UPC 1.3 upc_sync_attempt: tests a non-blocking transfer to `thread` on `handle`; recorded as a poll */ \
  X(test, int, (pgas_handle_t handle, int thread, pgas_token_t token), (handle, thread, token), single,      \
    other, (0, 0))                                                                                          \
  /* Collectives 2.0 on a conduit's collective engine: `size` bytes from `thread` delivered to the caller's */ \
  /* receive buffer (`handle`, `offset`) by the engine, outside the one-sided transport; a record only */   \
  X(coll_recv, void, (pgas_handle_t handle, int thread, size_t offset, size_t size),                        \
    (handle, thread, offset, size), single, read, (offset, size))
/* clang-format on */

#endif /* PGAS_TRANSPORT_OPERATIONS_H */
