// The signalling transfers of Bonachea's proposal behind the transport seam: upc_memput_signal (blocking),
// upc_memput_signal_async (the put in flight, the increment once it has landed) and upc_memget_signal.
//
// Emulated network cost (pgasrun --latency/--bandwidth): one latency per message on the wire. A signalling
// put is one message, its bytes with the increment riding along (applied at the target once the bytes are
// there): it costs bytes / bandwidth + one latency, never a second latency for the increment. The blocking
// form pays that before returning; the asynchronous one returns once the put is issued, and the target sees
// the increment no earlier than the emulated arrival of the bytes, which is when a real network would
// deliver it (later if the initiator reaches no synchronization point before that: see
// complete_signals). A signalling get is a get (one transfer) followed by the increment at the source's
// owner, a message of its own.
#include <vector>

#include "conduit/active.hpp"
#include "emulation.hpp"
#include "handles.hpp"
#include "pgas/detail/api.hpp"
#include "runtime.hpp"
#include "sync/semaphore_cell.hpp"

namespace pgas::rt {
namespace {

// An asynchronous signalling put whose increment is not made yet: the put is in flight on the conduit
// (`token`; on shm the emulated arrival time of its bytes, 0 without emulation).
struct InFlightSignal {
  pgas_handle_t sem;
  int thread;
  std::size_t n;
  int flags;
  pgas_token_t token;
};

// This thread's, oldest first (on shm in arrival order: the emulated link is first in, first out). Never
// destroyed: the collective at the end of main (an exit handler) completes them after static objects are
// gone.
std::vector<InFlightSignal> &in_flight() {
  static std::vector<InFlightSignal> &signals = *new std::vector<InFlightSignal>();
  return signals;
}

// Whether the put has landed without waiting for it. shm: its token is its emulated arrival time. A
// network conduit: completing it (a flush) is one round trip, so it counts as landed.
bool landed(const InFlightSignal &s) {
  return g_runtime.network != nullptr || s.token == 0 || now_ns() >= s.token;
}

void finish(const InFlightSignal &s) {
  with_conduit([&](auto &c) { c.sync(s.token); });  // MPI: waits and flushes the put (remote completion)
  increment(s.sem, Cell(s.sem, s.thread, "upc_memput_signal_async"), s.n, s.flags, "upc_memput_signal_async");
}

}  // namespace

void complete_signals(bool wait) {
  auto &signals = in_flight();
  if (signals.empty()) [[likely]]
    return;
  std::size_t done = 0;
  while (done < signals.size() && (wait || landed(signals[done]))) finish(signals[done++]);
  signals.erase(signals.begin(), signals.begin() + static_cast<std::ptrdiff_t>(done));
  if (signals.empty()) detail::g_progress_needed = g_runtime.network != nullptr;
}

// The blocking form: the bytes are complete at the target when the conduit's put returns (MPI: flushed),
// so the increment that follows cannot overtake them; the waiter's decrement is sequentially consistent,
// so it sees them. The asynchronous form leaves the put in flight and makes the increment in
// complete_signals, after the put's completion.
void signalling_put(pgas_handle_t dst, int thread, std::size_t offset, const void *src, std::size_t size,
                    pgas_handle_t sem, std::size_t n, int flags) {
  const bool async = (flags & PGAS_SIGNAL_ASYNC) != 0;
  flags &= ~PGAS_SIGNAL_ASYNC;
  const char *operation = async ? "upc_memput_signal_async" : "upc_memput_signal";
  const std::uint64_t at = resolve_offset(dst, thread, offset, size, operation);
  const Cell cell(sem, thread, operation);
  if (!async) {
    if (size != 0) with_conduit([&](auto &c) { c.put(thread, at, src, size); });
    emulate_transfer(size);
    increment(sem, cell, n, flags, operation);
    return;
  }
  complete_signals(false);
  pgas_token_t token = 0;
  if (size != 0)
    token = with_conduit([&](auto &c) { return c.put_nb(thread, at, src, size); });
  else if (g_runtime.network == nullptr && g_emulation.enabled)
    token = emulation_issue(0);  // the increment alone is still a message
  if (token == 0) return increment(sem, cell, n, flags, operation);
  in_flight().push_back({sem, thread, n, flags, token});
  detail::g_progress_needed = true;
}

// A get is complete when it returns, so the source's owner is signalled only after it was read.
void signalling_get(pgas_handle_t src, int thread, std::size_t offset, void *dst, std::size_t size,
                    pgas_handle_t sem, std::size_t n, int flags) {
  const std::uint64_t at = resolve_offset(src, thread, offset, size, "upc_memget_signal");
  const Cell cell(sem, thread, "upc_memget_signal");
  if (size != 0) with_conduit([&](auto &c) { c.get(thread, at, dst, size); });
  emulate_transfer(size);
  emulate_message(thread);
  increment(sem, cell, n, flags, "upc_memget_signal");
}

}  // namespace pgas::rt
