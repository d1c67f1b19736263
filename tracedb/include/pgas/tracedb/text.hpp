// Small text helpers of the trace tools: JSON strings and arrays, times, NUL-separated lists.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace pgas::tracedb {

std::string json_escape(std::string_view text);                 // with the quotes
std::string json_array(const std::vector<std::string> &items);  // ["a","b"]
std::string iso8601_utc(std::int64_t realtime_ns);              // 2026-11-21T20:04:05.123Z
// "a\0b\0\0" -> {"a", "b"}, reading at most `capacity` bytes.
std::vector<std::string> split_nul_separated(const char *buffer, std::size_t capacity);

}  // namespace pgas::tracedb
