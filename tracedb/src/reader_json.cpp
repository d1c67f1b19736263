#include "reader_json.hpp"

#include <cstdint>

namespace pgas::tracedb::detail {
namespace {

class Parser {
 public:
  explicit Parser(std::string_view text) : text_(text) {}

  std::optional<std::vector<std::string>> array() {
    std::vector<std::string> items;
    if (!consume('[')) return std::nullopt;
    if (!consume(']')) {
      do {
        std::optional<std::string> item = string();
        if (!item) return std::nullopt;
        items.push_back(std::move(*item));
      } while (consume(','));
      if (!consume(']')) return std::nullopt;
    }
    skip_space();
    if (pos_ != text_.size()) return std::nullopt;
    return items;
  }

 private:
  void skip_space() {
    while (pos_ < text_.size() &&
           (text_[pos_] == ' ' || text_[pos_] == '\t' || text_[pos_] == '\n' || text_[pos_] == '\r'))
      ++pos_;
  }

  bool consume(char c) {
    skip_space();
    if (pos_ < text_.size() && text_[pos_] == c) {
      ++pos_;
      return true;
    }
    return false;
  }

  std::optional<std::uint32_t> hex4() {
    if (pos_ + 4 > text_.size()) return std::nullopt;
    std::uint32_t value = 0;
    for (int i = 0; i < 4; ++i) {
      char c = text_[pos_++];
      int digit = c >= '0' && c <= '9'   ? c - '0'
                  : c >= 'a' && c <= 'f' ? c - 'a' + 10
                  : c >= 'A' && c <= 'F' ? c - 'A' + 10
                                         : -1;
      if (digit < 0) return std::nullopt;
      value = value * 16 + static_cast<std::uint32_t>(digit);
    }
    return value;
  }

  static void append_utf8(std::string &out, std::uint32_t cp) {
    if (cp < 0x80) {
      out += static_cast<char>(cp);
    } else if (cp < 0x800) {
      out += static_cast<char>(0xC0 | (cp >> 6));
      out += static_cast<char>(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
      out += static_cast<char>(0xE0 | (cp >> 12));
      out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
      out += static_cast<char>(0x80 | (cp & 0x3F));
    } else {
      out += static_cast<char>(0xF0 | (cp >> 18));
      out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
      out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
      out += static_cast<char>(0x80 | (cp & 0x3F));
    }
  }

  // \uXXXX, with a following \uXXXX when the first is a high surrogate; a lone \udcXX is the byte XX.
  bool unicode_escape(std::string &out) {
    std::optional<std::uint32_t> cp = hex4();
    if (!cp) return false;
    if (*cp >= 0xD800 && *cp < 0xDC00 && text_.substr(pos_, 2) == "\\u") {
      pos_ += 2;
      std::optional<std::uint32_t> low = hex4();
      if (!low || *low < 0xDC00 || *low >= 0xE000) return false;
      *cp = 0x10000 + ((*cp - 0xD800) << 10) + (*low - 0xDC00);
    } else if (*cp >= 0xDC80 && *cp <= 0xDCFF) {  // a byte that was not UTF-8 (json_escape)
      out += static_cast<char>(*cp & 0xFF);
      return true;
    }
    append_utf8(out, *cp);
    return true;
  }

  std::optional<std::string> string() {
    if (!consume('"')) return std::nullopt;
    std::string out;
    while (pos_ < text_.size()) {
      char c = text_[pos_++];
      if (c == '"') return out;
      if (c != '\\') {
        out += c;
        continue;
      }
      if (pos_ >= text_.size()) return std::nullopt;
      switch (char e = text_[pos_++]) {
        case '"':
        case '\\':
        case '/':
          out += e;
          break;
        case 'b':
          out += '\b';
          break;
        case 'f':
          out += '\f';
          break;
        case 'n':
          out += '\n';
          break;
        case 'r':
          out += '\r';
          break;
        case 't':
          out += '\t';
          break;
        case 'u':
          if (!unicode_escape(out)) return std::nullopt;
          break;
        default:
          return std::nullopt;
      }
    }
    return std::nullopt;
  }

  std::string_view text_;
  std::size_t pos_ = 0;
};

}  // namespace

std::optional<std::vector<std::string>> parse_string_array(std::string_view text) {
  return Parser(text).array();
}

}  // namespace pgas::tracedb::detail
