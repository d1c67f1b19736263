// TraceReader: opening, the run, the summary and the per-thread figures; op classification.
#include "pgas/tracedb/reader.hpp"

#include "pgas/tracedb/raw_format.hpp"
#include "reader_json.hpp"
#include "reader_sql.hpp"

namespace pgas::tracedb {
namespace {

// Database::open checks the header and the schema version; a full check also reads every page to find
// damage further into the file (about a second for 10^6 access rows).
void check_integrity(const Database &db, TraceReader::Check check) {
  if (check == TraceReader::Check::kFull) {
    std::string verdict;
    try {
      Statement quick = db.prepare("PRAGMA quick_check(1)");
      verdict = quick.step() ? quick.text(0) : "no answer from quick_check";
    } catch (const Error &e) {
      throw Error(db.path() + ": is corrupt or truncated (" + e.what() + ")");
    }
    if (verdict != "ok") throw Error(db.path() + ": is corrupt (" + verdict + ")");
  }
  bool has_run =
      detail::guarded(db.path(), [&] { return db.scalar("SELECT count(*) FROM run").value_or(0) == 1; });
  if (!has_run) throw Error(db.path() + ": has no run record (the import did not finish)");
}

}  // namespace

const std::vector<std::string> &known_ops() {
  static const std::vector<std::string> kOps = [] {
    std::vector<std::string> ops;
    for (std::uint16_t via : {std::uint16_t{0}, raw::kViaCache})
      for (std::uint16_t op = 0; op < static_cast<std::uint16_t>(raw::Op::kCount); ++op)
        ops.push_back(raw::op_name(static_cast<std::uint16_t>(op | via)));
    return ops;
  }();
  return kOps;
}

Direction op_direction(const std::string &name) {
  std::string_view op = name;
  if (op.starts_with(raw::kViaCachePrefix))
    op.remove_prefix(raw::kViaCachePrefix.size());  // cache traffic too
  for (const raw::OpDescription &known : raw::kOpDescriptions)
    if (known.name == op) return known.direction;
  return Direction::kOther;
}

std::optional<double> ratio(std::int64_t a, std::int64_t b) {
  if (a == 0) return std::nullopt;
  return static_cast<double>(b) / static_cast<double>(a);
}

TraceReader::TraceReader(const std::string &path, Check check) : db_(Database::open(path)) {
  check_integrity(db_, check);
}

RunInfo TraceReader::run() const {
  return detail::guarded(path(), [&] {
    Statement s = db_.prepare(
        "SELECT program, arguments, threads, conduit, latency_ns, bandwidth_bps, start_time, wall_ns, "
        "call_sites, unwind_depth, histogram_bins, timeline_interval_ns, complete, dropped_events, "
        "time_every "
        "FROM run WHERE id = 1");
    if (!s.step()) throw Error("has no run record");
    RunInfo run;
    run.program = s.text(0);
    std::optional<std::vector<std::string>> arguments = detail::parse_string_array(s.text(1));
    if (!arguments) throw Error("run.arguments is not a JSON array of strings");
    run.arguments = std::move(*arguments);
    run.threads = static_cast<int>(s.int64(2));
    run.conduit = s.text(3);
    run.latency_ns = s.real(4);
    run.bandwidth_bps = s.real(5);
    run.start_time = s.text(6);
    run.wall_ns = s.int64(7);
    run.call_sites = s.int64(8) != 0;
    run.unwind_depth = static_cast<int>(s.int64(9));
    run.histogram_bins = static_cast<int>(s.int64(10));
    run.timeline_interval_ns = s.int64(11);
    run.complete = s.int64(12) != 0;
    run.dropped_events = s.int64(13);
    run.time_every = static_cast<int>(s.int64(14));
    run.has_sync = detail::has_sync(db_);
    if (run.has_sync) run.dropped_sync_events = db_.scalar("SELECT dropped_sync_events FROM run").value_or(0);
    run.has_paths = detail::has_paths(db_);
    if (run.has_paths) {
      run.callers = static_cast<int>(db_.scalar("SELECT callers FROM run").value_or(0));
      run.dropped_path_events = db_.scalar("SELECT dropped_path_events FROM run").value_or(0);
    }
    return run;
  });
}

std::vector<ThreadRow> TraceReader::threads(const Filter &filter) const { return digest(filter).threads; }

Summary summarize(const std::vector<ThreadRow> &threads) {
  Summary summary;
  for (const ThreadRow &row : threads) {
    summary.totals += row.totals;
    summary.wall_ns += row.wall_ns;
    summary.threads += 1;
    summary.unfinished_threads += row.finished ? 0 : 1;
    summary.compute_ns += row.compute_ns;
    summary.remote_ns += row.remote_ns;
    summary.wait_ns += row.wait_ns;
  }
  if (summary.wall_ns > 0)
    summary.transport_pct =
        100.0 * static_cast<double>(summary.totals.ns) / static_cast<double>(summary.wall_ns);
  return summary;
}

Summary TraceReader::summary(const Filter &filter) const { return summarize(threads(filter)); }

}  // namespace pgas::tracedb
