// The shm conduit's job-wide synchronization, all in the shared control block: a centralized split-phase
// barrier, the collective exchange area, the heap mutex, futex locks and the exit barrier.
#include "conduit/shm/shm_conduit.hpp"

#include <unistd.h>

#include <cstring>
#include <type_traits>

#include "control.hpp"
#include "errors.hpp"
#include "wait.hpp"

namespace pgas::rt {

// Constant-initialized and never destroyed: usable from the first constructor to the last exit handler.
constinit ShmConduit g_shm_conduit;
static_assert(std::is_trivially_destructible_v<ShmConduit>, "the exit barrier runs after destructors");

namespace {

// The barrier phase this thread's arrival belongs to.
std::uint32_t g_arrival_phase = 0;

// Run by the last thread to arrive: records the first pair of unequal ids, then releases the others.
void complete_phase(BarrierState &b, int threads) {
  int first = -1;
  for (int t = 0; t < threads; ++t) {
    if (b.ids[t] == kAnonymousBarrier) continue;
    if (first < 0) {
      first = t;
    } else if (b.ids[t] != b.ids[first]) {
      b.mismatch_first = first;
      b.mismatch_other = t;
      b.mismatch_first_id = b.ids[first];
      b.mismatch_other_id = b.ids[t];
      b.mismatch.store(1, std::memory_order_relaxed);
      break;
    }
  }
  b.arrived.store(0, std::memory_order_relaxed);
  wake_all(b.phase);
}

}  // namespace

void ShmConduit::barrier_arrive(std::int64_t id) {
  BarrierState &b = g_runtime.ctl->barrier;
  b.ids[g_runtime.mythread] = id;
  g_arrival_phase = b.phase.value.load(std::memory_order_acquire);
  // The arrival is sequentially consistent: every earlier access of this thread is ordered before it, as a
  // barrier requires (on x86 the locked add is that fence, with no separate one).
  if (b.arrived.fetch_add(1, std::memory_order_seq_cst) + 1 == static_cast<std::uint32_t>(g_runtime.threads))
    complete_phase(b, g_runtime.threads);
}

BarrierOutcome ShmConduit::barrier_complete() {
  BarrierState &b = g_runtime.ctl->barrier;
  BarrierOutcome outcome;
  const std::uint32_t phase = g_arrival_phase;
  // A peer that finished main can never arrive: waiting would hang.
  bool gone = false;
  wait_until(
      b.phase, [&] { return b.phase.value.load(std::memory_order_acquire) != phase || gone; },
      [&] { gone = g_runtime.ctl->first_exited.load(std::memory_order_acquire) != 0; });
  if (gone && b.phase.value.load(std::memory_order_acquire) == phase) {
    outcome.exited_thread = g_runtime.ctl->first_exited.load(std::memory_order_acquire) - 1;
    return outcome;
  }
  // The acquiring load that saw the new phase orders every later access after the barrier.
  if (b.mismatch.load(std::memory_order_relaxed) != 0) {
    outcome.first_thread = b.mismatch_first;
    outcome.other_thread = b.mismatch_other;
    outcome.first_id = b.mismatch_first_id;
    outcome.other_id = b.mismatch_other_id;
  }
  return outcome;
}

const std::uint64_t *ShmConduit::gather(const std::uint64_t *mine, int count, int *stride) {
  CollectiveState &c = g_runtime.ctl->collective;
  std::memcpy(c.args[g_runtime.mythread], mine, sizeof(std::uint64_t) * static_cast<std::size_t>(count));
  barrier_arrive(kAnonymousBarrier);
  barrier_complete();
  *stride = CollectiveState::kArgs;
  return &c.args[0][0];
}

void ShmConduit::broadcast(void *data, std::size_t bytes) {
  CollectiveState &c = g_runtime.ctl->collective;
  if (bytes > sizeof c.payload)
    fatal("collective broadcast of %zu bytes (at most %zu)", bytes, sizeof c.payload);
  if (g_runtime.mythread == 0) std::memcpy(c.payload, data, bytes);
  barrier_arrive(kAnonymousBarrier);
  barrier_complete();
  if (g_runtime.mythread != 0) std::memcpy(data, c.payload, bytes);
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
  for (std::uint32_t i = 1; i < kMaxLocks; ++i) {
    LockSlot &s = ctl.locks[i];
    if (s.live.load(std::memory_order_relaxed) != 0) continue;
    std::uint32_t g = (s.generation.load(std::memory_order_relaxed) + 1) & 0xfffffff;
    if (g == 0) g = 1;
    s.state.store(0, std::memory_order_relaxed);
    s.holder.store(-1, std::memory_order_relaxed);
    s.generation.store(g, std::memory_order_relaxed);
    s.live.store(1, std::memory_order_release);
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

LockStatus ShmConduit::lock_acquire(std::uint32_t index, std::uint32_t generation, bool wait) {
  LockSlot *s = live_slot(index, generation);
  if (s == nullptr) return LockStatus::kFreed;
  if (s->holder.load(std::memory_order_relaxed) == g_runtime.mythread) return LockStatus::kHeldByCaller;
  if (wait)
    mutex_lock(s->state);
  else if (!mutex_try_lock(s->state))
    return LockStatus::kBusy;
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
  *holder = s->holder.load(std::memory_order_acquire);
  if (*holder >= 0 && *holder != g_runtime.mythread) return LockStatus::kHeldByOther;
  s->live.store(0, std::memory_order_release);
  return LockStatus::kOk;
}

// A thread that returns from main waits until every thread has done so, so that no peer loses access to
// shared data it still expects to be served.
bool ShmConduit::exit_barrier() {
  ControlBlock &ctl = *g_runtime.ctl;
  std::int32_t none = 0;
  ctl.first_exited.compare_exchange_strong(none, g_runtime.mythread + 1);
  wake_all(ctl.exited);  // counts this thread
  const auto all_done = [&] {
    return ctl.exited.value.load(std::memory_order_acquire) >= static_cast<std::uint32_t>(g_runtime.threads);
  };
  wait_until(ctl.exited, all_done, [] {});
  return true;
}

void ShmConduit::global_exit(int status) {
  g_runtime.ctl->global_exit_status.store(status, std::memory_order_relaxed);
  g_runtime.ctl->global_exit.store(1, std::memory_order_release);  // the launcher ends the other threads
  _exit(status);
}

}  // namespace pgas::rt
