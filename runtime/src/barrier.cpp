// upc_notify / upc_wait / upc_barrier: the split-phase bookkeeping and UPC's checks (ids, pairing), on top
// of the conduit's barrier. A mismatch of ids is reported once, by thread 0, and ends the job.
#include <bit>
#include <cstdio>
#include <string>

#include "collective.hpp"
#include "conduit/active.hpp"
#include "emulation.hpp"
#include "errors.hpp"
#include "pgas/detail/api.hpp"
#include "runtime.hpp"

namespace pgas::rt {
namespace {

struct SplitPhase {
  bool notified = false;
  std::int64_t id = kAnonymousBarrier;
};
SplitPhase g_split;
// Barriers this thread has completed: equal on every thread between the same two barriers, since every
// barrier is collective. Tools use it to tell barrier phases apart (pgas_barrier_count).
std::uint64_t g_completed = 0;

std::string format_id(std::int64_t id) { return id == kAnonymousBarrier ? "no id" : std::to_string(id); }

void notify(std::int64_t id, const char *caller) {
  runtime(caller);
  if (g_split.notified) fatal("%s: upc_notify called twice without an upc_wait in between", caller);
  g_split = {true, id};
  conduit().barrier_arrive(id);
}

void wait(std::int64_t id, const char *caller) {
  Runtime &r = runtime(caller);
  if (!g_split.notified) fatal("%s: upc_wait without a preceding upc_notify", caller);
  if (id != kAnonymousBarrier && g_split.id != kAnonymousBarrier && id != g_split.id)
    fatal("%s: upc_wait(%lld) does not match this thread's upc_notify(%lld)", caller,
          static_cast<long long>(id), static_cast<long long>(g_split.id));
  const BarrierOutcome outcome = conduit().barrier_complete();
  g_split.notified = false;
  ++g_completed;
  if (outcome.exited_thread >= 0)
    fatal("%s: thread %d finished main while this thread waits at a barrier it never reached", caller,
          outcome.exited_thread);
  if (outcome.first_thread >= 0) {
    if (r.mythread == 0)
      report("%s: barrier id mismatch: thread %d used %s but thread %d used %s", caller, outcome.first_thread,
             format_id(outcome.first_id).c_str(), outcome.other_thread, format_id(outcome.other_id).c_str());
    conduit().barrier_arrive(kAnonymousBarrier);  // nobody exits (ending the job) before the report is out
    conduit().barrier_complete();
    exit_quietly();
  }
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
