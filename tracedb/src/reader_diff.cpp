// Comparing two traces line by line and variable by variable.
#include <algorithm>
#include <filesystem>

#include "pgas/tracedb/reader.hpp"

namespace pgas::tracedb {
namespace {

struct Keyed {
  std::string detail;
  Totals totals;
};
using KeyedTotals = std::map<std::string, Keyed>;

}  // namespace

std::string line_key(const LineRow &row) {
  if (!row.file.empty())
    return std::filesystem::path(row.file).filename().string() + ":" + std::to_string(row.line);
  std::string key = row.function.empty() ? "(unknown)" : row.function;
  return row.line > 0 ? key + ":" + std::to_string(row.line) : key;
}

namespace {

KeyedTotals by_line(const AccessDigest &tables) {
  KeyedTotals out;
  for (const LineRow &row : tables.lines) {
    Keyed &k = out[line_key(row)];
    if (k.detail.empty()) k.detail = row.function;
    k.totals += row.totals;
  }
  return out;
}

KeyedTotals by_variable(const AccessDigest &tables) {
  KeyedTotals out;
  for (const VariableRow &row : tables.variables) {
    Keyed &k = out[row.name.empty() ? "(handle " + std::to_string(row.handle) + ")" : row.name];
    if (k.detail.empty()) k.detail = row.kind;
    k.totals += row.totals;
  }
  return out;
}

// Waits per line and kind (count = events, ns = time), and imbalance per line and what (ns = lost time,
// count = the largest count of a thread).
KeyedTotals by_wait(const SyncDigest &tables) {
  KeyedTotals out;
  for (const SyncRow &row : tables.waits) {
    Keyed &k = out[line_key({row.file, row.line, row.function, {}}) + " " + row.kind];
    if (k.detail.empty()) k.detail = row.function;
    k.totals += Totals{row.count, 0, row.ns_sum};
  }
  return out;
}

KeyedTotals by_imbalance(const SyncDigest &tables) {
  KeyedTotals out;
  for (const ImbalanceRow &row : tables.imbalance) {
    Keyed &k = out[line_key({row.file, row.line, row.function, {}}) + " " + row.what];
    if (k.detail.empty()) k.detail = row.function;
    k.totals += Totals{static_cast<std::int64_t>(row.count.max), 0, row.lost_ns};
  }
  return out;
}

// Accesses and waits per site, calling lines and what (count = accesses or events, ns = time).
KeyedTotals by_path(const std::vector<PathRow> &rows) {
  KeyedTotals out;
  for (const PathRow &row : rows) {
    std::string key = line_key({row.site.file, row.site.line, row.site.function, {}});
    for (const SourceLocation &caller : row.callers)
      key += " < " + line_key({caller.file, caller.line, caller.function, {}});
    Keyed &k = out[key + " " + row.what];
    if (k.detail.empty()) k.detail = row.site.function;
    k.totals += Totals{row.totals.count, 0, row.totals.ns};
  }
  return out;
}

std::int64_t by_count(const DiffRow &r) { return std::max(r.a.count, r.b.count); }
std::int64_t by_time(const DiffRow &r) { return std::max(r.a.ns, r.b.ns); }

std::vector<DiffRow> match(const KeyedTotals &a, const KeyedTotals &b, std::size_t top,
                           std::int64_t (*weight)(const DiffRow &) = by_count) {
  std::map<std::string, DiffRow> merged;
  for (const auto &[key, k] : a) merged[key] = {key, k.detail, k.totals, {}};
  for (const auto &[key, k] : b) {
    DiffRow &row = merged[key];
    row.key = key;
    if (row.detail.empty()) row.detail = k.detail;
    row.b = k.totals;
  }
  std::vector<DiffRow> rows;
  for (auto &entry : merged) rows.push_back(std::move(entry.second));
  std::stable_sort(rows.begin(), rows.end(),
                   [&](const DiffRow &x, const DiffRow &y) { return weight(x) > weight(y); });
  if (top > 0 && rows.size() > top) rows.resize(top);
  return rows;
}

}  // namespace

TraceDiff diff(const TraceReader &a, const TraceReader &b, const Filter &filter) {
  Filter all = filter;
  all.top = 0;
  const AccessDigest tables_a = a.digest(all), tables_b = b.digest(all);
  TraceDiff d;
  d.a = summarize(tables_a.threads);
  d.b = summarize(tables_b.threads);
  d.wall_a = a.run().wall_ns;
  d.wall_b = b.run().wall_ns;
  d.lines = match(by_line(tables_a), by_line(tables_b), filter.top);
  d.variables = match(by_variable(tables_a), by_variable(tables_b), filter.top);
  const SyncDigest sync_a = a.sync_digest(all), sync_b = b.sync_digest(all);
  d.waits = match(by_wait(sync_a), by_wait(sync_b), filter.top, by_time);
  d.imbalance = match(by_imbalance(sync_a), by_imbalance(sync_b), filter.top, by_time);
  d.paths = match(by_path(a.paths(all)), by_path(b.paths(all)), filter.top, by_time);
  return d;
}

}  // namespace pgas::tracedb
