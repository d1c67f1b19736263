// The kinds of synchronization event a trace records: their codes in the raw format (SyncRecord), their
// names in the database (sync_wait.kind) and whether their time is waiting. Generated from the list of the
// runtime's synchronization seam (pgas/sync_events.h).
#pragma once

#include <cstddef>
#include <iterator>
#include <string>
#include <string_view>

#include "pgas/sync_events.h"

namespace pgas::tracedb {

struct SyncKindDescription {
  std::string_view name;
  bool waiting;  // time between enter and exit counts as waiting (false: a lock held)
};

#define PGAS_SYNC_TIME_wait true
#define PGAS_SYNC_TIME_hold false
#define PGAS_SYNC_DESCRIPTION(name, time) SyncKindDescription{#name, PGAS_SYNC_TIME_##time},
// Indexed by pgas_sync_kind_t.
inline constexpr SyncKindDescription kSyncKinds[] = {PGAS_SYNC_EVENTS(PGAS_SYNC_DESCRIPTION)};
#undef PGAS_SYNC_DESCRIPTION
#undef PGAS_SYNC_TIME_wait
#undef PGAS_SYNC_TIME_hold
static_assert(std::size(kSyncKinds) == PGAS_SYNC_KIND_COUNT);

inline bool sync_kind_waits(unsigned kind) { return kind < PGAS_SYNC_KIND_COUNT && kSyncKinds[kind].waiting; }
inline std::string sync_kind_name(unsigned kind) {
  return kind < PGAS_SYNC_KIND_COUNT ? std::string(kSyncKinds[kind].name) : "?";
}

}  // namespace pgas::tracedb
