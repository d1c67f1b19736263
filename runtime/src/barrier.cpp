// upc_notify / upc_wait / upc_barrier: a centralized split-phase barrier in the control block. The last
// thread to arrive checks the barrier ids (UPC: all given ids must be equal) and advances the phase.
#include <bit>
#include <cstdio>

#include "collective.hpp"
#include "emulation.hpp"
#include "errors.hpp"
#include "pgas/detail/api.hpp"
#include "runtime.hpp"
#include "wait.hpp"

namespace pgas::rt {
namespace {

struct SplitPhase {
  bool notified = false;
  std::uint32_t phase = 0;  // the barrier phase this thread's notify belongs to
  std::int64_t id = kAnonymousBarrier;
};
SplitPhase g_split;
// Barriers this thread has completed: equal on every thread between the same two barriers, since every
// barrier is collective. Tools use it to tell barrier phases apart (pgas_barrier_count).
std::uint64_t g_completed = 0;

std::string format_id(std::int64_t id) { return id == kAnonymousBarrier ? "no id" : std::to_string(id); }

// Run by the last thread to arrive. A mismatch is reported here, once, before the others are released.
void complete_phase(BarrierState &b, int threads, const char *caller) {
  int first = -1;
  for (int t = 0; t < threads; ++t) {
    if (b.ids[t] == kAnonymousBarrier) continue;
    if (first < 0)
      first = t;
    else if (b.ids[t] != b.ids[first]) {
      report("%s: barrier id mismatch: thread %d used %s but thread %d used %s", caller, first,
             format_id(b.ids[first]).c_str(), t, format_id(b.ids[t]).c_str());
      b.mismatch.store(1, std::memory_order_relaxed);
      break;
    }
  }
  b.arrived.store(0, std::memory_order_relaxed);
  wake_all(b.phase);
}

// A peer that finished main can never arrive: waiting would hang.
void check_peers_alive(const char *caller) {
  std::int32_t gone = g_runtime.ctl->first_exited.load(std::memory_order_acquire);
  if (gone != 0)
    fatal("%s: thread %d finished main while this thread waits at a barrier it never reached", caller,
          gone - 1);
}

void notify(std::int64_t id, const char *caller) {
  Runtime &r = runtime(caller);
  if (g_split.notified) fatal("%s: upc_notify called twice without an upc_wait in between", caller);
  BarrierState &b = r.ctl->barrier;
  b.ids[r.mythread] = id;
  g_split = {true, b.phase.value.load(std::memory_order_acquire), id};
  // The arrival is sequentially consistent: every earlier access of this thread is ordered before it, as a
  // barrier requires (on x86 the locked add is that fence, with no separate one).
  if (b.arrived.fetch_add(1, std::memory_order_seq_cst) + 1 == static_cast<std::uint32_t>(r.threads))
    complete_phase(b, r.threads, caller);
}

void wait(std::int64_t id, const char *caller) {
  Runtime &r = runtime(caller);
  if (!g_split.notified) fatal("%s: upc_wait without a preceding upc_notify", caller);
  if (id != kAnonymousBarrier && g_split.id != kAnonymousBarrier && id != g_split.id)
    fatal("%s: upc_wait(%lld) does not match this thread's upc_notify(%lld)", caller,
          static_cast<long long>(id), static_cast<long long>(g_split.id));
  BarrierState &b = r.ctl->barrier;
  const std::uint32_t phase = g_split.phase;
  wait_until(
      b.phase, [&] { return b.phase.value.load(std::memory_order_acquire) != phase; },
      [&] { check_peers_alive(caller); });
  g_split.notified = false;
  ++g_completed;
  // The acquiring load that saw the new phase orders every later access after the barrier.
  if (b.mismatch.load(std::memory_order_relaxed) != 0) exit_quietly();  // reported by the last arriver
  emulate_rounds(static_cast<unsigned>(std::bit_width(static_cast<unsigned>(r.threads - 1))));
}

}  // namespace

void internal_barrier(const char *operation) {
  if (g_split.notified) fatal("%s called between upc_notify and upc_wait", operation);
  notify(kAnonymousBarrier, operation);
  wait(kAnonymousBarrier, operation);
}

}  // namespace pgas::rt

namespace pgas::detail {

void barrier_notify(const std::int64_t *id) { rt::notify(id ? *id : rt::kAnonymousBarrier, "upc_notify"); }
void barrier_wait(const std::int64_t *id) { rt::wait(id ? *id : rt::kAnonymousBarrier, "upc_wait"); }
void barrier(const std::int64_t *id) {
  std::int64_t value = id ? *id : rt::kAnonymousBarrier;
  rt::notify(value, "upc_barrier");
  rt::wait(value, "upc_barrier");
}

}  // namespace pgas::detail

extern "C" uint64_t pgas_barrier_count(void) { return pgas::rt::g_completed; }
