// The tables of pgas-report: those of one trace, and those comparing two.
#pragma once

#include <algorithm>
#include <vector>

#include "options.hpp"
#include "pgas/tracedb/reader.hpp"
#include "table.hpp"

namespace pgas::report {

std::vector<Table> trace_tables(const tracedb::TraceReader &trace, const Options &options);
std::vector<Table> diff_tables(const tracedb::TraceReader &a, const tracedb::TraceReader &b,
                               const Options &options);

namespace detail {

// What the section builders share.
struct Context {
  const tracedb::TraceReader &trace;
  const Options &options;
  tracedb::RunInfo run;
  tracedb::AccessDigest tables;   // every table of the filter, unranked (top = 0): one pass of the engine
  std::int64_t access_total = 0;  // accesses the filter selects, the denominator of every share
  tracedb::Summary summary{};     // of tables.threads
  tracedb::SyncDigest sync{};     // the waits and the imbalance, when a section needs them
  std::vector<tracedb::PathRow> paths{};  // the call paths, when the section is asked for
};

// The first `top` rows of a ranked table (all when 0), as the filter's --top asks.
template <typename Row>
std::vector<Row> first(const std::vector<Row> &rows, std::size_t top) {
  return {rows.begin(),
          rows.begin() + static_cast<std::ptrdiff_t>(top > 0 ? std::min(top, rows.size()) : rows.size())};
}

// accesses, bytes and time columns, and their cells.
void totals_columns(Table &table);
void append_totals(std::vector<Cell> &row, const tracedb::Totals &totals);
Cell share(std::int64_t part, std::int64_t whole);           // percent; 0 when whole is 0
std::string describe_filter(const tracedb::Filter &filter);  // "" when nothing is filtered
std::string location(const std::string &file, int line, const std::string &function);
// The columns every per-line table starts with (a combined location for people, file and line for
// programs, the function), and their cells.
void location_columns(Table &table);
std::vector<Cell> location_cells(const std::string &file, int line, const std::string &function);

Table summary_table(const Context &context);
Table threads_table(const Context &context);
std::vector<Table> variable_tables(const Context &context);
Table lines_table(const Context &context);
std::vector<Table> pair_tables(const Context &context);
Table ops_table(const Context &context);
Table sync_table(const Context &context);
Table imbalance_table(const Context &context);
Table paths_table(const Context &context);
// Calling lines as the paths table shows them: "file:line < file:line", innermost first.
std::string callers_text(const std::vector<tracedb::SourceLocation> &callers);

}  // namespace detail
}  // namespace pgas::report
