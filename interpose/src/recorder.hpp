// The recorder: aggregates remote accesses in place in this thread's raw file (raw_format.hpp), with no
// locks and no allocation per event. A UPC thread is a process, so the recorder is single-threaded.
//
// Configured by environment variables (pgasrun --trace sets them):
//   PGAS_TRACE_FILE      the database to produce. Unset: tracing is off.
//   PGAS_TRACE_RAW_DIR   where the raw files go ("thread-<T>.bin"); default "<file>.raw" (pgasrun --trace
//                        uses a private directory on /dev/shm: a mapping of a disk file costs writeback).
//                        Created mode 0700 if absent; one that is a symbolic link, belongs to another user
//                        or is writable by others is refused, and the thread exits with status 73
//   PGAS_TRACE_LINES     1: record call sites (the paper's mapping to source lines); default 0
//   PGAS_TRACE_CALLERS   caller sites kept above each site (default 0; needs PGAS_TRACE_LINES=1)
//   PGAS_TRACE_DEPTH     frames walked at most to leave runtime code (default 16)
//   PGAS_TRACE_BINS      offset histogram bins per variable (default 64, at most 256)
//   PGAS_TRACE_TIMELINE  timeline bucket width in ms (default 0: no timeline; a timeline times every call)
//   PGAS_TRACE_TIME_EVERY  time one transport call in N (default 16): reading the clock twice costs more than
//                        the rest of the recording on some machines; counts, bytes and histograms stay exact,
//                        and time sums are scaled from the timed calls
#pragma once

#include <cstddef>
#include <cstdint>

#include "pgas/sync_events.h"
#include "pgas/tracedb/raw_format.hpp"
#include "pgas/transport.h"

namespace pgas::trace {

// Where an event's offsets are: one offset, or `count` of them.
struct Offsets {
  const std::size_t *list;  // nullptr: just `single`
  std::size_t count;
  std::size_t single;
};

struct Event {
  tracedb::raw::Op op;
  pgas_handle_t handle;
  int peer;
  std::uint64_t return_address;
  std::size_t elements;
  std::size_t bytes;
  Offsets offsets;
};

extern tracedb::raw::File *g_file;  // nullptr when tracing is off
extern std::uint32_t g_time_every;
extern std::uint32_t g_until_timed;  // calls left until the next timed one

inline bool recording() { return g_file != nullptr; }

// Whether to time the call about to be made (one in g_time_every).
inline bool time_this_call() {
  if (--g_until_timed != 0) return false;
  g_until_timed = g_time_every;
  return true;
}

// Adds one transport call; when `timed`, it started at tick `start` and took `duration` ticks.
void record(const Event &event, bool timed, std::uint64_t start, std::uint64_t duration);

// Synchronization events (sync_recorder.cpp); g_wait_depth counts the waiting events open on this thread.
extern unsigned g_wait_depth;
void sync_enter(pgas_sync_kind_t kind, std::uint64_t object, const char *name, std::uint64_t return_address);
void sync_exit(pgas_sync_kind_t kind, std::uint64_t object);

// Records a shared object created by the calling thread (remote_alloc).
void record_allocation(pgas_handle_t handle, const pgas_layout_t &layout, std::uint64_t return_address);

}  // namespace pgas::trace
