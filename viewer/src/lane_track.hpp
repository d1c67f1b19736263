// What one thread's lane of the timeline holds, apart from drawing it: stretches of time with their three
// states (a recorded bucket, or computation between buckets), and what a run of equal columns of a time
// range holds (one pixel column each when LanesWidget paints).
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "pgas/tracedb/reader.hpp"

namespace pgas::viewer {

enum class LaneState { kCompute, kRemote, kWait };

// The states of one lane over a span of time (what a pixel column of it shows, or a whole bucket).
struct LaneShares {
  int thread = -1;  // -1: no lane there
  std::int64_t from_ns = 0, to_ns = 0;
  double compute_ns = 0, remote_ns = 0, wait_ns = 0;
  double covered() const { return compute_ns + remote_ns + wait_ns; }
  LaneState dominant() const;
};

struct LaneSegment {
  std::int64_t start_ns, end_ns;
  double compute_ns, remote_ns, wait_ns;
};

struct LaneTrack {
  int thread = 0;
  std::vector<LaneSegment> segments;  // in time order, not overlapping

  std::int64_t end_ns() const { return segments.empty() ? 0 : segments.back().end_ns; }
  // The states in `count` equal columns of [from, to): each segment's time is spread over the columns it
  // overlaps in proportion to the overlap.
  std::vector<LaneShares> columns(std::int64_t from, std::int64_t to, int count) const;
  // The segment holding time `t`, if it is at least `min_length` ns long.
  std::optional<LaneShares> segment_at(double t, double min_length) const;
};

// One track per thread row, from 0 to the thread's end (its wall time, or its last bucket's end if later);
// time no bucket covers was computation. `buckets` ordered by thread and bucket (TraceReader::timeline).
std::vector<LaneTrack> build_tracks(const std::vector<pgas::tracedb::ThreadRow> &threads,
                                    const std::vector<pgas::tracedb::TimelineRow> &buckets);

}  // namespace pgas::viewer
