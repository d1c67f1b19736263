#include "pgas/tracedb/text.hpp"

#include <cstdio>
#include <ctime>

namespace pgas::tracedb {

std::string json_escape(std::string_view text) {
  std::string out = "\"";
  for (char c : text) {
    switch (c) {
      case '"':
        out += "\\\"";
        break;
      case '\\':
        out += "\\\\";
        break;
      case '\n':
        out += "\\n";
        break;
      case '\t':
        out += "\\t";
        break;
      case '\r':
        out += "\\r";
        break;
      default:
        if (static_cast<unsigned char>(c) < 0x20) {
          char buf[8];
          std::snprintf(buf, sizeof buf, "\\u%04x", c);
          out += buf;
        } else {
          out += c;
        }
    }
  }
  return out + "\"";
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
