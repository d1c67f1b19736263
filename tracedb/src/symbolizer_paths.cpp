#include "symbolizer_paths.hpp"

#include <map>
#include <set>
#include <utility>

#include "pgas/tracedb/symbolizer.hpp"

namespace pgas::tracedb {
namespace {

struct Link {
  std::int64_t site = 0, caller = 0;
};

// The call_path table in memory, extended as cut chains need new links.
class Paths {
 public:
  explicit Paths(Database &db) : db_(db) {
    Statement s = db.prepare("SELECT id, site, caller FROM call_path");
    while (s.step()) {
      const std::int64_t id = s.int64(0);
      links_[id] = {s.int64(1), s.int64(2)};
      ids_[{s.int64(1), s.int64(2)}] = id;
      next_ = std::max(next_, id + 1);
    }
  }

  // The sites of chain `path`, innermost first (at most `limit`, against a damaged table's loops).
  std::vector<std::int64_t> sites(std::int64_t path, std::size_t limit = 64) const {
    std::vector<std::int64_t> out;
    for (auto it = links_.find(path); path != 0 && it != links_.end() && out.size() < limit;
         path = it->second.caller, it = links_.find(path))
      out.push_back(it->second.site);
    return out;
  }

  // The id of the chain of `sites` (innermost first), links inserted where missing.
  std::int64_t chain(const std::vector<std::int64_t> &sites) {
    std::int64_t id = 0;
    for (auto site = sites.rbegin(); site != sites.rend(); ++site) {
      auto [it, inserted] = ids_.try_emplace({*site, id}, next_);
      if (inserted) {
        db_.prepare("INSERT INTO call_path(id, site, caller) VALUES (?, ?, ?)")
            .bind(1, next_)
            .bind(2, *site)
            .bind(3, id)
            .run();
        links_[next_++] = {*site, id};
      }
      id = it->second;
    }
    return id;
  }

 private:
  Database &db_;
  std::map<std::int64_t, Link> links_;
  std::map<std::pair<std::int64_t, std::int64_t>, std::int64_t> ids_;
  std::int64_t next_ = 1;
};

std::set<std::int64_t> toolkit_sites(const Database &db, const std::vector<std::string> &toolkit_paths) {
  std::set<std::int64_t> out;
  Statement s = db.prepare("SELECT id, file FROM site WHERE symbolized = 1 AND file IS NOT NULL");
  while (s.step())
    if (is_toolkit_file(s.text(1), toolkit_paths)) out.insert(s.int64(0));
  return out;
}

// Moves the rows of (site, path) to (to_site, to_path) in `table`, whose columns are `columns` (the key
// columns site and path named so) and whose sums are merged as `merge` says.
void move_rows(Database &db, const char *table, const char *columns, const char *merge,
               std::pair<std::int64_t, std::int64_t> from, std::pair<std::int64_t, std::int64_t> to) {
  const std::string moved = std::string(columns);
  std::string select = moved;
  select.replace(select.find("site"), 4, "?3");
  select.replace(select.find("path"), 4, "?4");
  db.prepare("INSERT INTO " + std::string(table) + " (" + moved + ") SELECT " + select + " FROM " + table +
             " WHERE site = ?1 AND path = ?2 ON CONFLICT DO UPDATE SET " + merge)
      .bind(1, from.first)
      .bind(2, from.second)
      .bind(3, to.first)
      .bind(4, to.second)
      .run();
  db.prepare("DELETE FROM " + std::string(table) + " WHERE site = ?1 AND path = ?2")
      .bind(1, from.first)
      .bind(2, from.second)
      .run();
}

}  // namespace

int attribute_through_callers(Database &db, const std::vector<std::string> &toolkit_paths) {
  if (db.scalar("SELECT count(*) FROM sqlite_master WHERE name = 'call_path'").value_or(0) == 0) return 0;
  const auto callers = static_cast<std::size_t>(db.scalar("SELECT callers FROM run").value_or(0));
  const std::set<std::int64_t> in_headers = toolkit_sites(db, toolkit_paths);
  Paths paths(db);
  std::set<std::pair<std::int64_t, std::int64_t>> used;
  for (const char *table : {"access", "sync_wait"}) {
    Statement s = db.prepare(std::string("SELECT DISTINCT site, path FROM ") + table + " WHERE path != 0");
    while (s.step()) used.insert({s.int64(0), s.int64(1)});
  }
  int moves = 0;
  for (const auto &[site, path] : used) {
    std::vector<std::int64_t> chain = paths.sites(path);
    chain.insert(chain.begin(), site);
    std::size_t first = 0;  // the first frame outside the headers; the outermost if there is none
    while (first + 1 < chain.size() && in_headers.count(chain[first])) ++first;
    const std::size_t end = std::min(chain.size(), first + 1 + callers);
    const std::pair<std::int64_t, std::int64_t> to{
        chain[first], paths.chain({chain.begin() + static_cast<std::ptrdiff_t>(first) + 1,
                                   chain.begin() + static_cast<std::ptrdiff_t>(end)})};
    if (to == std::pair{site, path}) continue;
    move_rows(db, "access",
              "thread, peer, variable, site, op, count, elements, bytes, timed, ns_sum, ns_min, ns_max, path",
              "count = count + excluded.count, elements = elements + excluded.elements, bytes = bytes + "
              "excluded.bytes, timed = timed + excluded.timed, ns_sum = ns_sum + excluded.ns_sum, ns_min = "
              "min(ns_min, excluded.ns_min), ns_max = max(ns_max, excluded.ns_max)",
              {site, path}, to);
    move_rows(db, "sync_wait", "thread, site, kind, object, name, count, ns_sum, ns_min, ns_max, path",
              "count = count + excluded.count, ns_sum = ns_sum + excluded.ns_sum, ns_min = min(ns_min, "
              "excluded.ns_min), ns_max = max(ns_max, excluded.ns_max)",
              {site, path}, to);
    ++moves;
  }
  return moves;
}

}  // namespace pgas::tracedb
