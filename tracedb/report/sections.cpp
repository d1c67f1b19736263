// The tables of one trace: shared helpers, the summary and the per-thread table.
#include "sections.hpp"

#include "pgas/tracedb/describe.hpp"

namespace pgas::report {
namespace detail {
namespace {

std::string join(const auto &items, auto &&to_text) {
  std::string out;
  for (const auto &item : items) out += (out.empty() ? "" : ",") + to_text(item);
  return out;
}

}  // namespace

void totals_columns(Table &table) {
  table.column("count", "accesses");
  table.column("bytes", "bytes");
  table.column("ns", "time");
}

void append_totals(std::vector<Cell> &row, const tracedb::Totals &totals) {
  row.push_back(quantity(totals.count, Unit::kCount));
  row.push_back(quantity(totals.bytes, Unit::kBytes));
  row.push_back(quantity(totals.ns, Unit::kNanoseconds));
}

Cell share(std::int64_t part, std::int64_t whole) {
  return percent(whole > 0 ? 100.0 * static_cast<double>(part) / static_cast<double>(whole) : 0.0);
}

std::string describe_filter(const tracedb::Filter &filter) {
  std::string text;
  auto add = [&](const std::string &what, const std::string &list) {
    if (!list.empty()) text += (text.empty() ? "" : "; ") + what + " " + list;
  };
  add("threads", join(filter.threads, [](int t) { return std::to_string(t); }));
  add("variables", join(filter.variables, [](const std::string &v) { return v; }));
  add("handles", join(filter.handles, [](std::int64_t h) { return std::to_string(h); }));
  add("ops", join(filter.ops, [](const std::string &op) { return op; }));
  return text;
}

std::string location(const std::string &file, int line, const std::string &function) {
  if (!file.empty()) return file + ":" + std::to_string(line);
  return function.empty() ? "(unknown)" : function + " (no line)";
}

void location_columns(Table &t) {
  t.column("location", "line", Visibility::kTableOnly);
  t.column("file", "file", Visibility::kDataOnly);
  t.column("line", "line", Visibility::kDataOnly);
  t.column("function", "function");
}

std::vector<Cell> location_cells(const std::string &file, int line, const std::string &function) {
  return {text(location(file, line, function)), optional_text(file),
          file.empty() ? null_cell() : integer(line), function_name(function)};
}

Table summary_table(const Context &c) {
  const tracedb::RunInfo &run = c.run;
  const tracedb::Summary &summary = c.summary;
  Table t("summary", "Summary");
  t.record = true;
  t.field("program", "program", text(run.program));
  t.field("arguments", "arguments", string_array(run.arguments));
  t.field("start_time", "started", text(run.start_time));
  t.field("threads", "threads", integer(run.threads));
  t.field("conduit", "conduit", text(run.conduit));
  t.field("emulation", "emulation", text(tracedb::describe_emulation(run)), Visibility::kTableOnly);
  t.field("latency_ns", "latency", real(run.latency_ns, ""), Visibility::kDataOnly);
  t.field("bandwidth_bps", "bandwidth", real(run.bandwidth_bps, ""), Visibility::kDataOnly);
  t.field("wall_ns", "wall time", quantity(run.wall_ns, Unit::kNanoseconds));
  t.field("remote_accesses", "remote accesses", quantity(summary.totals.count, Unit::kCount));
  t.field("remote_bytes", "bytes moved", quantity(summary.totals.bytes, Unit::kBytes));
  t.field("transport_ns", "time in transport", quantity(summary.totals.ns, Unit::kNanoseconds));
  t.field("transport_pct", "% time in remote access", percent(summary.transport_pct));
  t.field("compute_ns", "time computing", quantity(summary.compute_ns, Unit::kNanoseconds));
  t.field("remote_ns", "time in remote access", quantity(summary.remote_ns, Unit::kNanoseconds));
  t.field("wait_ns", "time waiting", quantity(summary.wait_ns, Unit::kNanoseconds));
  t.field("wait_pct", "% time waiting", share(summary.wait_ns, summary.wall_ns));
  t.field("tracer", "tracer", text(tracedb::describe_tracer(run)), Visibility::kTableOnly);
  t.field("call_sites", "call sites", flag(run.call_sites), Visibility::kDataOnly);
  t.field("unwind_depth", "unwind depth", integer(run.unwind_depth), Visibility::kDataOnly);
  t.field("callers", "callers", integer(run.callers), Visibility::kDataOnly);
  t.field("histogram_bins", "histogram bins", integer(run.histogram_bins), Visibility::kDataOnly);
  t.field("time_every", "timed calls", integer(run.time_every), Visibility::kDataOnly);
  t.field("timeline_interval_ns", "timeline interval", integer(run.timeline_interval_ns),
          Visibility::kDataOnly);
  t.field("dropped_sync_events", "dropped sync events", quantity(run.dropped_sync_events, Unit::kCount),
          Visibility::kDataOnly);
  t.field("dropped_path_events", "dropped path events", quantity(run.dropped_path_events, Unit::kCount),
          Visibility::kDataOnly);
  t.field("complete", "complete", flag(run.complete));
  t.field("dropped_events", "dropped events", quantity(run.dropped_events, Unit::kCount));
  if (!run.complete)
    t.notes.push_back("warning: partial trace: " + std::to_string(summary.unfinished_threads) +
                      " thread(s) did not finish normally; their numbers end at their last update");
  if (run.dropped_events > 0)
    t.notes.push_back("warning: " + std::to_string(run.dropped_events) +
                      " events were dropped (recorder tables full): the counts are too low");
  if (std::string filter = describe_filter(c.options.filter); !filter.empty())
    t.notes.push_back("filter: " + filter + " (totals are over the selected accesses)");
  return t;
}

Table threads_table(const Context &c) {
  Table t("threads", "Remote accesses and remote time per thread");
  t.column("thread", "thread");
  t.column("host", "host", Visibility::kDataOnly);
  t.column("pid", "pid", Visibility::kDataOnly);
  t.column("count", "accesses");
  t.column("reads", "reads");
  t.column("writes", "writes");
  t.column("bytes", "bytes");
  t.column("transport_ns", "in transport");
  t.column("wall_ns", "wall");
  t.column("transport_pct", "% of wall");
  t.column("compute_ns", "computing");
  t.column("remote_ns", "remote");
  t.column("wait_ns", "waiting");
  t.column("wait_pct", "% waiting");
  t.column("finished", "finished");
  for (const tracedb::ThreadRow &row : c.tables.threads) {
    t.rows.push_back({integer(row.thread), text(row.host), integer(row.pid),
                      quantity(row.totals.count, Unit::kCount), quantity(row.reads, Unit::kCount),
                      quantity(row.writes, Unit::kCount), quantity(row.totals.bytes, Unit::kBytes),
                      quantity(row.totals.ns, Unit::kNanoseconds), quantity(row.wall_ns, Unit::kNanoseconds),
                      percent(row.transport_pct), quantity(row.compute_ns, Unit::kNanoseconds),
                      quantity(row.remote_ns, Unit::kNanoseconds), quantity(row.wait_ns, Unit::kNanoseconds),
                      share(row.wait_ns, row.wall_ns), flag(row.finished)});
  }
  return t;
}

}  // namespace detail

std::vector<Table> trace_tables(const tracedb::TraceReader &trace, const Options &options) {
  tracedb::Filter all = options.filter;
  all.top = 0;
  detail::Context context{trace, options, trace.run(), trace.digest(all)};
  for (const tracedb::OpRow &op : context.tables.ops) context.access_total += op.totals.count;
  context.summary = tracedb::summarize(context.tables.threads);
  if (options.wants(Section::kSync) || options.wants(Section::kImbalance))
    context.sync = trace.sync_digest(options.filter);
  if (options.wants(Section::kPaths)) context.paths = trace.paths(options.filter);

  std::vector<Table> tables;
  auto append = [&](std::vector<Table> more) {
    for (Table &t : more) tables.push_back(std::move(t));
  };
  if (options.wants(Section::kSummary)) tables.push_back(detail::summary_table(context));
  if (options.wants(Section::kThreads)) tables.push_back(detail::threads_table(context));
  if (options.wants(Section::kVariables)) append(detail::variable_tables(context));
  if (options.wants(Section::kLines)) tables.push_back(detail::lines_table(context));
  if (options.wants(Section::kPairs)) append(detail::pair_tables(context));
  if (options.wants(Section::kOps)) tables.push_back(detail::ops_table(context));
  if (options.wants(Section::kSync)) tables.push_back(detail::sync_table(context));
  if (options.wants(Section::kImbalance)) tables.push_back(detail::imbalance_table(context));
  if (options.wants(Section::kPaths)) tables.push_back(detail::paths_table(context));
  return tables;
}

}  // namespace pgas::report
