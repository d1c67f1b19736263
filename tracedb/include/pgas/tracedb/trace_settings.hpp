// The tracer's settings: the environment variable each is passed in, its default and its range. One list,
// read by the recorder (interpose/, from the environment) and by pgasrun (runtime/launcher/, from its
// options, which it passes on in these variables), so that both accept exactly the same values.
#pragma once

#include "pgas/tracedb/raw_format.hpp"

namespace pgas::tracedb::settings {

struct Setting {
  const char *variable;  // the environment variable the recorder reads
  unsigned fallback;     // the value when it is unset
  unsigned low, high;    // the accepted range
};

inline constexpr Setting kLines{"PGAS_TRACE_LINES", 0, 0, 1};                  // 1: record call sites
inline constexpr Setting kCallers{"PGAS_TRACE_CALLERS", 0, 0, 16};             // caller sites kept per site
inline constexpr Setting kDepth{"PGAS_TRACE_DEPTH", 16, 1, 60};                // frames walked at most
inline constexpr Setting kBins{"PGAS_TRACE_BINS", 64, 1, raw::kMaxBins};       // histogram bins per variable
inline constexpr Setting kTimeline{"PGAS_TRACE_TIMELINE", 0, 0, 3600000};      // bucket width, ms; 0: none
inline constexpr Setting kTimeEvery{"PGAS_TRACE_TIME_EVERY", 8, 1, 1u << 20};  // time one call in N

}  // namespace pgas::tracedb::settings
