// Internal to the reader: building queries with bound parameters, and the filter as SQL conditions.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include "pgas/tracedb/database.hpp"
#include "pgas/tracedb/reader.hpp"

namespace pgas::tracedb::detail {

// SQL text plus the values of its `?` placeholders, so that no value is ever spliced into the text.
class Sql {
 public:
  explicit Sql(std::string_view text = {}) : text_(text) {}

  Sql &operator<<(std::string_view text);  // SQL text (never user input)
  Sql &value(std::int64_t v);              // a placeholder bound to v
  Sql &value(const std::string &v);
  // "column IN (?, ?, ...)" for a non-empty set.
  template <typename Set>
  Sql &in(std::string_view column, const Set &values) {
    *this << column << " IN (";
    const char *separator = "";
    for (const auto &v : values) {
      *this << separator;
      value(v);
      separator = ", ";
    }
    return *this << ")";
  }

  Statement prepare(const Database &db) const;

 private:
  std::string text_;
  std::vector<std::variant<std::int64_t, std::string>> values_;
};

// " AND ..." conditions selecting the filter's accesses, for the access table under `alias`.
void where_access(Sql &sql, const Filter &filter, std::string_view alias);
// " AND ..." conditions on a column holding a thread number / a variable handle.
void where_thread(Sql &sql, const Filter &filter, std::string_view column);
void where_variable(Sql &sql, const Filter &filter, std::string_view column);

Totals totals_at(const Statement &row, int first_column);  // count, bytes, ns in three columns
// Whether the database has schema 2's synchronization data (sync_wait and the time-state columns); older
// databases are read without it.
bool has_sync(const Database &db);
// Whether the database has schema 3's call paths (call_path, and the path columns of access and sync_wait).
bool has_paths(const Database &db);
// A per-thread row from columns thread, host, pid, finished (0-3), wall_ns (7) and remote_ns, wait_ns,
// compute_ns (8-10), with these sums.
ThreadRow thread_row(const Statement &row, const Totals &totals, std::int64_t reads, std::int64_t writes);

// Runs `query`, giving any tracedb::Error a message that starts with `path`.
template <typename F>
auto guarded(const std::string &path, F &&query) -> decltype(query()) {
  try {
    return query();
  } catch (const Error &e) {
    std::string what = e.what();
    if (what.rfind(path + ": ", 0) == 0) throw;
    throw Error(path + ": " + what);
  }
}

}  // namespace pgas::tracedb::detail
