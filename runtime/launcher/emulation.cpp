#include "emulation.hpp"

#include <charconv>

#include "common/units.hpp"

namespace pgas::launcher {
namespace {

// Shortest fixed-point text that reads back as the same double (no exponent, so it is easy to read).
std::string exact_number(double value) {
  char buf[400];
  auto [end, ec] = std::to_chars(buf, buf + sizeof buf, value, std::chars_format::fixed);
  return ec == std::errc() ? std::string(buf, end) : std::to_string(value);
}

}  // namespace

std::string emulation_label(const LaunchOptions &options) {
  std::string costs;
  if (options.latency_ns > 0) costs = "costs +" + units::format_duration_ns(options.latency_ns) + " latency";
  if (options.bandwidth_bps > 0) {
    if (!costs.empty()) costs += " and ";
    costs += "is limited to " + units::format_bandwidth(options.bandwidth_bps);
  }
  return "network emulation (what-if): every remote transport call " + costs;
}

std::string canonical_latency(double ns) { return exact_number(ns) + "ns"; }

std::string canonical_bandwidth(double bytes_per_second) { return exact_number(bytes_per_second) + "B/s"; }

}  // namespace pgas::launcher
