// Small text helpers of the trace tools: JSON strings and arrays, text safe for a terminal, times,
// NUL-separated lists.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace pgas::tracedb {

// A JSON string, with the quotes. Control characters (C0, DEL and C1) are escaped, so the text never drives
// a terminal; a byte that is not part of valid UTF-8 becomes the lone surrogate \udcXX (XX: the byte, as
// Python's surrogateescape does), which keeps the document well-formed and the text lossless (the
// reader's parser turns it back into the byte).
std::string json_escape(std::string_view text);
std::string json_array(const std::vector<std::string> &items);  // ["a","b"]
// `text` as it may be written to a terminal: control characters become C escapes (\n, \r, \a, \x1b, ...),
// C1 controls and the bidirectional overrides \uXXXX, and bytes that are not valid UTF-8 \xHH; the rest
// is unchanged. Every string read from a trace database goes through it before a terminal shows it.
std::string terminal_escape(std::string_view text);
std::string iso8601_utc(std::int64_t realtime_ns);  // 2026-11-21T20:04:05.123Z
// "a\0b\0\0" -> {"a", "b"}, reading at most `capacity` bytes.
std::vector<std::string> split_nul_separated(const char *buffer, std::size_t capacity);

}  // namespace pgas::tracedb
