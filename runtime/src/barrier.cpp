// upc_notify / upc_wait / upc_barrier: UPC's checks of the split phase (pairing, ids) on this thread, on
// top of the runtime's collective phases, which match the threads' barriers and ids (collective.hpp).
#include <bit>
#include <cstdio>
#include <source_location>

#include "collective.hpp"
#include "emulation.hpp"
#include "errors.hpp"
#include "pgas/detail/api.hpp"
#include "pgas/sync_events.h"
#include "runtime.hpp"

namespace pgas::rt {
namespace {

CollectiveCall g_notify{CollectiveKind::kNotify};  // this thread's pending upc_notify (or upc_barrier)
// Barriers this thread has completed: equal on every thread between the same two barriers, since every
// barrier is collective. Tools use it to tell barrier phases apart (pgas_barrier_count).
std::uint64_t g_completed = 0;

void notify(CollectiveKind kind, std::int64_t id, const std::source_location &where, const char *caller) {
  runtime(caller);
  if (collective_pending()) fatal("%s: upc_notify called twice without an upc_wait in between", caller);
  g_notify = {.kind = kind, .barrier_id = id, .where = where};
  collective_arrive(g_notify);
}

void wait(std::int64_t id, const char *caller) {
  Runtime &r = runtime(caller);
  if (!collective_pending()) fatal("%s: upc_wait without a preceding upc_notify", caller);
  if (id != kAnonymousBarrier && g_notify.barrier_id != kAnonymousBarrier && id != g_notify.barrier_id)
    fatal("%s: upc_wait(%lld) does not match this thread's upc_notify(%lld)", caller,
          static_cast<long long>(id), static_cast<long long>(g_notify.barrier_id));
  collective_complete();
  ++g_completed;
  emulate_rounds(static_cast<unsigned>(std::bit_width(static_cast<unsigned>(r.threads - 1))));
}

std::int64_t id_or_anonymous(const std::int64_t *id) { return id ? *id : kAnonymousBarrier; }

}  // namespace
}  // namespace pgas::rt

namespace pgas::detail {

// Each is an event of the synchronization seam; the object is the barrier id.
std::uint64_t sync_object(const std::int64_t *id) {
  return id ? static_cast<std::uint64_t>(*id) : PGAS_SYNC_ANONYMOUS;
}

void barrier_notify(const std::int64_t *id, const std::source_location &where) {
  sync_scope scope(PGAS_SYNC_notify, sync_object(id));
  rt::notify(rt::CollectiveKind::kNotify, rt::id_or_anonymous(id), where, "upc_notify");
}
void barrier_wait(const std::int64_t *id) {
  sync_scope scope(PGAS_SYNC_wait, sync_object(id));
  rt::wait(rt::id_or_anonymous(id), "upc_wait");
}
void barrier(const std::int64_t *id, const std::source_location &where) {
  sync_scope scope(PGAS_SYNC_barrier, sync_object(id));
  rt::notify(rt::CollectiveKind::kBarrier, rt::id_or_anonymous(id), where, "upc_barrier");
  rt::wait(rt::id_or_anonymous(id), "upc_barrier");
}

}  // namespace pgas::detail

extern "C" uint64_t pgas_barrier_count(void) { return pgas::rt::g_completed; }
