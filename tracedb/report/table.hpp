// What every section of pgas-report produces: a table of typed cells. Each cell carries its terminal form
// (human-friendly units) and its exact form (csv, json), so the sections never format output themselves.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "pgas/tracedb/describe.hpp"

namespace pgas::report {

struct Cell {
  enum class Kind { kString, kNumber, kBool, kNull, kJson };  // kJson: `exact` is a JSON value (an array)
  std::string shown;                                          // table format
  std::string exact;                                          // csv and json
  Kind kind = Kind::kString;
};

enum class Unit { kCount, kBytes, kNanoseconds };

Cell text(std::string value);
Cell optional_text(std::string value, std::string shown_if_empty = "");  // null when empty
// A demangled function: shown without its parameter list (`ns::f<T>(long, ...)` as `ns::f<T>()`), exact in
// csv and json; null when empty.
Cell function_name(std::string value);
Cell null_cell(std::string shown = "");        // a value that does not exist
Cell integer(std::int64_t value);              // identifiers (thread, line, handle): no separators
Cell quantity(std::int64_t value, Unit unit);  // 1,234 / 12.3 KiB / 4.5 ms
Cell change(std::int64_t delta, Unit unit);    // quantity with an explicit sign
Cell percent(double value);                    // 35.2%
Cell ratio(std::optional<double> value);       // 2.50x, or "-" / null
Cell flag(bool value);                         // yes / no
Cell real(double value, std::string shown);    // a measured value with a custom terminal form
Cell string_array(const std::vector<std::string> &values);  // shell-quoted words / a JSON array

using tracedb::human_bytes;
using tracedb::human_ns;
using tracedb::human_rate;

// Which outputs show a column: some exist for people (a combined "location"), some for programs
// (separate "file" and "line").
enum class Visibility { kAll, kTableOnly, kDataOnly };

struct Column {
  std::string key;     // csv header and json key: lower_case, stable
  std::string header;  // table format
  Visibility visibility = Visibility::kAll;
};

struct Table {
  std::string key;    // json key of the section
  std::string title;  // table format
  std::vector<Column> columns;
  std::vector<std::vector<Cell>> rows;
  std::vector<std::string> notes;  // warnings and remarks, table format only
  bool record = false;             // one row, shown as "field value" lines and as a json object

  Table(std::string key, std::string title) : key(std::move(key)), title(std::move(title)) {}
  void column(std::string key, std::string header, Visibility visibility = Visibility::kAll);
  // For records: a column and its value in the single row.
  void field(std::string key, std::string header, Cell value, Visibility visibility = Visibility::kAll);
};

}  // namespace pgas::report
