#include "units.hpp"

#include <charconv>
#include <cmath>
#include <cstdio>
#include <utility>

namespace pgas::units {
namespace {

// Splits "1.5ms" into 1.5 and "ms"; rejects negative, empty or non-finite numbers.
std::optional<std::pair<double, std::string_view>> split_number(std::string_view text) {
  double value = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end == text.data() || !std::isfinite(value) || value < 0) return std::nullopt;
  std::string_view unit(end, static_cast<std::size_t>(text.data() + text.size() - end));
  while (!unit.empty() && unit.front() == ' ') unit.remove_prefix(1);
  return std::pair{value, unit};
}

std::optional<double> scale_by(std::string_view text,
                               std::initializer_list<std::pair<std::string_view, double>> units) {
  auto parsed = split_number(text);
  if (!parsed) return std::nullopt;
  for (const auto &[name, factor] : units)
    if (parsed->second == name) return parsed->first * factor;
  return std::nullopt;
}

}  // namespace

std::optional<double> parse_duration_ns(std::string_view text) {
  if (auto bare = split_number(text); bare && bare->second.empty() && bare->first == 0) return 0.0;
  return scale_by(text, {{"ns", 1}, {"us", 1e3}, {"ms", 1e6}, {"s", 1e9}});
}

bool is_bare_number(std::string_view text) {
  auto parsed = split_number(text);
  return parsed && parsed->second.empty();
}

std::optional<double> parse_bandwidth(std::string_view text) {
  constexpr double Ki = 1024.0;
  return scale_by(text, {{"", 1},
                         {"B/s", 1},
                         {"KB/s", 1e3},
                         {"MB/s", 1e6},
                         {"GB/s", 1e9},
                         {"TB/s", 1e12},
                         {"PB/s", 1e15},
                         {"KiB/s", Ki},
                         {"MiB/s", Ki * Ki},
                         {"GiB/s", Ki * Ki * Ki}});
}

std::optional<std::uint64_t> parse_size(std::string_view text) {
  constexpr double Ki = 1024.0;
  auto bytes = scale_by(text, {{"", 1},
                               {"B", 1},
                               {"K", Ki},
                               {"KiB", Ki},
                               {"KB", 1e3},
                               {"M", Ki * Ki},
                               {"MiB", Ki * Ki},
                               {"MB", 1e6},
                               {"G", Ki * Ki * Ki},
                               {"GiB", Ki * Ki * Ki},
                               {"GB", 1e9}});
  if (!bytes || *bytes >= 9.2e18) return std::nullopt;
  return static_cast<std::uint64_t>(*bytes);
}

std::string format_duration_ns(double ns) {
  char buf[64];
  if (ns >= 1e9)
    std::snprintf(buf, sizeof buf, "%g s", ns / 1e9);
  else if (ns >= 1e6)
    std::snprintf(buf, sizeof buf, "%g ms", ns / 1e6);
  else if (ns >= 1e3)
    std::snprintf(buf, sizeof buf, "%g us", ns / 1e3);
  else
    std::snprintf(buf, sizeof buf, "%g ns", ns);
  return buf;
}

std::string format_bandwidth(double bytes_per_second) {
  if (bytes_per_second <= 0) return "unlimited bandwidth";
  char buf[64];
  if (bytes_per_second >= 1e15)
    std::snprintf(buf, sizeof buf, "%g PB/s", bytes_per_second / 1e15);
  else if (bytes_per_second >= 1e12)
    std::snprintf(buf, sizeof buf, "%g TB/s", bytes_per_second / 1e12);
  else if (bytes_per_second >= 1e9)
    std::snprintf(buf, sizeof buf, "%g GB/s", bytes_per_second / 1e9);
  else if (bytes_per_second >= 1e6)
    std::snprintf(buf, sizeof buf, "%g MB/s", bytes_per_second / 1e6);
  else
    std::snprintf(buf, sizeof buf, "%g B/s", bytes_per_second);
  return buf;
}

std::string format_size(std::uint64_t bytes) {
  constexpr std::uint64_t kKi = 1024;
  if (bytes == 0) return "0";
  if (bytes % (kKi * kKi * kKi) == 0) return std::to_string(bytes / (kKi * kKi * kKi)) + "GiB";
  if (bytes % (kKi * kKi) == 0) return std::to_string(bytes / (kKi * kKi)) + "MiB";
  if (bytes % kKi == 0) return std::to_string(bytes / kKi) + "KiB";
  return std::to_string(bytes);
}

}  // namespace pgas::units
