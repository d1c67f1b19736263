// The call paths table of one trace (pgasrun --callers), from the reader's paths engine.
#include "sections.hpp"

namespace pgas::report::detail {

std::string callers_text(const std::vector<tracedb::SourceLocation> &callers) {
  std::string out;
  for (const tracedb::SourceLocation &at : callers)
    out += (out.empty() ? "" : " < ") + location(at.file, at.line, at.function);
  return out;
}

Table paths_table(const Context &c) {
  Table t("paths", "Accesses and waits per source line and calling lines (bottom-up)");
  location_columns(t);
  t.column("callers", "called from");
  t.column("depth", "depth", Visibility::kDataOnly);
  t.column("what", "what");
  t.column("threads", "threads");
  t.column("count", "count");
  t.column("bytes", "bytes", Visibility::kDataOnly);
  t.column("ns", "time");
  for (const tracedb::PathRow &r : c.paths) {
    std::vector<Cell> row = location_cells(r.site.file, r.site.line, r.site.function);
    row.insert(
        row.end(),
        {optional_text(callers_text(r.callers), "-"), integer(static_cast<std::int64_t>(r.callers.size())),
         text(r.what), integer(r.threads), quantity(r.totals.count, Unit::kCount),
         quantity(r.totals.bytes, Unit::kBytes), quantity(r.totals.ns, Unit::kNanoseconds)});
    t.rows.push_back(std::move(row));
  }
  t.notes.push_back("called from: the calling lines, innermost first; count: accesses, or events of a wait");
  if (c.run.callers == 0)
    t.notes.push_back("no callers were recorded: trace with pgasrun --trace --lines --callers N");
  if (c.run.dropped_path_events > 0)
    t.notes.push_back("warning: " + std::to_string(c.run.dropped_path_events) +
                      " events were recorded without their callers (recorder table full)");
  return t;
}

}  // namespace pgas::report::detail
