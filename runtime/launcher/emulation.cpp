#include "emulation.hpp"

#include <sched.h>

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
  std::string label = "network emulation (what-if): every remote transport call " + costs;
  // A thread waiting out an emulated latency yields its CPU when threads outnumber CPUs, and gets it back
  // only after the others' turns: the delays it sees are then longer than asked.
  cpu_set_t set;
  int cpus = sched_getaffinity(0, sizeof set, &set) == 0 ? CPU_COUNT(&set) : 0;
  if (cpus > 0 && options.threads > cpus)
    label += " (" + std::to_string(options.threads) + " threads on " + std::to_string(cpus) +
             " CPUs: delays stretch while threads wait for a CPU)";
  return label;
}

std::string canonical_latency(double ns) { return exact_number(ns) + "ns"; }

std::string canonical_bandwidth(double bytes_per_second) { return exact_number(bytes_per_second) + "B/s"; }

}  // namespace pgas::launcher
