#include "launch_settings.hpp"

#include "launch_contract.hpp"
#include "units.hpp"

namespace pgas::launch {
namespace {

std::string quoted(std::string_view text) { return "'" + std::string(text) + "'"; }

template <class T>
Reading<T> refused(std::string problem) {
  return {std::nullopt, std::move(problem)};
}

}  // namespace

Reading<double> read_latency_ns(std::string_view text) {
  auto ns = units::parse_duration_ns(text);
  if (!ns && units::is_bare_number(text))
    return refused<double>(quoted(text) + " has no unit: write the latency in " + units::kDurationUnits +
                           " (e.g. " + std::string(text) + "us), or 0 for none");
  if (!ns) return refused<double>(quoted(text) + " is not a duration (e.g. 2us, 500ns, 1.5ms, 0)");
  if (*ns > kMaxLatencyNs)
    return refused<double>(quoted(text) + " is out of range: an emulated latency is at most " +
                           units::format_duration_ns(kMaxLatencyNs) + " (0 = off)");
  return {ns, {}};
}

Reading<double> read_bandwidth_bps(std::string_view text) {
  auto rate = units::parse_bandwidth(text);
  if (!rate)
    return refused<double>(quoted(text) +
                           " is not a bandwidth (e.g. 10GB/s, 800MB/s, 1.5GiB/s, 0 for unlimited)");
  if (*rate != 0 && (*rate < kMinBandwidth || *rate > kMaxBandwidth))
    return refused<double>(quoted(text) + " is out of range: an emulated bandwidth is from " +
                           units::format_bandwidth(kMinBandwidth) + " to " +
                           units::format_bandwidth(kMaxBandwidth) + ", or 0 for unlimited");
  return {rate, {}};
}

Reading<std::uint64_t> read_segment_size(std::string_view text, int threads) {
  auto bytes = units::parse_size(text);
  if (!bytes) return refused<std::uint64_t>(quoted(text) + " is not a size (e.g. 1GiB, 512MiB, 65536)");
  if (std::string problem = segment_size_problem(*bytes, threads); !problem.empty())
    return refused<std::uint64_t>(quoted(text) + " is " + problem);
  return {bytes, {}};
}

std::string segment_size_problem(std::uint64_t bytes, int threads) {
  if (bytes < kMinSegmentSize)
    return "too small: a segment is at least " + units::format_size(kMinSegmentSize);
  const auto count = static_cast<std::uint64_t>(threads < 1 ? 1 : threads);
  if (bytes <= kMaxJobSegments / count) return {};
  if (count == 1) return "too large: a segment is at most " + units::format_size(kMaxJobSegments);
  constexpr std::uint64_t kMi = std::uint64_t{1} << 20;  // the largest size that fits, in whole MiB
  return "too large for " + std::to_string(count) + " threads: every thread maps the segments of all " +
         std::to_string(count) + ", which together may take at most " + units::format_size(kMaxJobSegments) +
         " (" + units::format_size(kMaxJobSegments / count / kMi * kMi) + " per thread)";
  return {};
}

}  // namespace pgas::launch
