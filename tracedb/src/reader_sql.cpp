#include "reader_sql.hpp"

namespace pgas::tracedb::detail {

Sql &Sql::operator<<(std::string_view text) {
  text_ += text;
  return *this;
}

Sql &Sql::value(std::int64_t v) {
  values_.emplace_back(v);
  return *this << "?";
}

Sql &Sql::value(const std::string &v) {
  values_.emplace_back(v);
  return *this << "?";
}

Statement Sql::prepare(const Database &db) const {
  Statement statement = db.prepare(text_);
  int index = 1;
  for (const auto &v : values_) {
    if (const auto *i = std::get_if<std::int64_t>(&v))
      statement.bind(index++, *i);
    else
      statement.bind(index++, std::string_view(std::get<std::string>(v)));
  }
  return statement;
}

void where_thread(Sql &sql, const Filter &filter, std::string_view column) {
  if (filter.threads.empty()) return;
  sql << " AND ";
  sql.in(column, filter.threads);
}

void where_variable(Sql &sql, const Filter &filter, std::string_view column) {
  if (filter.variables.empty() && filter.handles.empty()) return;
  sql << " AND (0";
  if (!filter.handles.empty()) {
    sql << " OR ";
    sql.in(column, filter.handles);
  }
  if (!filter.variables.empty()) {
    sql << " OR " << column << " IN (SELECT handle FROM variable WHERE ";
    sql.in("name", filter.variables) << ")";
  }
  sql << ")";
}

void where_access(Sql &sql, const Filter &filter, std::string_view alias) {
  std::string prefix = std::string(alias) + ".";
  where_thread(sql, filter, prefix + "thread");
  where_variable(sql, filter, prefix + "variable");
  if (!filter.peers.empty()) {
    sql << " AND ";
    sql.in(prefix + "peer", filter.peers);
  }
  if (!filter.ops.empty()) {
    sql << " AND ";
    sql.in(prefix + "op", filter.ops);
  }
}

Totals totals_at(const Statement &row, int first_column) {
  return {row.int64(first_column), row.int64(first_column + 1), row.int64(first_column + 2)};
}

bool has_sync(const Database &db) {
  return db.scalar("SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'sync_wait'")
             .value_or(0) > 0;
}

bool has_paths(const Database &db) {
  return db.scalar("SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'call_path'")
             .value_or(0) > 0;
}

ThreadRow thread_row(const Statement &row, const Totals &totals, std::int64_t reads, std::int64_t writes) {
  ThreadRow out;
  out.thread = static_cast<int>(row.int64(0));
  out.host = row.text(1);
  out.pid = row.int64(2);
  out.finished = row.int64(3) != 0;
  out.totals = totals;
  out.wall_ns = row.int64(7);
  out.reads = reads;
  out.writes = writes;
  out.transport_pct = out.wall_ns > 0 ? 100.0 * static_cast<double>(totals.ns) / out.wall_ns : 0.0;
  out.remote_ns = row.int64(8);
  out.wait_ns = row.int64(9);
  out.compute_ns = row.int64(10);
  return out;
}

}  // namespace pgas::tracedb::detail
