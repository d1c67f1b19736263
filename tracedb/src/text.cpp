#include "pgas/tracedb/text.hpp"

#include <cstdio>
#include <ctime>

namespace pgas::tracedb {

namespace {

// The length of the valid UTF-8 sequence at the start of `text` and its code point in `cp`; 0 if the first
// byte does not start one (a stray continuation byte, an overlong form, a surrogate, beyond U+10FFFF, or
// cut short).
std::size_t utf8_sequence(std::string_view text, char32_t &cp) {
  const auto byte = [&](std::size_t i) { return static_cast<unsigned char>(text[i]); };
  const unsigned char first = byte(0);
  std::size_t length;
  if (first < 0x80) {
    cp = first;
    return 1;
  } else if (first >= 0xC2 && first <= 0xDF) {
    length = 2, cp = first & 0x1F;
  } else if (first >= 0xE0 && first <= 0xEF) {
    length = 3, cp = first & 0x0F;
  } else if (first >= 0xF0 && first <= 0xF4) {
    length = 4, cp = first & 0x07;
  } else {
    return 0;
  }
  if (text.size() < length) return 0;
  for (std::size_t i = 1; i < length; ++i) {
    if ((byte(i) & 0xC0) != 0x80) return 0;
    cp = (cp << 6) | (byte(i) & 0x3F);
  }
  const char32_t smallest[] = {0, 0, 0x80, 0x800, 0x10000};
  if (cp < smallest[length] || (cp >= 0xD800 && cp < 0xE000) || cp > 0x10FFFF) return 0;
  return length;
}

bool is_control(char32_t cp) { return cp < 0x20 || (cp >= 0x7F && cp < 0xA0); }

std::string hex_escape(const char *format, unsigned value) {
  char buf[16];
  std::snprintf(buf, sizeof buf, format, value);
  return buf;
}

// `text` with each valid UTF-8 sequence replaced by escape(code point) (the sequence itself where that is
// empty) and each byte that is not part of one by invalid(byte).
template <class Escape, class Invalid>
std::string escaped(std::string_view text, Escape escape, Invalid invalid) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size();) {
    char32_t cp;
    const std::size_t length = utf8_sequence(text.substr(i), cp);
    if (length == 0) {
      out += invalid(static_cast<unsigned char>(text[i++]));
      continue;
    }
    const std::string replacement = escape(cp);
    if (replacement.empty())
      out.append(text, i, length);
    else
      out += replacement;
    i += length;
  }
  return out;
}

}  // namespace

std::string json_escape(std::string_view text) {
  const auto escape = [](char32_t cp) -> std::string {
    switch (cp) {
      case '"':
        return "\\\"";
      case '\\':
        return "\\\\";
      case '\n':
        return "\\n";
      case '\t':
        return "\\t";
      case '\r':
        return "\\r";
      default:
        return is_control(cp) ? hex_escape("\\u%04x", static_cast<unsigned>(cp)) : "";
    }
  };
  return "\"" + escaped(text, escape, [](unsigned byte) { return hex_escape("\\udc%02x", byte); }) + "\"";
}

std::string terminal_escape(std::string_view text) {
  const auto escape = [](char32_t cp) -> std::string {
    static constexpr std::string_view kNamed = "\a\b\t\n\v\f\r", kLetters = "abtnvfr";
    const std::size_t named = cp < 0x20 ? kNamed.find(static_cast<char>(cp)) : std::string_view::npos;
    const bool bidi = (cp >= 0x202A && cp <= 0x202E) || (cp >= 0x2066 && cp <= 0x2069);
    if (named != std::string_view::npos) return std::string{'\\', kLetters[named]};
    if (cp < 0x80 && is_control(cp)) return hex_escape("\\x%02x", static_cast<unsigned>(cp));
    if (is_control(cp) || bidi) return hex_escape("\\u%04x", static_cast<unsigned>(cp));
    return "";
  };
  return escaped(text, escape, [](unsigned byte) { return hex_escape("\\x%02x", byte); });
}

std::string json_array(const std::vector<std::string> &items) {
  std::string out = "[";
  for (std::size_t i = 0; i < items.size(); ++i) out += (i ? "," : "") + json_escape(items[i]);
  return out + "]";
}

std::string iso8601_utc(std::int64_t realtime_ns) {
  std::time_t seconds = static_cast<std::time_t>(realtime_ns / 1000000000);
  std::tm tm{};
  gmtime_r(&seconds, &tm);
  char buf[48];
  std::snprintf(buf, sizeof buf, "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ", tm.tm_year + 1900, tm.tm_mon + 1,
                tm.tm_mday, tm.tm_hour, tm.tm_min, tm.tm_sec, static_cast<int>(realtime_ns / 1000000 % 1000));
  return buf;
}

std::vector<std::string> split_nul_separated(const char *buffer, std::size_t capacity) {
  std::vector<std::string> items;
  std::size_t i = 0;
  while (i < capacity && buffer[i] != '\0') {
    std::string item;
    while (i < capacity && buffer[i] != '\0') item += buffer[i++];
    items.push_back(item);
    ++i;
  }
  return items;
}

}  // namespace pgas::tracedb
