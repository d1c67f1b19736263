// The settings of the launch contract read from their text, with their ranges (launch_contract.hpp). The
// one reader of that text: pgasrun checks its flags and environment with it before it starts a job, and
// the runtime in every thread checks the environment variables with it, so that a value one accepts is a
// value the other accepts, with the same meaning.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace pgas::launch {

// A value read from text, or why the text was refused.
template <class T>
struct Reading {
  std::optional<T> value;
  // When there is no value: what is wrong, naming the text but not where it came from, e.g.
  // "'1e300s' is out of range: an emulated latency is at most 1 s". The caller prefixes the flag or variable.
  std::string problem;
};

// PGAS_LATENCY / --latency: "2us", "500ns", "0" (off). Nanoseconds, 0 to kMaxLatencyNs.
Reading<double> read_latency_ns(std::string_view text);

// PGAS_BANDWIDTH / --bandwidth: "10GB/s", "0" (unlimited). Bytes per second: 0, or kMinBandwidth to
// kMaxBandwidth.
Reading<double> read_bandwidth_bps(std::string_view text);

// PGAS_SEGMENT_SIZE / --segment-size: "1GiB", "512MiB", "65536". Bytes per thread, at least kMinSegmentSize,
// and the segments of the job's `threads` threads at most kMaxJobSegments together.
Reading<std::uint64_t> read_segment_size(std::string_view text, int threads);

// The range check of read_segment_size alone, for a size already read (the MPI conduit learns the number of
// threads only once MPI has started): "" if `bytes` is fine, else e.g. "too large for 4 thread(s): ...".
std::string segment_size_problem(std::uint64_t bytes, int threads);

}  // namespace pgas::launch
