// The shm conduit's job-wide synchronization, all in the shared control block: centralized split-phase
// synchronization phases (every collective's), the collective exchange area, the heap mutex and futex locks.
#include "conduit/shm/shm_conduit.hpp"

#include <unistd.h>

#include <cstring>

#include "control.hpp"
#include "errors.hpp"
#include "wait.hpp"

namespace pgas::rt {

namespace {
// Holds the shm conduit without ever destroying it: the exit barrier, an on_exit handler, runs after the
// destructors of globals (UBSan's vptr check caught a call on the destroyed conduit).
union NeverDestroyed {
  ShmConduit conduit;
  constexpr NeverDestroyed() : conduit() {}
  ~NeverDestroyed() {}
};
constinit NeverDestroyed g_shm_storage;
}  // namespace

// Constant-initialized: usable from the first constructor to the last exit handler.
constinit ShmConduit &g_shm_conduit = g_shm_storage.conduit;

namespace {

// This thread's arrival: the phase it belongs to and what it brought.
std::uint32_t g_arrival_phase = 0;
PhaseSignature g_arrival{};

// Run by the last thread to arrive: compares every signature with thread 0's (ids with the first one
// given), then releases the others.
void complete_phase(BarrierState &b, int threads) {
  bool agreed = true;
  const PhaseSignature *first_id = nullptr;
  for (int t = 0; t < threads && agreed; ++t) {
    const PhaseSignature &s = b.signatures[t];
    agreed = same_collective(b.signatures[0], s);
    if (s.barrier_id == kAnonymousBarrier) continue;
    if (first_id == nullptr)
      first_id = &s;
    else
      agreed = agreed && s.barrier_id == first_id->barrier_id;
  }
  b.disagreed.store(agreed ? 0 : 1, std::memory_order_relaxed);
  b.arrived.store(0, std::memory_order_relaxed);
  wake_all(b.phase);
}

void arrive(PhaseSignature mine) {
  BarrierState &b = g_runtime.ctl->barrier;
  b.signatures[g_runtime.mythread] = mine;
  g_arrival = mine;
  g_arrival_phase = b.phase.value.load(std::memory_order_acquire);
  if (mine.exiting != 0) {
    std::int32_t none = 0;
    g_runtime.ctl->first_exited.compare_exchange_strong(none, g_runtime.mythread + 1);
  }
  // The arrival is sequentially consistent: every earlier access of this thread is ordered before it, as a
  // barrier requires (on x86 the locked add is that fence, with no separate one).
  if (b.arrived.fetch_add(1, std::memory_order_seq_cst) + 1 == static_cast<std::uint32_t>(g_runtime.threads))
    complete_phase(b, g_runtime.threads);
}

// Waits for this thread's phase to complete. With `notice_exits`, a thread that finished main while this
// one waits in another collective ends the wait: that thread arrives at no other phase, so this one could
// never complete (it stops at the exit phase of the job, or later with no peer arriving at all).
PhaseResult complete(bool notice_exits) {
  BarrierState &b = g_runtime.ctl->barrier;
  ControlBlock &ctl = *g_runtime.ctl;
  const std::uint32_t phase = g_arrival_phase;
  const auto completed = [&] { return b.phase.value.load(std::memory_order_acquire) != phase; };
  int exited = -1;
  wait_until(
      b.phase, [&] { return completed() || exited >= 0; },
      [&] {
        if (notice_exits && g_arrival.exiting == 0)
          exited = ctl.first_exited.load(std::memory_order_acquire) - 1;
      });
  PhaseResult result;
  if (!completed()) {
    result = {false, exited, g_runtime.mythread, g_arrival};
    return result;
  }
  // The acquiring load that saw the new phase orders every later access after the phase.
  result.agreed = b.disagreed.load(std::memory_order_relaxed) == 0;
  return result;
}

// A phase of a collective's data steps: the same signature again; nobody leaves early.
void data_phase() {
  arrive(g_arrival);
  complete(false);
}

}  // namespace

void ShmConduit::phase_arrive(PhaseSignature mine) { arrive(mine); }

PhaseResult ShmConduit::phase_complete() { return complete(true); }

const std::uint64_t *ShmConduit::gather(const std::uint64_t *mine, int count, int *stride) {
  CollectiveState &c = g_runtime.ctl->collective;
  std::memcpy(c.args[g_runtime.mythread], mine, sizeof(std::uint64_t) * static_cast<std::size_t>(count));
  data_phase();
  *stride = CollectiveState::kArgs;
  return &c.args[0][0];
}

void ShmConduit::broadcast(void *data, std::size_t bytes) {
  CollectiveState &c = g_runtime.ctl->collective;
  if (bytes > sizeof c.payload)
    fatal("collective broadcast of %zu bytes (at most %zu)", bytes, sizeof c.payload);
  if (g_runtime.mythread == 0) std::memcpy(c.payload, data, bytes);
  data_phase();
  if (g_runtime.mythread != 0) std::memcpy(data, c.payload, bytes);
}

const void *ShmConduit::allgather(const void *mine, std::size_t bytes) {
  CollectiveState &c = g_runtime.ctl->collective;
  if (bytes > kAllgatherBytes) fatal("allgather of %zu bytes (at most %zu)", bytes, kAllgatherBytes);
  std::memcpy(c.records[g_runtime.mythread], mine, bytes);
  data_phase();
  // Packed as the interface promises (the control block keeps kAllgatherBytes per thread).
  gathered_.resize(bytes * static_cast<std::size_t>(g_runtime.threads));
  for (int t = 0; t < g_runtime.threads; ++t)
    std::memcpy(gathered_.data() + bytes * static_cast<std::size_t>(t), c.records[t], bytes);
  data_phase();  // nobody overwrites its record before every thread has read them
  return gathered_.data();
}

PhaseSignature ShmConduit::last_phase(int thread) { return g_runtime.ctl->barrier.signatures[thread]; }

bool ShmConduit::claim_report() {
  std::uint32_t none = 0;
  return g_runtime.ctl->report_claimed.compare_exchange_strong(none, 1);
}

void ShmConduit::heap_lock() { mutex_lock(g_runtime.ctl->heap_mutex); }
void ShmConduit::heap_unlock() { mutex_unlock(g_runtime.ctl->heap_mutex); }

RangeAllocator &ShmConduit::heap_open(int owner) {
  ControlBlock &ctl = *g_runtime.ctl;
  return owner >= 0 ? ctl.local_heaps[owner] : ctl.symmetric_heap;
}

bool ShmConduit::lock_allocate(std::uint32_t *index, std::uint32_t *generation) {
  ControlBlock &ctl = *g_runtime.ctl;
  mutex_lock(ctl.heap_mutex);
  // Slots 1..kMaxLocks-1, from the one after the last allocated: allocations in a row find a free slot at
  // once instead of passing every live lock.
  for (std::uint32_t k = 0; k < kMaxLocks - 1; ++k) {
    const std::uint32_t i = 1 + (ctl.lock_next + k) % (kMaxLocks - 1);
    LockSlot &s = ctl.locks[i];
    if (s.live.load(std::memory_order_relaxed) != 0) continue;
    std::uint32_t g = (s.generation.load(std::memory_order_relaxed) + 1) & 0xfffffff;
    if (g == 0) g = 1;
    s.state.store(0, std::memory_order_relaxed);
    s.holder.store(-1, std::memory_order_relaxed);
    s.generation.store(g, std::memory_order_relaxed);
    s.live.store(1, std::memory_order_release);
    ctl.lock_next = i;
    mutex_unlock(ctl.heap_mutex);
    *index = i;
    *generation = g;
    return true;
  }
  mutex_unlock(ctl.heap_mutex);
  return false;
}

namespace {
LockSlot *live_slot(std::uint32_t index, std::uint32_t generation) {
  LockSlot &s = g_runtime.ctl->locks[index];
  if (s.generation.load(std::memory_order_acquire) != generation ||
      s.live.load(std::memory_order_acquire) == 0)
    return nullptr;
  return &s;
}
}  // namespace

LockStatus ShmConduit::lock_acquire(std::uint32_t index, std::uint32_t generation, bool wait, int *holder) {
  LockSlot *s = live_slot(index, generation);
  if (s == nullptr) return LockStatus::kFreed;
  if (s->holder.load(std::memory_order_relaxed) == g_runtime.mythread) return LockStatus::kHeldByCaller;
  if (!mutex_try_lock(s->state)) {
    if (!wait) return LockStatus::kBusy;
    const auto holder_finished = [&] {
      *holder = s->holder.load(std::memory_order_acquire);
      return *holder >= 0 && finished_main(*holder) && s->holder.load(std::memory_order_acquire) == *holder;
    };
    if (!mutex_lock_unless(s->state, holder_finished)) return LockStatus::kHolderFinished;
  }
  s->holder.store(g_runtime.mythread, std::memory_order_relaxed);
  return LockStatus::kOk;
}

LockStatus ShmConduit::lock_release(std::uint32_t index, std::uint32_t generation, int *holder) {
  LockSlot *s = live_slot(index, generation);
  if (s == nullptr) return LockStatus::kFreed;
  *holder = s->holder.load(std::memory_order_relaxed);
  if (*holder < 0) return LockStatus::kNotHeld;
  if (*holder != g_runtime.mythread) return LockStatus::kHeldByOther;
  s->holder.store(-1, std::memory_order_relaxed);
  mutex_unlock(s->state);
  return LockStatus::kOk;
}

LockStatus ShmConduit::lock_free(std::uint32_t index, std::uint32_t generation, int *holder) {
  LockSlot *s = live_slot(index, generation);
  if (s == nullptr) return LockStatus::kFreed;
  // UPC 1.3 section 7.2.4.4: it succeeds whether the lock is unlocked or locked, by any thread.
  *holder = s->holder.load(std::memory_order_acquire);
  s->live.store(0, std::memory_order_release);
  return LockStatus::kOk;
}

void ShmConduit::finish() {}

void ShmConduit::global_exit(int status) {
  g_runtime.ctl->global_exit_status.store(status, std::memory_order_relaxed);
  g_runtime.ctl->global_exit.store(1, std::memory_order_release);  // the launcher ends the other threads
  _exit(status);
}

}  // namespace pgas::rt
