// TraceReader: the thread-pair matrix and operations (overall and per thread) from the engine
// (reader_digest.cpp), offset histograms and the timeline.
#include <algorithm>

#include "pgas/tracedb/reader.hpp"
#include "reader_sql.hpp"

namespace pgas::tracedb {

std::vector<PairRow> TraceReader::pairs(const Filter &filter) const { return digest(filter).pairs; }

std::vector<OpRow> TraceReader::ops(const Filter &filter) const { return digest(filter).ops; }

std::vector<ThreadOpRow> TraceReader::thread_ops(const Filter &filter) const {
  return digest(filter).thread_ops;
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
    detail::Sql sql("SELECT t.thread, t.bucket, t.start_ns, t.count, t.bytes, ");
    sql << (detail::has_sync(db_) ? "t.remote_ns, t.wait_ns" : "0, 0")
        << ", r.timeline_interval_ns, th.wall_ns FROM timeline t CROSS JOIN run r LEFT JOIN thread th ON "
           "th.thread = t.thread WHERE 1";
    detail::where_thread(sql, filter, "t.thread");
    sql << " ORDER BY t.thread, t.bucket";
    Statement s = sql.prepare(db_);
    std::vector<TimelineRow> rows;
    while (s.step()) {
      TimelineRow row{static_cast<int>(s.int64(0)),
                      s.int64(1),
                      s.int64(2),
                      s.int64(3),
                      s.int64(4),
                      s.int64(5),
                      s.int64(6)};
      row.end_ns = row.start_ns + s.int64(7);
      if (!s.is_null(8) && s.int64(8) > row.start_ns && s.int64(8) < row.end_ns) row.end_ns = s.int64(8);
      row.compute_ns = std::max<std::int64_t>(0, row.end_ns - row.start_ns - row.remote_ns - row.wait_ns);
      rows.push_back(row);
    }
    return rows;
  });
}

}  // namespace pgas::tracedb
