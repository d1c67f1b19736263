// The tables of one trace that rank accesses: per variable, per source line, per thread pair, per operation.
#include <algorithm>
#include <map>

#include "sections.hpp"

namespace pgas::report::detail {
namespace {

std::string layout(const tracedb::VariableRow &v) {
  if (!v.known) return "";
  std::string text = std::to_string(v.nelems) + " x " + std::to_string(v.elem_size) + " B, ";
  return text + (v.block > 0 ? "block " + std::to_string(v.block)
                             : "indefinite on thread " + std::to_string(v.owner));
}

Cell variable_name(const tracedb::VariableRow &v) { return optional_text(v.name, "(unknown)"); }

// A column of the variable table, which does not exist for a handle absent from it.
Cell described(const tracedb::VariableRow &v, std::int64_t value) {
  return v.known ? integer(value) : null_cell();
}

std::string trim(const std::string &s) {
  std::size_t first = s.find_first_not_of(" \t");
  return first == std::string::npos ? "" : s.substr(first, s.find_last_not_of(" \t\r") + 1 - first);
}

constexpr int kMatrixMaxThreads = 16;
constexpr std::size_t kDefaultTopPairs = 20;

Table pair_matrix(const Context &c, const std::vector<tracedb::PairRow> &pairs, int n) {
  std::map<std::pair<int, int>, std::int64_t> counts;
  for (const tracedb::PairRow &p : pairs) counts[{p.thread, p.peer}] += p.totals.count;
  Table t("pair_matrix", "Remote accesses per thread pair (rows: initiator, columns: target)");
  t.column("thread", "from\\to");
  for (int peer = 0; peer < n; ++peer) t.column(std::to_string(peer), std::to_string(peer));
  t.column("total", "total");
  for (int thread = 0; thread < n; ++thread) {
    if (!c.options.filter.threads.empty() && !c.options.filter.threads.count(thread)) continue;
    std::vector<Cell> row{integer(thread)};
    std::int64_t total = 0;
    for (int peer = 0; peer < n; ++peer) {
      std::int64_t count = counts.count({thread, peer}) ? counts[{thread, peer}] : 0;
      total += count;
      row.push_back(count ? quantity(count, Unit::kCount) : Cell{".", "0", Cell::Kind::kNumber});
    }
    row.push_back(quantity(total, Unit::kCount));
    t.rows.push_back(std::move(row));
  }
  return t;
}

}  // namespace

std::vector<Table> variable_tables(const Context &c) {
  const tracedb::Filter &filter = c.options.filter;
  std::vector<tracedb::VariableRow> variables = first(c.tables.variables, filter.top);
  Table t("variables", "Remote accesses per shared variable");
  t.column("variable", "variable");
  t.column("handle", "handle");
  t.column("name_source", "named from");
  t.column("kind", "kind");
  t.column("layout", "layout", Visibility::kTableOnly);
  t.column("elem_size", "element size", Visibility::kDataOnly);
  t.column("block", "block", Visibility::kDataOnly);
  t.column("nelems", "elements", Visibility::kDataOnly);
  t.column("owner", "owner", Visibility::kDataOnly);
  t.column("allocated_at", "allocated at", Visibility::kTableOnly);
  t.column("alloc_file", "allocation file", Visibility::kDataOnly);
  t.column("alloc_line", "allocation line", Visibility::kDataOnly);
  t.column("alloc_function", "allocation function", Visibility::kDataOnly);
  totals_columns(t);
  t.column("share_pct", "% of accesses");
  for (const tracedb::VariableRow &v : variables) {
    bool site = !v.alloc_file.empty();
    std::vector<Cell> row{variable_name(v),
                          integer(v.handle),
                          text(v.name_source),
                          optional_text(v.kind),
                          text(layout(v)),
                          described(v, v.elem_size),
                          described(v, v.block),
                          described(v, v.nelems),
                          described(v, v.owner),
                          text(site ? location(v.alloc_file, v.alloc_line, "") : ""),
                          optional_text(v.alloc_file),
                          site ? integer(v.alloc_line) : null_cell(),
                          function_name(v.alloc_function)};
    append_totals(row, v.totals);
    row.push_back(share(v.totals.count, c.access_total));
    t.rows.push_back(std::move(row));
  }
  std::vector<Table> tables{std::move(t)};
  if (filter.variables.empty() && filter.handles.empty()) return tables;

  Table per_thread("variable_threads", "Remote accesses to the selected variables per thread");
  per_thread.column("variable", "variable");
  per_thread.column("handle", "handle");
  per_thread.column("thread", "thread");
  totals_columns(per_thread);
  per_thread.column("share_pct", "% of variable");
  for (const tracedb::VariableRow &v : variables) {
    for (const tracedb::VariableThreadRow &r : c.tables.variable_threads.at(v.handle)) {
      std::vector<Cell> row{variable_name(v), integer(v.handle), integer(r.thread)};
      append_totals(row, r.totals);
      row.push_back(share(r.totals.count, v.totals.count));
      per_thread.rows.push_back(std::move(row));
    }
  }
  tables.push_back(std::move(per_thread));
  return tables;
}

Table lines_table(const Context &c) {
  Table t("lines", "Remote accesses per source line");
  location_columns(t);
  totals_columns(t);
  t.column("share_pct", "% of accesses");
  t.column("source", "source");
  tracedb::SourceFiles sources(c.options.source_roots);
  for (const tracedb::LineRow &l : first(c.tables.lines, c.options.filter.top)) {
    std::vector<Cell> row = location_cells(l.file, l.line, l.function);
    append_totals(row, l.totals);
    row.push_back(share(l.totals.count, c.access_total));
    row.push_back(text(trim(sources.line(l.file, l.line))));
    t.rows.push_back(std::move(row));
  }
  if (std::int64_t unresolved = c.trace.unsymbolized_sites(); unresolved > 0)
    t.notes.push_back(std::to_string(unresolved) +
                      " call site(s) not symbolized yet: their accesses count as (unknown)");
  if (!c.run.call_sites)
    t.notes.push_back("call sites were not recorded in this run: every access is on an unknown line");
  return t;
}

std::vector<Table> pair_tables(const Context &c) {
  tracedb::Filter filter = c.options.filter;
  std::vector<Table> tables;
  int n = c.run.threads;
  bool matrix = c.options.format == Format::kTable && n <= kMatrixMaxThreads && filter.top == 0;
  if (matrix) {
    const std::vector<tracedb::PairRow> &pairs = c.tables.pairs;
    for (const tracedb::PairRow &p : pairs) n = std::max({n, p.thread + 1, p.peer + 1});
    tables.push_back(pair_matrix(c, pairs, n));
    return tables;
  }
  bool default_top = c.options.format == Format::kTable && filter.top == 0;
  if (default_top) filter.top = kDefaultTopPairs;
  Table t("pairs", "Remote accesses per thread pair");
  t.column("thread", "initiator");
  t.column("peer", "target");
  totals_columns(t);
  t.column("share_pct", "% of accesses");
  for (const tracedb::PairRow &p : first(c.tables.pairs, filter.top)) {
    std::vector<Cell> row{integer(p.thread), integer(p.peer)};
    append_totals(row, p.totals);
    row.push_back(share(p.totals.count, c.access_total));
    t.rows.push_back(std::move(row));
  }
  if (default_top)
    t.notes.push_back("the top " + std::to_string(kDefaultTopPairs) + " pairs; --top N shows more");
  tables.push_back(std::move(t));
  return tables;
}

Table ops_table(const Context &c) {
  Table t("ops", "Remote accesses per operation");
  t.column("op", "operation");
  totals_columns(t);
  t.column("elements", "elements");
  t.column("ns_avg", "avg time");
  t.column("ns_min", "min time");
  t.column("ns_max", "max time");
  t.column("share_pct", "% of accesses");
  for (const tracedb::OpRow &op : first(c.tables.ops, c.options.filter.top)) {
    std::vector<Cell> row{text(op.op)};
    append_totals(row, op.totals);
    double avg =
        op.totals.count > 0 ? static_cast<double>(op.totals.ns) / static_cast<double>(op.totals.count) : 0.0;
    row.push_back(quantity(op.elements, Unit::kCount));
    row.push_back(real(avg, human_ns(avg)));
    row.push_back(quantity(op.ns_min, Unit::kNanoseconds));
    row.push_back(quantity(op.ns_max, Unit::kNanoseconds));
    row.push_back(share(op.totals.count, c.access_total));
    t.rows.push_back(std::move(row));
  }
  return t;
}

}  // namespace pgas::report::detail
