// TraceReader::sync_digest: the synchronization tables and the load imbalance of every source line, for
// every reader (pgas-report now, the viewer next). A database before schema 2 has no waits: the waits are
// empty and the imbalance covers the accesses only.
#include <algorithm>
#include <cmath>
#include <map>
#include <set>
#include <tuple>
#include <unordered_map>

#include "pgas/tracedb/reader.hpp"
#include "pgas/tracedb/sync_kinds.hpp"
#include "reader_sql.hpp"

namespace pgas::tracedb {
namespace {

// A source line as LineRow groups sites: by file and line, or by function for a site without a file.
struct Location {
  std::string file;
  int line = 0;
  std::string function;
  auto operator<=>(const Location &) const = default;
};

Location location_at(const Statement &s, int first) {
  Location at;
  if (!s.is_null(first)) {
    at.file = s.text(first);
    at.line = s.is_null(first + 1) ? 0 : static_cast<int>(s.int64(first + 1));
  }
  at.function = s.is_null(first + 2) ? "" : s.text(first + 2);
  return at;
}

bool kind_waits(const std::string &kind) {
  for (const SyncKindDescription &k : kSyncKinds)
    if (k.name == kind) return k.waiting;
  return true;  // a kind this reader does not know: newer than it, and waiting by default
}

struct PerThread {
  std::int64_t count = 0, ns = 0;
};
using ThreadSeries = std::map<int, PerThread>;
using SeriesByLine = std::map<std::pair<Location, std::string>, ThreadSeries>;

std::vector<int> selected_threads(const Database &db, const Filter &filter) {
  detail::Sql sql("SELECT thread FROM thread WHERE 1");
  detail::where_thread(sql, filter, "thread");
  sql << " ORDER BY thread";
  Statement s = sql.prepare(db);
  std::vector<int> threads;
  while (s.step()) threads.push_back(static_cast<int>(s.int64(0)));
  return threads;
}

std::vector<SyncRow> read_waits(const Database &db, const Filter &filter, SeriesByLine &series) {
  detail::Sql sql(
      "SELECT w.thread, s.file, s.line, s.function, w.kind, w.object, w.name, w.count, w.ns_sum, w.ns_min, "
      "w.ns_max FROM sync_wait w JOIN site s ON s.id = w.site WHERE 1");
  detail::where_thread(sql, filter, "w.thread");
  Statement s = sql.prepare(db);
  std::map<std::tuple<Location, std::string, std::int64_t>, SyncRow> rows;
  std::map<std::tuple<Location, std::string, std::int64_t>, std::set<int>> threads;
  while (s.step()) {
    const int thread = static_cast<int>(s.int64(0));
    const Location at = location_at(s, 1);
    const std::string kind = s.text(4);
    const std::int64_t object = s.int64(5), count = s.int64(7), ns = s.int64(8);
    SyncRow &row = rows[{at, kind, object}];
    std::set<int> &seen = threads[{at, kind, object}];
    if (seen.empty()) {
      row.file = at.file, row.line = at.line, row.function = at.function;
      row.kind = kind, row.object = object, row.name = s.text(6), row.ns_min = s.int64(9);
      row.waiting = kind_waits(kind);
    }
    seen.insert(thread);  // a thread has one row per call path of the line (schema 3)
    row.threads = static_cast<int>(seen.size());
    row.count += count;
    row.ns_sum += ns;
    row.ns_min = std::min(row.ns_min, s.int64(9));
    row.ns_max = std::max(row.ns_max, s.int64(10));
    row.per_thread.push_back({thread, count, ns, s.int64(9), s.int64(10)});
    if (row.waiting) {
      PerThread &p = series[{at, kind}][thread];
      p.count += count;
      p.ns += ns;
    }
  }
  std::vector<SyncRow> out;
  for (auto &entry : rows) {
    std::sort(entry.second.per_thread.begin(), entry.second.per_thread.end(),
              [](const SyncThreadRow &a, const SyncThreadRow &b) { return a.thread < b.thread; });
    out.push_back(std::move(entry.second));
  }
  std::stable_sort(out.begin(), out.end(),
                   [](const SyncRow &a, const SyncRow &b) { return a.ns_sum > b.ns_sum; });
  return out;
}

// Per thread and site in one unsorted pass over the access rows (a GROUP BY would sort them all: seconds
// for a million rows), then per line through the site table.
void read_access_series(const Database &db, const Filter &filter, SeriesByLine &series) {
  detail::Sql sql("SELECT a.thread, a.site, a.count, a.ns_sum FROM access a WHERE 1");
  detail::where_access(sql, filter, "a");
  // A waiting operation (a semaphore wait) is a wait of sync_wait, not an access whose time is spread.
  for (const raw::OpDescription &op : raw::kOpDescriptions)
    if (op.always_timed) {
      sql << " AND a.op NOT IN (";
      sql.value(std::string(op.name)) << ", ";
      sql.value(std::string(raw::kViaCachePrefix) + std::string(op.name)) << ")";
    }
  std::unordered_map<std::int64_t, std::map<int, PerThread>> by_site;
  Statement s = sql.prepare(db);
  while (s.step()) {
    PerThread &p = by_site[s.int64(1)][static_cast<int>(s.int64(0))];
    p.count += s.int64(2);
    p.ns += s.int64(3);
  }
  Statement sites = db.prepare("SELECT id, file, line, function FROM site");
  while (sites.step()) {
    auto found = by_site.find(sites.int64(0));
    if (found == by_site.end()) continue;
    ThreadSeries &line = series[{location_at(sites, 1), "access"}];
    for (const auto &[thread, p] : found->second) {
      line[thread].count += p.count;
      line[thread].ns += p.ns;
    }
  }
}

Distribution distribution(const std::vector<double> &values) {
  Distribution d;
  if (values.empty()) return d;
  d.min = *std::min_element(values.begin(), values.end());
  d.max = *std::max_element(values.begin(), values.end());
  double sum = 0, squares = 0;
  for (double v : values) sum += v;
  d.mean = sum / static_cast<double>(values.size());
  for (double v : values) squares += (v - d.mean) * (v - d.mean);
  d.cv = d.mean > 0 ? std::sqrt(squares / static_cast<double>(values.size())) / d.mean : 0.0;
  return d;
}

ImbalanceRow imbalance_row(const Location &at, const std::string &what, const ThreadSeries &series,
                           const std::vector<int> &threads) {
  std::vector<double> ns, counts;
  for (int t : threads) {
    auto found = series.find(t);
    ns.push_back(found == series.end() ? 0.0 : static_cast<double>(found->second.ns));
    counts.push_back(found == series.end() ? 0.0 : static_cast<double>(found->second.count));
  }
  ImbalanceRow row{at.file, at.line, at.function, what, distribution(ns), distribution(counts), 0};
  double lost = 0;
  for (double v : ns) lost += what == "access" ? row.ns.max - v : v - row.ns.min;
  row.lost_ns = static_cast<std::int64_t>(lost);
  return row;
}

}  // namespace

SyncDigest TraceReader::sync_digest(const Filter &filter) const {
  return detail::guarded(path(), [&] {
    SyncDigest out;
    SeriesByLine series;
    if (detail::has_sync(db_)) out.waits = read_waits(db_, filter, series);
    read_access_series(db_, filter, series);
    const std::vector<int> threads = selected_threads(db_, filter);
    for (const auto &[key, per_thread] : series)
      out.imbalance.push_back(imbalance_row(key.first, key.second, per_thread, threads));
    std::stable_sort(out.imbalance.begin(), out.imbalance.end(),
                     [](const ImbalanceRow &a, const ImbalanceRow &b) { return a.lost_ns > b.lost_ns; });
    if (filter.top > 0) {
      out.waits.resize(std::min(out.waits.size(), filter.top));
      out.imbalance.resize(std::min(out.imbalance.size(), filter.top));
    }
    return out;
  });
}

}  // namespace pgas::tracedb
