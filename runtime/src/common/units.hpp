// Parsing of the human-readable quantities accepted on command lines and in environment variables.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace pgas::units {

// "2us", "500ns", "1.5ms", "0". Returns nanoseconds. A number other than 0 needs a unit (kDurationUnits):
// "2" could mean any of them.
std::optional<double> parse_duration_ns(std::string_view text);
inline constexpr const char *kDurationUnits = "ns, us, ms or s";

// True for a number without a unit ("2", "1.5").
bool is_bare_number(std::string_view text);

// "10GB/s", "800MB/s", "1.5GiB/s", "0" (unlimited). Returns bytes per second; 0 means unlimited.
std::optional<double> parse_bandwidth(std::string_view text);

// "1GiB", "512MiB", "4096", "2G" (K/M/G and KiB/MiB/GiB are powers of 1024, KB/MB/GB of 1000).
std::optional<std::uint64_t> parse_size(std::string_view text);

// "2 us", "10 GB/s": for labels printed to the user.
std::string format_duration_ns(double ns);
std::string format_bandwidth(double bytes_per_second);
// "1GiB", "64KiB", "1000": the largest binary unit that divides the size exactly, as parse_size reads it.
std::string format_size(std::uint64_t bytes);

}  // namespace pgas::units
