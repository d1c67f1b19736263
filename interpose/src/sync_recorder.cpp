// Synchronization events: the strong pgas_sync_enter / pgas_sync_exit of the runtime's synchronization seam
// (pgas/sync_events.h). Every event is timed (a wait dwarfs two clock reads) and aggregated per (kind,
// object, call site, call path) in the raw file's sync table; the outermost waiting events also make the
// thread's waiting total and the timeline's waiting time. When tracing is off, each costs one predictable
// branch.
#include <algorithm>
#include <cstdint>
#include <cstdio>

#include "call_paths.hpp"
#include "clock.hpp"
#include "pgas/sync_events.h"
#include "pgas/tracedb/raw_format.hpp"
#include "recorder.hpp"
#include "tables.hpp"

namespace pgas::trace {

unsigned g_wait_depth = 0;

namespace {

using namespace tracedb::raw;

// An event entered and not exited yet. Events nest (a lock held across a barrier) but need not be exited
// in order (two locks released in the order taken), so exits look them up.
struct OpenEvent {
  pgas_sync_kind_t kind;
  std::uint64_t object;
  std::uint64_t start;
  std::uint32_t site;
  std::uint32_t path;
  const char *name;
};
constexpr unsigned kMaxOpen = 64;
OpenEvent g_open[kMaxOpen];
unsigned g_opened = 0;
// The acquisition that ended last, until another event starts: upc_lock exits `lock` and enters
// `lock_hold` on the same lock at once, so the hold's call site is the acquisition's (one stack walk less).
OpenEvent g_acquired{PGAS_SYNC_KIND_COUNT, 0, 0, 0, 0, nullptr};

void add_sync(File &file, const OpenEvent &e, std::uint64_t duration) {
  const auto kind = static_cast<std::uint32_t>(e.kind) + 1;
  const std::uint32_t mask = kSyncCapacity - 1;
  const std::uint64_t hash =
      mix(e.object ^ (static_cast<std::uint64_t>(e.site) << 32) ^ (static_cast<std::uint64_t>(e.path) << 12) ^
          (static_cast<std::uint64_t>(kind) << 56));
  for (std::uint32_t i = static_cast<std::uint32_t>(hash) & mask, probe = 0; probe < 64;
       ++probe, i = (i + 1) & mask) {
    SyncRecord &r = file.sync[i];
    const std::uint32_t key = r.kind_plus_one.load(std::memory_order_relaxed);
    if (key == 0) {
      r.site = e.site;
      r.object = e.object;
      r.path = e.path;
      std::snprintf(r.name, sizeof r.name, "%s", e.name ? e.name : "");
      r.kind_plus_one.store(kind, std::memory_order_release);
      file.header.sync_used.fetch_add(1, std::memory_order_relaxed);
    } else if (key != kind || r.site != e.site || r.object != e.object || r.path != e.path) {
      continue;
    }
    r.ticks_min = r.count == 0 ? duration : std::min(r.ticks_min, duration);
    r.ticks_max = std::max(r.ticks_max, duration);
    r.count += 1;
    r.ticks_sum += duration;
    return;
  }
  file.header.sync_dropped.fetch_add(1, std::memory_order_relaxed);
}

}  // namespace

void sync_enter(pgas_sync_kind_t kind, std::uint64_t object, const char *name, std::uint64_t return_address) {
  File &file = *g_file;
  if (g_opened == kMaxOpen || static_cast<unsigned>(kind) >= PGAS_SYNC_KIND_COUNT) {
    file.header.sync_dropped.fetch_add(1, std::memory_order_relaxed);
    return;
  }
  const bool hold_of_last_acquisition =
      kind == PGAS_SYNC_lock_hold && g_acquired.kind == PGAS_SYNC_lock && g_acquired.object == object;
  const Attribution at = hold_of_last_acquisition ? Attribution{g_acquired.site, g_acquired.path}
                                                  : attribute(file, return_address);
  g_acquired.kind = PGAS_SYNC_KIND_COUNT;
  if (tracedb::sync_kind_waits(kind)) ++g_wait_depth;
  g_open[g_opened++] = {kind, object, ticks(), at.site, at.path, name};
}

void sync_exit(pgas_sync_kind_t kind, std::uint64_t object) {
  const std::uint64_t end = ticks();
  File &file = *g_file;
  unsigned k = g_opened;
  while (k > 0 && (g_open[k - 1].kind != kind || g_open[k - 1].object != object)) --k;
  if (k == 0) return;  // entered before tracing started, or dropped
  const OpenEvent e = g_open[k - 1];
  for (; k < g_opened; ++k) g_open[k - 1] = g_open[k];
  --g_opened;
  add_sync(file, e, end - e.start);
  g_acquired = e;
  if (!tracedb::sync_kind_waits(kind)) return;
  if (--g_wait_depth == 0) {
    file.header.wait_ticks.fetch_add(end - e.start, std::memory_order_relaxed);
    add_span_to_timeline(file, e.start, end, TimelineState::kWaiting);
  }
}

}  // namespace pgas::trace

extern "C" {

void pgas_sync_enter(pgas_sync_kind_t kind, uint64_t object, const char *name) {
  if (pgas::trace::recording())
    pgas::trace::sync_enter(kind, object, name, reinterpret_cast<std::uint64_t>(__builtin_return_address(0)));
}

void pgas_sync_exit(pgas_sync_kind_t kind, uint64_t object) {
  if (pgas::trace::recording()) pgas::trace::sync_exit(kind, object);
}

}  // extern "C"
