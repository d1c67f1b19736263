#include "writers.hpp"

#include <algorithm>

#include "pgas/tracedb/text.hpp"

namespace pgas::report {
namespace {

bool shown_in(const Column &column, Format format) {
  return column.visibility == Visibility::kAll ||
         (column.visibility == Visibility::kTableOnly) == (format == Format::kTable);
}

// Indices of the columns a format shows.
std::vector<std::size_t> visible(const Table &table, Format format) {
  std::vector<std::size_t> out;
  for (std::size_t i = 0; i < table.columns.size(); ++i)
    if (shown_in(table.columns[i], format)) out.push_back(i);
  return out;
}

std::string rtrim(std::string line) {
  line.erase(line.find_last_not_of(' ') + 1);
  return line;
}

bool numeric_column(const Table &table, std::size_t column) {
  return std::all_of(table.rows.begin(), table.rows.end(), [&](const std::vector<Cell> &row) {
    return row[column].kind == Cell::Kind::kNumber || row[column].kind == Cell::Kind::kNull;
  });
}

std::string pad(const std::string &text, std::size_t width, bool right) {
  std::string fill(width > text.size() ? width - text.size() : 0, ' ');
  return right ? fill + text : text + fill;
}

void write_record(std::ostream &out, const Table &table, const std::vector<std::size_t> &columns) {
  std::size_t width = 0;
  for (std::size_t c : columns) width = std::max(width, table.columns[c].header.size());
  for (std::size_t c : columns)
    out << rtrim("  " + pad(table.columns[c].header, width, false) + "  " + table.rows.front()[c].shown)
        << '\n';
}

void write_grid(std::ostream &out, const Table &table, const std::vector<std::size_t> &columns) {
  if (table.rows.empty()) {
    out << "  (none)\n";
    return;
  }
  std::vector<std::size_t> widths;
  std::vector<bool> right;
  for (std::size_t c : columns) {
    std::size_t width = table.columns[c].header.size();
    for (const auto &row : table.rows) width = std::max(width, row[c].shown.size());
    widths.push_back(width);
    right.push_back(numeric_column(table, c));
  }
  auto line = [&](auto &&cell_text) {
    std::string text;
    for (std::size_t i = 0; i < columns.size(); ++i) text += "  " + pad(cell_text(i), widths[i], right[i]);
    out << rtrim(std::move(text)) << '\n';
  };
  line([&](std::size_t i) { return table.columns[columns[i]].header; });
  line([&](std::size_t i) { return std::string(widths[i], '-'); });
  for (const auto &row : table.rows) line([&](std::size_t i) { return row[columns[i]].shown; });
}

// The table as a terminal may show it: every text it holds (names, paths and arguments read from the
// database among them) with control characters and invalid UTF-8 escaped.
Table for_terminal(Table table) {
  using tracedb::terminal_escape;
  table.title = terminal_escape(table.title);
  for (Column &column : table.columns) column.header = terminal_escape(column.header);
  for (std::vector<Cell> &row : table.rows)
    for (Cell &cell : row) cell.shown = terminal_escape(cell.shown);
  for (std::string &note : table.notes) note = terminal_escape(note);
  return table;
}

void write_text(std::ostream &out, const std::vector<Table> &tables) {
  for (std::size_t t = 0; t < tables.size(); ++t) {
    const Table table = for_terminal(tables[t]);
    if (t > 0) out << '\n';
    out << table.title << '\n';
    std::vector<std::size_t> columns = visible(table, Format::kTable);
    if (table.record && !table.rows.empty())
      write_record(out, table, columns);
    else
      write_grid(out, table, columns);
    for (const std::string &note : table.notes) out << "  " << note << '\n';
  }
}

std::string csv_field(const Cell &cell) {
  const std::string &v = cell.exact;
  if (v.find_first_of(",\"\n\r") == std::string::npos && (v.empty() || (v.front() != ' ' && v.back() != ' ')))
    return v;
  std::string quoted = "\"";
  for (char c : v) quoted += c == '"' ? std::string("\"\"") : std::string(1, c);
  return quoted + "\"";
}

void write_csv(std::ostream &out, const std::vector<Table> &tables) {
  for (std::size_t t = 0; t < tables.size(); ++t) {
    const Table &table = tables[t];
    if (tables.size() > 1) out << (t > 0 ? "\n# " : "# ") << table.key << '\n';
    std::vector<std::size_t> columns = visible(table, Format::kCsv);
    for (std::size_t i = 0; i < columns.size(); ++i) out << (i ? "," : "") << table.columns[columns[i]].key;
    out << '\n';
    for (const auto &row : table.rows) {
      for (std::size_t i = 0; i < columns.size(); ++i) out << (i ? "," : "") << csv_field(row[columns[i]]);
      out << '\n';
    }
  }
}

std::string json_value(const Cell &cell) {
  switch (cell.kind) {
    case Cell::Kind::kString:
      return pgas::tracedb::json_escape(cell.exact);
    case Cell::Kind::kNull:
      return "null";
    default:
      return cell.exact;
  }
}

std::string json_object(const Table &table, const std::vector<std::size_t> &columns,
                        const std::vector<Cell> &row) {
  std::string text = "{";
  for (std::size_t i = 0; i < columns.size(); ++i)
    text += (i ? ", " : "") + pgas::tracedb::json_escape(table.columns[columns[i]].key) + ": " +
            json_value(row[columns[i]]);
  return text + "}";
}

void write_json(std::ostream &out, const std::vector<Table> &tables) {
  out << "{";
  for (std::size_t t = 0; t < tables.size(); ++t) {
    const Table &table = tables[t];
    std::vector<std::size_t> columns = visible(table, Format::kJson);
    out << (t ? ",\n  " : "\n  ") << pgas::tracedb::json_escape(table.key) << ": ";
    if (table.record) {
      out << (table.rows.empty() ? "{}" : json_object(table, columns, table.rows.front()));
      continue;
    }
    out << "[";
    for (std::size_t r = 0; r < table.rows.size(); ++r)
      out << (r ? ",\n    " : "\n    ") << json_object(table, columns, table.rows[r]);
    out << (table.rows.empty() ? "]" : "\n  ]");
  }
  out << (tables.empty() ? "}\n" : "\n}\n");
}

}  // namespace

void write_tables(std::ostream &out, Format format, const std::vector<Table> &tables) {
  switch (format) {
    case Format::kTable:
      return write_text(out, tables);
    case Format::kCsv:
      return write_csv(out, tables);
    case Format::kJson:
      return write_json(out, tables);
  }
}

}  // namespace pgas::report
