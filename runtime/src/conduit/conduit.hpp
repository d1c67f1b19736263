// The conduit: how one thread reaches the others. Everything above it (handles, layout, validation, error
// messages, the transport seam, the dialect) is conduit-independent; a conduit moves validated bytes
// between segments and provides the job-wide synchronization the runtime builds on.
//
// Two conduits exist: shm (embedded in libpgas, every segment mapped into every process; its hot paths are
// inlined by the callers, see shm/shm_conduit.hpp) and mpi (MPI-3 one-sided communication, in
// libpgas-mpi.so, loaded only when a job is started by mpirun; see mpi/).
//
// Offsets named `at` are byte offsets inside the target thread's data segment, already checked by the
// runtime. The interface has no dependency on the rest of libpgas, so that a conduit can live in its own
// shared object.
#pragma once

#include <cstddef>
#include <cstdint>

#include "pgas/transport.h"

namespace pgas::rt {

class CollectiveEngine;
struct ControlBlock;
struct RangeAllocator;

// What a lock operation found, turned into UPC's error messages by the caller.
enum class LockStatus {
  kOk,
  kBusy,           // lock_attempt: held by another thread
  kFreed,          // the lock was freed (or never allocated)
  kHeldByCaller,   // lock/attempt: the caller already holds it
  kNotHeld,        // unlock: nobody holds it
  kHeldByOther,    // unlock/free: another thread holds it (its number in *holder)
  kHolderFinished  // lock: the thread holding it (in *holder) finished main, so it is never released
};

// No barrier id (upc_barrier without an expression): matches any id.
inline constexpr std::int64_t kAnonymousBarrier = INT64_MIN;

// What a thread brings to a synchronization phase: the collective operation it is in. A phase completes
// once every thread has arrived, and agrees when every thread gives the same kind and sequence number and
// the barrier ids that are given are equal (the runtime words the message when it does not). Sixteen bytes:
// passed by value in two registers, so that an arrival is not a copy through memory.
struct PhaseSignature {
  std::uint64_t kind : 14;      // the kind of collective the caller is in (what it must meet)
  std::uint64_t blocks : 1;     // the caller waits for the phase right after arriving (not a upc_notify)
  std::uint64_t exiting : 1;    // the caller finished main; it arrives at no later phase
  std::uint64_t sequence : 48;  // the collective's number in its team
  std::int64_t barrier_id;
};
static_assert(sizeof(PhaseSignature) == 16);

// Whether `other` agrees with `reference` in kind and sequence number (ids are compared across the whole
// phase: the first thread that gives one sets it).
inline bool same_collective(const PhaseSignature &reference, const PhaseSignature &other) {
  return reference.kind == other.kind && reference.sequence == other.sequence;
}

// How a phase ended on this thread.
struct PhaseResult {
  bool agreed = true;  // every thread arrived with an agreeing signature (the same on every thread)
  // >= 0: the phase cannot complete: `exited_thread` finished main while `waiting_thread` waits in
  // another collective (`waiting`) and some thread never arrives. Seen by the waiter (shm) or by the thread
  // that finished main (network conduits, whose waiters block in the network library).
  int exited_thread = -1;
  int waiting_thread = -1;
  PhaseSignature waiting{};
};

class Conduit {
 protected:
  // Not virtual: no conduit is destroyed through this interface. So the shm conduit, a global, has a
  // trivial destructor and stays alive for the exit barrier, an on_exit handler that runs after the
  // destructors of globals (UBSan's vptr check caught the call on a destroyed object).
  ~Conduit() = default;

 public:
  virtual const char *name() const = 0;

  // ---- data movement. Written out, not generated from the list of transport operations
  // (pgas/transport_operations.h): these take validated segment offsets rather than handle and offset, and
  // do not map one to one (memget/memput use get/put; cast, alloc and free have no method here) ----
  virtual void get(int thread, std::uint64_t at, void *dst, std::size_t size) = 0;
  virtual void put(int thread, std::uint64_t at, const void *src, std::size_t size) = 0;
  // Strict: ordered with every other strict access and fence of this thread, and complete on return.
  virtual void get_strict(int thread, std::uint64_t at, void *dst, std::size_t size) = 0;
  virtual void put_strict(int thread, std::uint64_t at, const void *src, std::size_t size) = 0;
  virtual void getv(int thread, const std::uint64_t *at, std::size_t count, std::size_t size, void *dst) = 0;
  virtual void putv(int thread, const std::uint64_t *at, std::size_t count, std::size_t size,
                    const void *src) = 0;
  virtual void accv(int thread, const std::uint64_t *at, std::size_t count, pgas_type_t type,
                    pgas_acc_op_t op, const void *src) = 0;
  virtual void atomic(int thread, std::uint64_t at, pgas_type_t type, pgas_atomic_op_t op,
                      const void *operand, const void *compare, void *result) = 0;
  // Non-blocking: the buffers stay in use until sync of the returned token (0: already complete).
  virtual pgas_token_t get_nb(int thread, std::uint64_t at, void *dst, std::size_t size) = 0;
  virtual pgas_token_t put_nb(int thread, std::uint64_t at, const void *src, std::size_t size) = 0;
  virtual pgas_token_t getv_nb(int thread, const std::uint64_t *at, std::size_t count, std::size_t size,
                               void *dst) = 0;
  virtual pgas_token_t putv_nb(int thread, const std::uint64_t *at, std::size_t count, std::size_t size,
                               const void *src) = 0;
  virtual void sync(pgas_token_t token) = 0;
  // Without waiting: true when the token's transfer is complete (the token is then used up, as by sync).
  virtual bool test(pgas_token_t token) = 0;
  virtual void sync_all() = 0;
  // upc_fence: every earlier access of this thread is complete and visible before any later one.
  virtual void fence() = 0;
  virtual void zero(int thread, std::uint64_t at, std::size_t bytes) = 0;
  // Lets the network deliver other threads' one-sided traffic to this thread's segment (a conduit whose
  // network needs the target's participation), and makes it visible to this thread's loads.
  virtual void progress() = 0;

  // ---- synchronization phases: arrive (upc_notify), then complete (upc_wait); every collective
  // operation of the runtime starts with one, carrying its signature ----
  virtual void phase_arrive(PhaseSignature mine) = 0;
  virtual PhaseResult phase_complete() = 0;

  // ---- data steps of a collective whose phase agreed: every thread gives `count` words; thread 0 gets
  // all of them (thread t's words at all[t * stride]); then thread 0 sends `bytes` to every thread ----
  virtual const std::uint64_t *gather(const std::uint64_t *mine, int count, int *stride) = 0;
  virtual void broadcast(void *data, std::size_t bytes) = 0;
  // Every thread gives `bytes` (at most kAllgatherBytes) and gets every thread's, thread t's at
  // all + t * bytes. For the report of a phase that did not agree: it works whatever the phase was.
  static constexpr std::size_t kAllgatherBytes = 256;
  virtual const void *allgather(const void *mine, std::size_t bytes) = 0;
  // True for the one caller (in the whole job) that gets to report a failed collective; the others stay
  // quiet, so that the job ends with one message.
  virtual bool claim_report() = 0;
  // The phase `thread` arrived at last (shm) or waited in last (network conduits); every field 0 before
  // its first. A phase with a higher sequence than the caller's own last one is one that `thread` waits in
  // (if `blocks`) until the caller arrives.
  virtual PhaseSignature last_phase(int thread) = 0;
  // True once `thread` has finished main (returned or called exit): it arrived at its last phase and stays
  // there, so it releases no lock and meets no one. Its accesses before that are complete and visible.
  bool finished_main(int thread) { return last_phase(thread).exiting != 0; }

  // ---- the shared heap's bookkeeping (in the control block): a job-wide mutex, and the allocator of
  // `owner`'s upc_alloc heap (or the symmetric heap for owner -1), valid between open and close ----
  virtual void heap_lock() = 0;
  virtual void heap_unlock() = 0;
  virtual RangeAllocator &heap_open(int owner) = 0;
  virtual void heap_close(int owner) = 0;
  // The handle slots this thread may create handles in: first, first + stride, ...
  virtual void handle_slots(std::uint32_t *first, std::uint32_t *stride) = 0;
  // Brings the descriptor of handle slot `index` up to date in this process's table; false if the slot's
  // descriptor is always current here (shm: the table is shared).
  virtual bool handle_refresh(std::uint32_t index) = 0;
  // Publishes this process's descriptor of slot `index` (after a free) to where others look it up.
  virtual void handle_publish(std::uint32_t index) = 0;

  // ---- UPC locks, named by (slot index, generation) ----
  virtual bool lock_allocate(std::uint32_t *index, std::uint32_t *generation) = 0;
  virtual LockStatus lock_acquire(std::uint32_t index, std::uint32_t generation, bool wait, int *holder) = 0;
  virtual LockStatus lock_release(std::uint32_t index, std::uint32_t generation, int *holder) = 0;
  virtual LockStatus lock_free(std::uint32_t index, std::uint32_t generation, int *holder) = 0;

  // ---- optional: the conduit's own engine for Collectives 2.0 (conduit/collectives.hpp), nullptr if none
  // (shm: the shared-memory engine is the fast one there) ----
  virtual CollectiveEngine *collectives() { return nullptr; }
  // While on (this thread has Collectives 2.0 calls in flight), the peers' accesses to this thread's memory
  // are applied even while it computes outside the runtime (a progress thread of the MPI conduit across
  // machines); a conduit whose peers need no help from this thread for them does nothing.
  virtual void progress_in_background(bool on) { (void)on; }

  // ---- end of the job ----
  // After every thread finished main (the exit collective agreed): releases the conduit's resources.
  virtual void finish() = 0;
  [[noreturn]] virtual void global_exit(int status) = 0;
};

// What a network conduit needs from the runtime when it starts (shm needs nothing: it is the runtime).
struct ConduitStartup {
  std::size_t segment_size;  // in: bytes of every thread's data segment
  int threads;               // out: THREADS
  int mythread;              // out: MYTHREAD
  std::byte *segment;        // out: this thread's data segment, directly addressable
  ControlBlock *ctl;         // out: this thread's control block, zero-filled
  // in: reports a fatal error the runtime's way (message, then exit); used by the conduit library
  [[noreturn]] void (*fatal)(const char *message);
};

// The entry point of a conduit library (libpgas-mpi.so exports it with C linkage): starts the conduit
// (collective over the job) and fills `startup`, or prints why not and returns nullptr.
using ConduitFactory = Conduit *(*)(ConduitStartup *startup);
inline constexpr const char *kConduitFactorySymbol = "pgas_conduit_start";

}  // namespace pgas::rt
