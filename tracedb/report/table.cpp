#include "table.hpp"

#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdio>

#include "common/shell_words.hpp"
#include "pgas/tracedb/text.hpp"

namespace pgas::report {
namespace {

using tracedb::printf_string;

// The shortest text that reads back as the same double.
std::string exact_real(double value) {
  char buf[64];
  auto result = std::to_chars(buf, buf + sizeof buf, value);
  return std::string(buf, result.ptr);
}

std::string human(std::int64_t value, Unit unit) {
  switch (unit) {
    case Unit::kCount:
      return tracedb::human_count(value);
    case Unit::kBytes:
      return human_bytes(static_cast<double>(value));
    case Unit::kNanoseconds:
      return human_ns(static_cast<double>(value));
  }
  return "";
}

}  // namespace

Cell text(std::string value) { return {value, value, Cell::Kind::kString}; }

Cell optional_text(std::string value, std::string shown_if_empty) {
  return value.empty() ? null_cell(std::move(shown_if_empty)) : text(std::move(value));
}

Cell function_name(std::string value) {
  if (value.empty()) return null_cell();
  // The parameter list starts at the last '(' at template depth 0 that is not part of "operator()".
  int depth = 0;
  std::size_t params = std::string::npos;
  constexpr std::string_view kAnonymous = "(anonymous namespace)";  // a scope, not a parameter list
  for (std::size_t i = 0; i < value.size(); ++i) {
    char c = value[i];
    if (value.compare(i, kAnonymous.size(), kAnonymous) == 0)
      i += kAnonymous.size() - 1;
    else if (c == '<')
      ++depth;
    else if (c == '>' && depth > 0)
      --depth;
    else if (c == '(' && depth == 0 && value.compare(i > 8 ? i - 8 : 0, 8, "operator") != 0) {
      params = i;
      break;
    }
  }
  Cell cell = text(value);
  if (params != std::string::npos) cell.shown = value.substr(0, params) + "()";
  return cell;
}

Cell null_cell(std::string shown) { return {std::move(shown), "", Cell::Kind::kNull}; }

Cell integer(std::int64_t value) {
  return {std::to_string(value), std::to_string(value), Cell::Kind::kNumber};
}

Cell quantity(std::int64_t value, Unit unit) {
  return {human(value, unit), std::to_string(value), Cell::Kind::kNumber};
}

Cell change(std::int64_t delta, Unit unit) {
  return {(delta > 0 ? "+" : "") + human(delta, unit), std::to_string(delta), Cell::Kind::kNumber};
}

Cell percent(double value) {
  return {printf_string("%.1f%%", value), exact_real(value), Cell::Kind::kNumber};
}

Cell ratio(std::optional<double> value) {
  if (!value) return null_cell("-");
  return {printf_string("%.2fx", *value), exact_real(*value), Cell::Kind::kNumber};
}

Cell flag(bool value) { return {value ? "yes" : "no", value ? "true" : "false", Cell::Kind::kBool}; }

Cell real(double value, std::string shown) {
  return {std::move(shown), exact_real(value), Cell::Kind::kNumber};
}

Cell string_array(const std::vector<std::string> &values) {
  Cell cell{"", "[", Cell::Kind::kJson};
  for (const std::string &v : values) {
    if (!cell.shown.empty()) cell.shown += ' ';
    cell.shown += shell_word(v);
    cell.exact += (cell.exact.size() > 1 ? ", " : "") + pgas::tracedb::json_escape(v);
  }
  cell.exact += "]";
  return cell;
}

void Table::column(std::string key, std::string header, Visibility visibility) {
  columns.push_back({std::move(key), std::move(header), visibility});
}

void Table::field(std::string key, std::string header, Cell value, Visibility visibility) {
  column(std::move(key), std::move(header), visibility);
  if (rows.empty()) rows.emplace_back();
  rows.front().push_back(std::move(value));
}

}  // namespace pgas::report
