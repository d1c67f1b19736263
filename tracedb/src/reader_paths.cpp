// TraceReader::paths: accesses and waits per site and chain of calling lines (schema.sql, call_path), for
// every reader. Chains are cut to run.callers here too: a database not symbolized yet holds the longer
// chains the recorder walks to leave the dialect's headers.
#include <algorithm>
#include <map>
#include <set>
#include <tuple>
#include <unordered_map>

#include "pgas/tracedb/reader.hpp"
#include "reader_sql.hpp"

namespace pgas::tracedb {
namespace {

struct Link {
  std::int64_t site = 0, caller = 0;
};

class Chains {
 public:
  Chains(const Database &db, bool has_paths, std::size_t callers) : callers_(callers) {
    Statement sites = db.prepare("SELECT id, file, line, function FROM site");
    while (sites.step()) {
      SourceLocation &at = sites_[sites.int64(0)];
      if (!sites.is_null(1)) {
        at.file = sites.text(1);
        at.line = sites.is_null(2) ? 0 : static_cast<int>(sites.int64(2));
      }
      at.function = sites.is_null(3) ? "" : sites.text(3);
    }
    if (!has_paths) return;
    Statement links = db.prepare("SELECT id, site, caller FROM call_path");
    while (links.step()) links_[links.int64(0)] = {links.int64(1), links.int64(2)};
  }

  SourceLocation site(std::int64_t id) const {
    auto it = sites_.find(id);
    return it == sites_.end() ? SourceLocation{} : it->second;
  }

  std::vector<SourceLocation> callers(std::int64_t path) const {
    std::vector<SourceLocation> out;
    for (auto it = links_.find(path); path != 0 && it != links_.end() && out.size() < callers_;
         path = it->second.caller, it = links_.find(path))
      out.push_back(site(it->second.site));
    return out;
  }

 private:
  std::size_t callers_;
  std::map<std::int64_t, SourceLocation> sites_;
  std::map<std::int64_t, Link> links_;
};

using Key = std::tuple<SourceLocation, std::vector<SourceLocation>, std::string>;

struct Accumulated {
  std::set<int> threads;
  Totals totals;
};

void add(std::map<Key, Accumulated> &rows, const Chains &chains, const Statement &s, std::string what) {
  Accumulated &row = rows[{chains.site(s.int64(1)), chains.callers(s.int64(2)), std::move(what)}];
  row.threads.insert(static_cast<int>(s.int64(0)));
  row.totals += detail::totals_at(s, 3);
}

// Access rows per site and path in one unsorted pass (a GROUP BY would sort them all: seconds for a million
// rows, the viewer loads this with every filter), then per line and chain of calling lines.
void add_accesses(std::map<Key, Accumulated> &rows, const Chains &chains, Statement s) {
  struct SitePath {
    std::int64_t site, path;
    bool operator==(const SitePath &) const = default;
  };
  struct Hash {
    std::size_t operator()(const SitePath &k) const {
      return std::hash<std::int64_t>()(k.site) * 31 + std::hash<std::int64_t>()(k.path);
    }
  };
  std::unordered_map<SitePath, Accumulated, Hash> by_path;
  while (s.step()) {
    Accumulated &at = by_path[{s.int64(1), s.int64(2)}];
    at.threads.insert(static_cast<int>(s.int64(0)));
    at.totals += detail::totals_at(s, 3);
  }
  for (auto &[key, at] : by_path) {
    Accumulated &row = rows[{chains.site(key.site), chains.callers(key.path), "access"}];
    row.threads.merge(at.threads);
    row.totals += at.totals;
  }
}

}  // namespace

std::vector<PathRow> TraceReader::paths(const Filter &filter) const {
  return detail::guarded(path(), [&] {
    const bool has_paths = detail::has_paths(db_);
    const auto callers =
        has_paths ? static_cast<std::size_t>(db_.scalar("SELECT callers FROM run").value_or(0)) : 0;
    const Chains chains(db_, has_paths, callers);
    const char *path_column = has_paths ? "path" : "0";
    std::map<Key, Accumulated> rows;

    detail::Sql access("SELECT a.thread, a.site, ");
    access << path_column << ", a.count, a.bytes, a.ns_sum FROM access a WHERE 1";
    detail::where_access(access, filter, "a");
    add_accesses(rows, chains, access.prepare(db_));

    if (detail::has_sync(db_)) {
      detail::Sql waits("SELECT thread, site, ");
      waits << path_column << ", sum(count), 0, sum(ns_sum), kind FROM sync_wait WHERE 1";
      detail::where_thread(waits, filter, "thread");
      waits << " GROUP BY thread, site, 3, kind";
      for (Statement s = waits.prepare(db_); s.step();) add(rows, chains, s, s.text(6));
    }

    std::vector<PathRow> out;
    for (auto &[key, row] : rows)
      out.push_back({std::get<0>(key), std::get<1>(key), std::get<2>(key),
                     static_cast<int>(row.threads.size()), row.totals});
    std::stable_sort(out.begin(), out.end(), [](const PathRow &a, const PathRow &b) {
      return std::tie(a.totals.ns, a.totals.count) > std::tie(b.totals.ns, b.totals.count);
    });
    if (filter.top > 0 && out.size() > filter.top) out.resize(filter.top);
    return out;
  });
}

}  // namespace pgas::tracedb
