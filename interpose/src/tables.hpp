// The recorder's tables inside the raw file: open-addressing hash tables with fixed capacities (sites,
// handles, access aggregates), per-handle offset histograms and the timeline.
#pragma once

#include <cstdint>

#include "call_paths.hpp"
#include "pgas/tracedb/raw_format.hpp"
#include "pgas/transport.h"
#include "recorder.hpp"

namespace pgas::trace {

void start_tables(tracedb::raw::File &file);

// The hash of the recorder's open-addressing tables (the splitmix64 finalizer).
inline std::uint64_t mix(std::uint64_t x) {
  x ^= x >> 30;
  x *= 0xbf58476d1ce4e5b9ull;
  x ^= x >> 27;
  x *= 0x94d049bb133111ebull;
  return x ^ (x >> 31);
}

// The site slot of return address `pc` (inserted if new); 0 for pc 0 or a full table.
std::uint32_t site_slot(tracedb::raw::File &file, std::uint64_t pc);

// The handle's slot, inserted with `layout` if new; nullptr if the table is full.
tracedb::raw::Handle *add_handle(tracedb::raw::File &file, pgas_handle_t handle, const pgas_layout_t &layout,
                                 std::uint32_t alloc_site, bool allocated_here);

void add_access(tracedb::raw::File &file, const Event &event, const Attribution &at, bool timed,
                std::uint64_t duration);
void add_to_histogram(tracedb::raw::File &file, const Event &event);
void add_to_timeline(tracedb::raw::File &file, std::uint64_t start, std::size_t bytes);
// Adds the ticks [start, end) to the buckets they fall in, as remote access or as waiting.
enum class TimelineState { kRemote, kWaiting };
void add_span_to_timeline(tracedb::raw::File &file, std::uint64_t start, std::uint64_t end,
                          TimelineState state);

// Records the current tick and monotonic time, so that ticks convert to ns even after a crash.
void update_calibration(tracedb::raw::File &file);

}  // namespace pgas::trace
