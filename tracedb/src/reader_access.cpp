// TraceReader: the thread-pair matrix, operations (overall and per thread), offset histograms and the
// timeline.
#include "pgas/tracedb/reader.hpp"
#include "reader_sql.hpp"

namespace pgas::tracedb {

std::vector<PairRow> TraceReader::pairs(const Filter &filter) const {
  return detail::guarded(path(), [&] {
    detail::Sql sql(
        "SELECT a.thread, a.peer, SUM(a.count) AS n, SUM(a.bytes), SUM(a.ns_sum) FROM access a WHERE 1");
    detail::where_access(sql, filter, "a");
    sql << " GROUP BY a.thread, a.peer ORDER BY n DESC, a.thread, a.peer";
    sql.limit(filter.top);
    Statement s = sql.prepare(db_);
    std::vector<PairRow> rows;
    while (s.step())
      rows.push_back({static_cast<int>(s.int64(0)), static_cast<int>(s.int64(1)), detail::totals_at(s, 2)});
    return rows;
  });
}

std::vector<OpRow> TraceReader::ops(const Filter &filter) const {
  return detail::guarded(path(), [&] {
    detail::Sql sql(
        "SELECT a.op, SUM(a.count) AS n, SUM(a.bytes), SUM(a.ns_sum), SUM(a.elements), MIN(CASE WHEN a.timed "
        "> 0 THEN a.ns_min END), "
        "MAX(a.ns_max) FROM access a WHERE 1");
    detail::where_access(sql, filter, "a");
    sql << " GROUP BY a.op ORDER BY n DESC, a.op";
    sql.limit(filter.top);
    Statement s = sql.prepare(db_);
    std::vector<OpRow> rows;
    while (s.step()) rows.push_back({s.text(0), detail::totals_at(s, 1), s.int64(4), s.int64(5), s.int64(6)});
    return rows;
  });
}

std::vector<ThreadOpRow> TraceReader::thread_ops(const Filter &filter) const {
  return detail::guarded(path(), [&] {
    detail::Sql sql("SELECT a.thread, a.op, SUM(a.count), SUM(a.bytes), SUM(a.ns_sum) FROM access a WHERE 1");
    detail::where_access(sql, filter, "a");
    sql << " GROUP BY a.thread, a.op ORDER BY a.thread, a.op";
    Statement s = sql.prepare(db_);
    std::vector<ThreadOpRow> rows;
    while (s.step()) rows.push_back({static_cast<int>(s.int64(0)), s.text(1), detail::totals_at(s, 2)});
    return rows;
  });
}

std::vector<HistogramBin> TraceReader::offset_histogram(std::int64_t handle, const Filter &filter,
                                                        bool per_thread) const {
  return detail::guarded(path(), [&] {
    detail::Sql sql(per_thread ? "SELECT h.thread, h.bin, h.lo, h.hi, h.count"
                               : "SELECT -1, h.bin, MIN(h.lo), MAX(h.hi), SUM(h.count)");
    sql << " FROM offset_hist h WHERE h.variable = ";
    sql.value(handle);
    detail::where_thread(sql, filter, "h.thread");
    sql << (per_thread ? " ORDER BY h.thread, h.bin" : " GROUP BY h.bin ORDER BY h.bin");
    Statement s = sql.prepare(db_);
    std::vector<HistogramBin> bins;
    while (s.step())
      bins.push_back(
          {static_cast<int>(s.int64(0)), static_cast<int>(s.int64(1)), s.int64(2), s.int64(3), s.int64(4)});
    return bins;
  });
}

std::vector<TimelineRow> TraceReader::timeline(const Filter &filter) const {
  return detail::guarded(path(), [&] {
    detail::Sql sql("SELECT t.thread, t.bucket, t.start_ns, t.count, t.bytes FROM timeline t WHERE 1");
    detail::where_thread(sql, filter, "t.thread");
    sql << " ORDER BY t.thread, t.bucket";
    Statement s = sql.prepare(db_);
    std::vector<TimelineRow> rows;
    while (s.step())
      rows.push_back({static_cast<int>(s.int64(0)), s.int64(1), s.int64(2), s.int64(3), s.int64(4)});
    return rows;
  });
}

}  // namespace pgas::tracedb
