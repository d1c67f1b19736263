// TraceReader: per variable (Figure 3) and per thread for one variable (Figure 4).
#include "pgas/tracedb/reader.hpp"
#include "reader_sql.hpp"

namespace pgas::tracedb {

std::vector<VariableRow> TraceReader::variables(const Filter &filter) const {
  return detail::guarded(path(), [&] {
    detail::Sql sql(
        "WITH acc AS (SELECT a.variable, SUM(a.count) AS count, SUM(a.bytes) AS bytes, SUM(a.ns_sum) AS ns "
        "FROM access a WHERE 1");
    detail::where_access(sql, filter, "a");
    sql << " GROUP BY a.variable), handles AS (SELECT handle FROM variable UNION SELECT variable FROM acc) "
           "SELECT h.handle, v.handle IS NOT NULL, v.name, v.name_source, v.kind, v.elem_size, v.block, "
           "v.nelems, v.owner, s.file, s.line, s.function, COALESCE(acc.count, 0) AS n, "
           "COALESCE(acc.bytes, 0), COALESCE(acc.ns, 0) FROM handles h "
           "LEFT JOIN variable v ON v.handle = h.handle LEFT JOIN acc ON acc.variable = h.handle "
           "LEFT JOIN site s ON s.id = v.alloc_site WHERE 1";
    detail::where_variable(sql, filter, "h.handle");
    sql << " ORDER BY n DESC, v.name IS NULL, v.name, h.handle";
    sql.limit(filter.top);
    Statement s = sql.prepare(db_);
    std::vector<VariableRow> rows;
    while (s.step()) {
      VariableRow row;
      row.handle = s.int64(0);
      row.known = s.int64(1) != 0;
      row.name = s.text(2);
      row.name_source = row.known ? s.text(3) : "unknown";
      row.kind = s.text(4);
      row.elem_size = s.int64(5);
      row.block = s.int64(6);
      row.nelems = s.int64(7);
      row.owner = row.known ? s.int64(8) : -1;
      row.alloc_file = s.text(9);
      row.alloc_line = static_cast<int>(s.int64(10));
      row.alloc_function = s.text(11);
      row.totals = detail::totals_at(s, 12);
      rows.push_back(std::move(row));
    }
    return rows;
  });
}

std::vector<VariableThreadRow> TraceReader::variable_threads(std::int64_t handle,
                                                             const Filter &filter) const {
  return detail::guarded(path(), [&] {
    detail::Sql sql(
        "SELECT t.thread, COALESCE(x.count, 0), COALESCE(x.bytes, 0), COALESCE(x.ns, 0) FROM thread t "
        "LEFT JOIN (SELECT a.thread, SUM(a.count) AS count, SUM(a.bytes) AS bytes, SUM(a.ns_sum) AS ns "
        "FROM access a WHERE a.variable = ");
    sql.value(handle);
    detail::where_access(sql, filter, "a");
    sql << " GROUP BY a.thread) x ON x.thread = t.thread WHERE 1";
    detail::where_thread(sql, filter, "t.thread");
    sql << " ORDER BY t.thread";
    Statement s = sql.prepare(db_);
    std::vector<VariableThreadRow> rows;
    while (s.step()) rows.push_back({static_cast<int>(s.int64(0)), detail::totals_at(s, 1)});
    return rows;
  });
}

}  // namespace pgas::tracedb
