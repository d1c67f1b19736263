// TraceReader::digest: every per-access table of one filter from a single scan of the access table. The
// small tables (thread, variable, site) are read whole; the orders are those of the separate queries, with
// SQL's NULLs-first ordering reproduced by std::optional.
#include <algorithm>
#include <tuple>
#include <unordered_map>

#include "pgas/tracedb/reader.hpp"
#include "reader_sql.hpp"

namespace pgas::tracedb {
namespace {

using Text = std::optional<std::string>;
using Number = std::optional<std::int64_t>;

Text nullable_text(const Statement &s, int column) {
  return s.is_null(column) ? Text() : Text(s.text(column));
}
Number nullable_number(const Statement &s, int column) {
  return s.is_null(column) ? Number() : Number(s.int64(column));
}

struct OpSums {
  std::string op;
  Direction direction = Direction::kOther;
  Totals totals;
  std::int64_t elements = 0;
  Number ns_min;  // over timed rows only
  std::int64_t ns_max = 0;
};

struct ThreadSums {
  Totals totals;
  std::int64_t reads = 0, writes = 0;
};

struct SiteRow {
  Text file, function;
  Number line;
};

// What one pass over the access rows adds up.
struct Scan {
  std::vector<OpSums> ops;  // by op id, in order of first appearance
  std::unordered_map<std::string, std::size_t> op_ids;
  std::unordered_map<int, ThreadSums> threads;
  std::map<std::pair<int, std::size_t>, Totals> thread_ops;
  std::unordered_map<std::int64_t, Totals> variables;
  std::map<std::pair<std::int64_t, int>, Totals> variable_threads;
  std::unordered_map<std::int64_t, Totals> sites;
  std::map<std::pair<int, int>, Totals> pairs;
};

void scan(const Database &db, const Filter &filter, Scan &out, const std::function<void(double)> &progress) {
  const double total = static_cast<double>(db.scalar("SELECT count(*) FROM access").value_or(0));
  detail::Sql sql(
      "SELECT a.thread, a.peer, a.variable, a.site, a.op, a.count, a.bytes, a.ns_sum, a.elements, a.timed, "
      "a.ns_min, a.ns_max FROM access a WHERE 1");
  detail::where_access(sql, filter, "a");
  Statement s = sql.prepare(db);
  std::int64_t rows = 0;
  std::string op;
  while (s.step()) {
    if (progress && ++rows % 65536 == 0) progress(static_cast<double>(rows) / std::max(total, 1.0));
    const int thread = static_cast<int>(s.int64(0)), peer = static_cast<int>(s.int64(1));
    const std::int64_t variable = s.int64(2), site = s.int64(3);
    op = s.text(4);
    const Totals t{s.int64(5), s.int64(6), s.int64(7)};
    auto [id, added] = out.op_ids.try_emplace(op, out.ops.size());
    if (added) {
      out.ops.emplace_back();
      out.ops.back().op = op;
      out.ops.back().direction = op_direction(op);
    }
    OpSums &o = out.ops[id->second];
    o.totals += t;
    o.elements += s.int64(8);
    if (s.int64(9) > 0) o.ns_min = std::min(o.ns_min.value_or(s.int64(10)), s.int64(10));
    o.ns_max = std::max(o.ns_max, s.int64(11));
    ThreadSums &ts = out.threads[thread];
    ts.totals += t;
    ts.reads += o.direction == Direction::kRead ? t.count : 0;
    ts.writes += o.direction == Direction::kWrite ? t.count : 0;
    out.thread_ops[{thread, id->second}] += t;
    out.variables[variable] += t;
    out.variable_threads[{variable, thread}] += t;
    out.sites[site] += t;
    out.pairs[{thread, peer}] += t;
  }
  if (progress) progress(1.0);
}

std::vector<ThreadRow> thread_rows(const Database &db, const Filter &filter, const Scan &sums) {
  detail::Sql sql("SELECT thread, host, pid, finished, remote_count, remote_bytes, transport_ns, wall_ns, ");
  // Before schema 2 the time states were not recorded: all transport time is remote access, no waiting.
  sql << (detail::has_sync(db) ? "remote_ns, wait_ns, compute_ns"
                               : "transport_ns, 0, max(0, wall_ns - transport_ns)");
  sql << " FROM thread WHERE 1";
  detail::where_thread(sql, filter, "thread");
  sql << " ORDER BY thread";
  Statement s = sql.prepare(db);
  std::vector<ThreadRow> rows;
  while (s.step()) {
    auto found = sums.threads.find(static_cast<int>(s.int64(0)));
    const ThreadSums scanned = found == sums.threads.end() ? ThreadSums{} : found->second;
    rows.push_back(detail::thread_row(s,
                                      filter.restricts_accesses() ? scanned.totals : detail::totals_at(s, 4),
                                      scanned.reads, scanned.writes));
  }
  return rows;
}

template <typename Row>
void keep_top(std::vector<Row> &rows, std::size_t top) {
  if (top > 0 && rows.size() > top) rows.resize(top);
}

std::vector<VariableRow> variable_rows(const Database &db, const Filter &filter, const Scan &sums) {
  detail::Sql sql(
      "SELECT v.handle, v.name, v.name_source, v.kind, v.elem_size, v.block, v.nelems, v.owner, s.file, "
      "s.line, s.function FROM variable v LEFT JOIN site s ON s.id = v.alloc_site WHERE 1");
  detail::where_variable(sql, filter, "v.handle");
  Statement s = sql.prepare(db);
  std::vector<std::pair<Text, VariableRow>> rows;  // with the name's NULL-ness, for the order
  std::map<std::int64_t, bool> described;
  while (s.step()) {
    VariableRow row;
    row.handle = s.int64(0);
    row.known = true;
    row.name = s.text(1);
    row.name_source = s.text(2);
    row.kind = s.text(3);
    row.elem_size = s.int64(4);
    row.block = s.int64(5);
    row.nelems = s.int64(6);
    row.owner = s.int64(7);
    row.alloc_file = s.text(8);
    row.alloc_line = static_cast<int>(s.int64(9));
    row.alloc_function = s.text(10);
    described[row.handle] = true;
    rows.emplace_back(nullable_text(s, 1), std::move(row));
  }
  for (const auto &[handle, totals] : sums.variables)
    if (!described.count(handle)) {
      VariableRow row;
      row.handle = handle;
      row.name_source = "unknown";
      rows.emplace_back(Text(), std::move(row));
    }
  for (auto &[name, row] : rows) {
    auto found = sums.variables.find(row.handle);
    if (found != sums.variables.end()) row.totals = found->second;
  }
  std::sort(rows.begin(), rows.end(), [](const auto &x, const auto &y) {
    return std::make_tuple(-x.second.totals.count, !x.first.has_value(), x.first, x.second.handle) <
           std::make_tuple(-y.second.totals.count, !y.first.has_value(), y.first, y.second.handle);
  });
  std::vector<VariableRow> out;
  for (auto &entry : rows) out.push_back(std::move(entry.second));
  keep_top(out, filter.top);
  return out;
}

// Grouped as lines() groups: by (file, line), and by function for sites without a file.
std::vector<LineRow> line_rows(const Database &db, const Filter &filter, const Scan &sums) {
  std::unordered_map<std::int64_t, SiteRow> sites;
  Statement s = db.prepare("SELECT id, file, line, function FROM site");
  while (s.step()) sites[s.int64(0)] = {nullable_text(s, 1), nullable_text(s, 3), nullable_number(s, 2)};
  using Key = std::tuple<Text, Number, Text>;
  std::map<Key, std::pair<Totals, Text>> groups;  // totals, MIN(function)
  for (const auto &[id, totals] : sums.sites) {
    auto found = sites.find(id);
    const SiteRow site = found == sites.end() ? SiteRow{} : found->second;
    auto &group = groups[{site.file, site.line, site.file ? Text() : site.function}];
    group.first += totals;
    if (site.function && (!group.second || *site.function < *group.second)) group.second = site.function;
  }
  using Ranked = std::tuple<std::int64_t, bool, Text, Number, bool, Text, Totals>;
  std::vector<Ranked> ranked;
  for (const auto &[key, group] : groups) {
    const auto &[file, line, by_function] = key;
    ranked.emplace_back(-group.first.count, !file.has_value(), file, line, !group.second.has_value(),
                        group.second, group.first);
  }
  std::sort(ranked.begin(), ranked.end(), [](const Ranked &x, const Ranked &y) {
    return std::tie(std::get<0>(x), std::get<1>(x), std::get<2>(x), std::get<3>(x), std::get<4>(x),
                    std::get<5>(x)) < std::tie(std::get<0>(y), std::get<1>(y), std::get<2>(y), std::get<3>(y),
                                               std::get<4>(y), std::get<5>(y));
  });
  std::vector<LineRow> out;
  for (const Ranked &r : ranked)
    out.push_back({std::get<2>(r).value_or(""), static_cast<int>(std::get<3>(r).value_or(0)),
                   std::get<5>(r).value_or(""), std::get<6>(r)});
  keep_top(out, filter.top);
  return out;
}

}  // namespace

AccessDigest TraceReader::digest(const Filter &filter, const std::function<void(double)> &progress) const {
  return detail::guarded(path(), [&] {
    Scan sums;
    scan(db_, filter, sums, progress);
    AccessDigest d;
    d.threads = thread_rows(db_, filter, sums);
    for (const auto &[key, totals] : sums.thread_ops)
      d.thread_ops.push_back({key.first, sums.ops[key.second].op, totals});
    std::sort(d.thread_ops.begin(), d.thread_ops.end(), [](const ThreadOpRow &x, const ThreadOpRow &y) {
      return std::tie(x.thread, x.op) < std::tie(y.thread, y.op);
    });
    for (const OpSums &o : sums.ops)
      d.ops.push_back({o.op, o.totals, o.elements, o.ns_min.value_or(0), o.ns_max});
    std::sort(d.ops.begin(), d.ops.end(), [](const OpRow &x, const OpRow &y) {
      return std::make_tuple(-x.totals.count, x.op) < std::make_tuple(-y.totals.count, y.op);
    });
    keep_top(d.ops, filter.top);
    d.variables = variable_rows(db_, filter, sums);
    for (const VariableRow &v : d.variables) {
      std::vector<VariableThreadRow> &rows = d.variable_threads[v.handle];
      for (const ThreadRow &t : d.threads) {
        auto found = sums.variable_threads.find({v.handle, t.thread});
        rows.push_back({t.thread, found == sums.variable_threads.end() ? Totals{} : found->second});
      }
    }
    d.lines = line_rows(db_, filter, sums);
    for (const auto &[key, totals] : sums.pairs) d.pairs.push_back({key.first, key.second, totals});
    std::stable_sort(d.pairs.begin(), d.pairs.end(),
                     [](const PairRow &x, const PairRow &y) { return x.totals.count > y.totals.count; });
    keep_top(d.pairs, filter.top);
    return d;
  });
}

}  // namespace pgas::tracedb
