// Semaphores inside the runtime: how a upc_sem_t * encodes its semaphore, the semaphore's cell in the
// owner's data segment, and the checks and messages shared by the API (semaphore.cpp) and the operations
// behind the transport seam (semaphore_ops.cpp).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

#include "control.hpp"
#include "pgas/upc_sem.h"
#include "sync/signals_in_flight.hpp"

namespace pgas::rt {

// The semaphore in its owner's segment: a shared object of its own (a upc_alloc-style handle), so that it
// is allocated, freed, validated and traced like any other. The value is a 32-bit word (UPC_SEM_MAXVALUE <
// 2^31), which on shm is also the futex word its waiters sleep on: a post changes it with one atomic
// operation, and makes a system call only when word.sleepers says a waiter is asleep. The other words
// are 64-bit (the network conduits' atomics).
struct SemaphoreCell {
  WaitWord word;           // word.value: the semaphore's value; word.sleepers: shm waiters asleep on it
  std::uint64_t producer;  // SPRODUCER: 1 + the producing thread, 0 before the first post
  std::uint64_t waiters;   // threads blocked in a wait on it (for upc_sem_free's check)
};
inline constexpr std::size_t kValueAt = offsetof(SemaphoreCell, word) + offsetof(WaitWord, value);
inline constexpr std::size_t kProducerAt = offsetof(SemaphoreCell, producer);
inline constexpr std::size_t kWaitersAt = offsetof(SemaphoreCell, waiters);

inline constexpr int kSemFlags = UPC_SEM_BOOLEAN | UPC_SEM_INTEGER | UPC_SEM_SPRODUCER | UPC_SEM_MPRODUCER |
                                 UPC_SEM_SCONSUMER | UPC_SEM_MCONSUMER;

// What a upc_sem_t * says: the semaphore's handle, its owner and the flags that constrain its use. The
// pointer value is generation << 32 | owner << 18 | index << 4 | 1 << 3 | constraint bits, so that it is
// the same on every thread, never null and never a dereferenceable address.
struct SemRef {
  pgas_handle_t handle;
  int owner;
  int flags;  // UPC_SEM_BOOLEAN, UPC_SEM_SPRODUCER, UPC_SEM_SCONSUMER (the others are their absence)
};

upc_sem_t *encode_semaphore(const SemRef &ref);
// Decodes and validates `s` (a semaphore that is not live, or no semaphore at all, is reported naming
// `operation`).
SemRef checked_semaphore(const upc_sem_t *s, const char *operation);

// Stops the job if the semaphore was freed (or never existed). `fresh`: consult the thread that created it
// even when this process's copy of the handle table says live (a network conduit's copy may be stale).
void check_semaphore_live(pgas_handle_t handle, int owner, const char *operation, bool fresh);

// "semaphore allocated at file.cpp:12 on thread 1" for messages.
std::string describe_semaphore(pgas_handle_t handle, int owner);

// Stops the job: a post would take the semaphore past UPC_SEM_MAXVALUE.
[[noreturn]] void report_overflow(pgas_handle_t handle, int owner, std::uint64_t value, std::size_t n);
// Stops the job if `producer` (1 + thread, 0 none) is not the calling thread.
void check_single_producer(pgas_handle_t handle, int owner, std::uint64_t producer, const char *operation);

// The operations behind the transport seam's semaphore functions (remote_sem_post, remote_sem_wait,
// remote_memput_signal, remote_memget_signal: transport.cpp defines them with these; semaphore_ops.cpp and
// signalling.cpp implement them).
void semaphore_post(pgas_handle_t sem, int thread, std::size_t n, int flags);
std::size_t semaphore_wait(pgas_handle_t sem, int thread, std::size_t n, std::size_t m, bool blocking);
void signalling_put(pgas_handle_t dst, int thread, std::size_t offset, const void *src, std::size_t size,
                    pgas_handle_t sem, std::size_t n, int flags);
void signalling_get(pgas_handle_t src, int thread, std::size_t offset, void *dst, std::size_t size,
                    pgas_handle_t sem, std::size_t n, int flags);

}  // namespace pgas::rt
