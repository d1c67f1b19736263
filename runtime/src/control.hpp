// The control segment: job-wide state shared by every thread's process (shm conduit).
//
// It is created zero-filled by the launcher; thread 0 lays it out during start-up (see runtime.cpp) and
// the others wait for `ready`. Everything in it is position-independent (offsets, indices, atomics), since
// each process maps it at its own address. Fixed capacities keep it simple; the object is sparse, so
// untouched pages cost no memory.
#pragma once

#include <atomic>
#include <cstdint>

#include "common/launch_contract.hpp"
#include "conduit/conduit.hpp"
#include "pgas/transport.h"

namespace pgas::rt {

inline constexpr std::uint64_t kControlMagic = 0x316c746373616770ULL;  // "pgasctl1"
inline constexpr int kMaxThreads = launch::kMaxThreads;
inline constexpr std::uint32_t kMaxHandles = 1u << 14;
// The last handle slots hold the runtime's own shared objects, laid out by every thread at start-up (the
// pairsync flags, the collectives' staging area): never handed out, never freed.
inline constexpr std::uint32_t kFirstRuntimeSlot = kMaxHandles - 2;
inline constexpr std::uint32_t kMaxLocks = 1u << 16;  // a lock pointer holds its slot in 16 bits
inline constexpr std::uint32_t kMaxFreeRanges = 510;
inline constexpr std::size_t kNameCapacity = 64;

// A 32-bit word threads can sleep on (futex) with a count of sleepers, so wakers skip the syscall when
// nobody sleeps.
struct WaitWord {
  std::atomic<std::uint32_t> value;
  std::atomic<std::uint32_t> sleepers;
};

// First-fit allocator of byte ranges [begin, end), free list kept sorted and coalesced.
struct RangeAllocator {
  struct Range {
    std::uint64_t offset;
    std::uint64_t size;
  };
  std::uint64_t begin;
  std::uint64_t end;
  std::uint32_t count;
  std::uint32_t pad;
  Range free_ranges[kMaxFreeRanges];
};

enum class HandleState : std::uint32_t { kFree = 0, kLive = 1, kFreed = 2 };

// A shared object. The layout fields are written once before the handle is published (state kLive).
struct HandleDesc {
  std::atomic<std::uint32_t> generation;  // matches the high 32 bits of the live pgas_handle_t
  std::atomic<HandleState> state;
  pgas_alloc_kind_t kind;
  std::int32_t owner;              // thread holding it all (block 0 / upc_alloc), or -1
  std::uint64_t seg_offset;        // where the object starts in each segment that holds part of it
  std::uint64_t bytes_per_thread;  // bytes reserved on each thread holding part of it
  std::uint64_t elem_size;
  std::uint64_t block;  // 0 = indefinite
  std::uint64_t nelems;
  char name[kNameCapacity];  // program-given name, or empty
  char site[kNameCapacity];  // "file:line" of the allocating call, or empty
};

// A upc_lock_t. state: 0 free, 1 held, 2 held with sleepers (the classic futex mutex).
struct LockSlot {
  std::atomic<std::uint32_t> state;
  std::atomic<std::int32_t> holder;  // thread holding it, or -1
  std::atomic<std::uint32_t> generation;
  std::atomic<std::uint32_t> live;
};

// The synchronization phases every collective runs through: arrivals are counted; the last arriver
// compares the signatures and advances `phase`.
struct BarrierState {
  alignas(64) std::atomic<std::uint32_t> arrived;
  alignas(64) WaitWord phase;
  std::atomic<std::uint32_t> disagreed;  // the last phase's signatures did not agree
  PhaseSignature signatures[kMaxThreads];
};

// Arguments each thread passes to a collective call, compared by thread 0 to detect mismatches, and what
// thread 0 publishes to all (the result of the call, e.g. the handle of a collective allocation).
struct CollectiveState {
  static constexpr int kArgs = 6;
  std::uint64_t args[kMaxThreads][kArgs];
  char payload[512];
  // Conduit::allgather: what every thread says about a phase that did not agree.
  char records[kMaxThreads][Conduit::kAllgatherBytes];
};

struct ControlBlock {
  std::uint64_t magic;  // kControlMagic once thread 0 has laid out the block
  std::uint32_t threads;
  std::uint32_t pad0;
  std::uint64_t segment_size;
  std::uint64_t symmetric_end;  // [sync flags' end, symmetric_end) symmetric heap; above: upc_alloc heaps

  std::atomic<std::uint32_t> attached;        // processes that mapped every segment
  WaitWord ready;                             // 1 once thread 0 initialized everything
  std::atomic<std::int32_t> first_exited;     // 1 + the first thread to finish main, or 0
  std::atomic<std::uint32_t> report_claimed;  // nonzero once a thread reports a failed collective
  std::atomic<std::uint32_t> global_exit;     // nonzero after upc_global_exit; the launcher ends the job
  std::atomic<std::int32_t> global_exit_status;

  std::atomic<std::uint32_t> heap_mutex;  // protects heaps, handle and lock tables (futex mutex)
  // Shared objects freed so far (network conduits: those created by this thread, or freed here); a change
  // empties every thread's cache of local parts (pgas::detail::local_part).
  std::atomic<std::uint64_t> frees;
  RangeAllocator symmetric_heap;
  RangeAllocator local_heaps[kMaxThreads];
  HandleDesc handles[kMaxHandles];
  LockSlot locks[kMaxLocks];
  std::uint32_t lock_next;  // shm: where the next allocation starts looking for a free slot (heap_mutex)
  // Network conduits: lock slot i's word on its home thread (i % THREADS): generation << 32 | holder + 1,
  // 0 when the slot is free. Changed only by the network's atomics.
  std::uint64_t lock_words[kMaxLocks];
  // Network conduits: the phase this thread last arrived at, read by a peer that finished main.
  PhaseSignature last_phase;
  // Network conduits: the Collectives 2.0 call this thread waits in inside the conduit's collective engine
  // (kind kUpccollCall, its number in its team; barrier_id: 1 + the function, conduit/collectives.hpp's
  // TeamCollective), kind 0 when none; read by a peer that finished main.
  PhaseSignature engine_wait;
  BarrierState barrier;
  CollectiveState collective;
  // shm: what each thread sleeps on while it waits for a peer's synchronization flag (sync/sync_wait.hpp),
  // one cache line each: wakers of different threads do not contend.
  struct alignas(64) PeerWake {
    WaitWord word;
  } peer_wake[kMaxThreads];
};

// Bytes at the start of every data segment that no allocation uses, so that offset 0 is never valid; the
// collectives keep their strict flags in it (coll/flags.cpp).
inline constexpr std::uint64_t kSegmentReserve = 32768;

}  // namespace pgas::rt
