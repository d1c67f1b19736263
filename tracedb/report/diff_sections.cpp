// The tables comparing two traces (--diff A.db B.db).
#include <span>

#include "sections.hpp"

namespace pgas::report {
namespace {

// One compared quantity: its value in A and B, the change and the ratio B/A.
void append_compared(std::vector<Cell> &row, std::int64_t a, std::int64_t b, Unit unit) {
  row.push_back(quantity(a, unit));
  row.push_back(quantity(b, unit));
  row.push_back(change(b - a, unit));
  row.push_back(ratio(tracedb::ratio(a, b)));
}

Table summary_table(const tracedb::TraceDiff &d, const std::string &path_a, const std::string &path_b) {
  Table t("summary", "Comparison of two runs (A, B)");
  t.column("metric", "metric", Visibility::kDataOnly);
  t.column("label", "", Visibility::kTableOnly);
  t.column("a", "A");
  t.column("b", "B");
  t.column("change", "change");
  t.column("ratio", "B/A");
  auto add = [&](std::string key, std::string label, std::int64_t a, std::int64_t b, Unit unit) {
    std::vector<Cell> row{text(std::move(key)), text(std::move(label))};
    append_compared(row, a, b, unit);
    t.rows.push_back(std::move(row));
  };
  add("wall_ns", "wall time", d.wall_a, d.wall_b, Unit::kNanoseconds);
  add("remote_accesses", "remote accesses", d.a.totals.count, d.b.totals.count, Unit::kCount);
  add("remote_bytes", "bytes moved", d.a.totals.bytes, d.b.totals.bytes, Unit::kBytes);
  add("transport_ns", "time in transport", d.a.totals.ns, d.b.totals.ns, Unit::kNanoseconds);
  add("compute_ns", "time computing", d.a.compute_ns, d.b.compute_ns, Unit::kNanoseconds);
  add("remote_ns", "time in remote access", d.a.remote_ns, d.b.remote_ns, Unit::kNanoseconds);
  add("wait_ns", "time waiting", d.a.wait_ns, d.b.wait_ns, Unit::kNanoseconds);
  std::vector<Cell> pct{text("transport_pct"), text("% time in remote access"), percent(d.a.transport_pct),
                        percent(d.b.transport_pct)};
  Cell points = percent(d.b.transport_pct - d.a.transport_pct);
  if (d.b.transport_pct > d.a.transport_pct) points.shown.insert(0, "+");
  pct.push_back(points);
  pct.push_back(
      ratio(d.a.transport_pct > 0 ? std::optional(d.b.transport_pct / d.a.transport_pct) : std::nullopt));
  t.rows.push_back(std::move(pct));
  t.notes.push_back("A: " + path_a);
  t.notes.push_back("B: " + path_b);
  return t;
}

struct Measure {
  const char *key;
  const char *name;
  Visibility visibility;
  Unit unit;
  std::int64_t tracedb::Totals::*member;
};
constexpr Measure kAccessMeasures[] = {
    {"count", "accesses", Visibility::kAll, Unit::kCount, &tracedb::Totals::count},
    {"bytes", "bytes", Visibility::kDataOnly, Unit::kBytes, &tracedb::Totals::bytes},
    {"ns", "time", Visibility::kAll, Unit::kNanoseconds, &tracedb::Totals::ns},
};
constexpr Measure kWaitMeasures[] = {
    {"count", "events", Visibility::kAll, Unit::kCount, &tracedb::Totals::count},
    {"ns", "time", Visibility::kAll, Unit::kNanoseconds, &tracedb::Totals::ns},
};
constexpr Measure kPathMeasures[] = {
    {"count", "count", Visibility::kAll, Unit::kCount, &tracedb::Totals::count},
    {"ns", "time", Visibility::kAll, Unit::kNanoseconds, &tracedb::Totals::ns},
};
constexpr Measure kImbalanceMeasures[] = {
    {"count_max", "count max", Visibility::kDataOnly, Unit::kCount, &tracedb::Totals::count},
    {"lost_ns", "lost", Visibility::kAll, Unit::kNanoseconds, &tracedb::Totals::ns},
};

Table rows_table(std::string key, std::string title, std::string key_header, std::string detail_key,
                 const std::vector<tracedb::DiffRow> &rows,
                 std::span<const Measure> measures = kAccessMeasures) {
  Table t(std::move(key), std::move(title));
  t.column("key", std::move(key_header));
  t.column(detail_key, detail_key);
  for (const Measure &m : measures) {
    std::string k = m.key, name = m.name;
    t.column(k + "_a", name + " A", m.visibility);
    t.column(k + "_b", name + " B", m.visibility);
    t.column(k + "_change", "change", m.visibility);
    t.column(k + "_ratio", "B/A", m.visibility);
  }
  for (const tracedb::DiffRow &r : rows) {
    std::vector<Cell> row{text(r.key), optional_text(r.detail)};
    for (const Measure &m : measures) append_compared(row, r.a.*m.member, r.b.*m.member, m.unit);
    t.rows.push_back(std::move(row));
  }
  return t;
}

}  // namespace

std::vector<Table> diff_tables(const tracedb::TraceReader &a, const tracedb::TraceReader &b,
                               const Options &options) {
  tracedb::TraceDiff d = tracedb::diff(a, b, options.filter);
  std::vector<Table> tables;
  if (options.wants(Section::kSummary)) {
    tables.push_back(summary_table(d, a.path(), b.path()));
    if (std::string filter = detail::describe_filter(options.filter); !filter.empty())
      tables.back().notes.push_back("filter: " + filter);
  }
  if (options.wants(Section::kLines))
    tables.push_back(
        rows_table("lines", "Remote accesses per source line, A vs B", "line", "function", d.lines));
  if (options.wants(Section::kVariables))
    tables.push_back(rows_table("variables", "Remote accesses per shared variable, A vs B", "variable",
                                "kind", d.variables));
  if (options.wants(Section::kSync))
    tables.push_back(rows_table("sync", "Waits per source line and kind, A vs B", "wait", "function", d.waits,
                                kWaitMeasures));
  if (options.wants(Section::kImbalance))
    tables.push_back(rows_table("imbalance", "Time lost to imbalance per source line, A vs B", "line",
                                "function", d.imbalance, kImbalanceMeasures));
  if (options.wants(Section::kPaths))
    tables.push_back(rows_table("paths", "Accesses and waits per line and calling lines, A vs B", "path",
                                "function", d.paths, kPathMeasures));
  return tables;
}

}  // namespace pgas::report
