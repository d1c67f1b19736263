#include "pgas/tracedb/describe.hpp"

#include <cmath>
#include <cstdio>
#include <limits>

namespace pgas::tracedb {
std::string printf_string(const char *format, double value) {
  char buf[64];
  std::snprintf(buf, sizeof buf, format, value);
  return buf;
}

std::string human_count(std::int64_t value) {
  std::string digits = std::to_string(value < 0 ? -static_cast<std::uint64_t>(value) : value);
  std::string out;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return value < 0 ? "-" + out : out;
}

std::string human_bytes(double bytes) {
  double magnitude = std::fabs(bytes);
  if (magnitude < 1024) return printf_string("%.0f B", bytes);
  static constexpr const char *kUnits[] = {"KiB", "MiB", "GiB", "TiB"};
  int unit = 0;
  for (magnitude /= 1024, bytes /= 1024; magnitude >= 1024 && unit < 3; ++unit) {
    magnitude /= 1024;
    bytes /= 1024;
  }
  return printf_string("%.1f ", bytes) + kUnits[unit];
}

std::string human_ns(double ns) {
  double magnitude = std::fabs(ns);
  if (magnitude < 1e3) return printf_string("%.0f ns", ns);
  if (magnitude < 1e6) return printf_string("%.1f us", ns / 1e3);
  if (magnitude < 1e9) return printf_string("%.1f ms", ns / 1e6);
  return printf_string("%.2f s", ns / 1e9);
}

std::string human_rate(double bytes_per_second) {
  static constexpr const char *kUnits[] = {"B/s", "kB/s", "MB/s", "GB/s", "TB/s"};
  int unit = 0;
  for (; bytes_per_second >= 1000 && unit < 4; ++unit) bytes_per_second /= 1000;
  return printf_string(unit == 0 ? "%.0f " : "%.1f ", bytes_per_second) + kUnits[unit];
}

std::string describe_emulation(const RunInfo &run) {
  if (run.latency_ns == 0 && run.bandwidth_bps == 0) return "off";
  std::string latency = run.latency_ns > 0 ? "latency " + human_ns(run.latency_ns) : "no added latency";
  std::string bandwidth =
      run.bandwidth_bps > 0 ? "bandwidth " + human_rate(run.bandwidth_bps) : "unlimited bandwidth";
  return latency + ", " + bandwidth;
}

std::string describe_tracer(const RunInfo &run) {
  std::string text =
      run.call_sites ? "call sites on, unwind depth " + std::to_string(run.unwind_depth) : "call sites off";
  if (run.callers > 0) text += ", " + std::to_string(run.callers) + " callers per site";
  text +=
      run.time_every > 1 ? ", 1 call in " + std::to_string(run.time_every) + " timed" : ", every call timed";
  text += ", " + std::to_string(run.histogram_bins) + " histogram bins, ";
  return text + (run.timeline_interval_ns > 0
                     ? "timeline every " + human_ns(static_cast<double>(run.timeline_interval_ns))
                     : "no timeline");
}

std::string describe_sync_object(const SyncRow &row) {
  if (!row.name.empty()) return row.name;
  if ((row.kind == "barrier" || row.kind == "notify" || row.kind == "wait") &&
      row.object == std::numeric_limits<std::int64_t>::min())
    return "(no id)";
  if (row.kind == "fence" || row.kind == "nb_sync" || row.kind == "pairwise_barrier") return "";
  if (row.kind == "pairsync") return "thread " + std::to_string(row.object);
  return std::to_string(row.object);
}

}  // namespace pgas::tracedb
