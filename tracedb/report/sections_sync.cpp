// The synchronization and imbalance tables of one trace, from the reader's sync engine (sync_digest).
#include <algorithm>
#include <cstdio>

#include "pgas/tracedb/describe.hpp"
#include "sections.hpp"

namespace pgas::report::detail {
namespace {

Cell coefficient(double value) {
  char shown[32];
  std::snprintf(shown, sizeof shown, "%.2f", value);
  return real(value, shown);
}

Cell nanoseconds(double value) { return quantity(static_cast<std::int64_t>(value), Unit::kNanoseconds); }
Cell counted(double value) { return real(value, tracedb::human_count(static_cast<std::int64_t>(value))); }

}  // namespace

Table sync_table(const Context &c) {
  Table t("sync", "Synchronization per source line and object");
  location_columns(t);
  t.column("kind", "kind");
  t.column("object", "object", Visibility::kDataOnly);
  t.column("name", "name", Visibility::kDataOnly);
  t.column("object_text", "object", Visibility::kTableOnly);
  t.column("threads", "threads");
  t.column("count", "events");
  t.column("ns_sum", "time");
  t.column("ns_min", "min");
  t.column("ns_max", "max");
  t.column("waiting", "waiting", Visibility::kDataOnly);
  t.column("share_pct", "% of waiting");
  for (const tracedb::SyncRow &r : c.sync.waits) {
    std::vector<Cell> row = location_cells(r.file, r.line, r.function);
    row.insert(row.end(), {text(r.kind), integer(r.object), optional_text(r.name),
                           text(tracedb::describe_sync_object(r)), integer(r.threads),
                           quantity(r.count, Unit::kCount), quantity(r.ns_sum, Unit::kNanoseconds),
                           quantity(r.ns_min, Unit::kNanoseconds), quantity(r.ns_max, Unit::kNanoseconds),
                           flag(r.waiting), r.waiting ? share(r.ns_sum, c.summary.wait_ns) : null_cell("-")});
    t.rows.push_back(std::move(row));
  }
  if (!c.run.has_sync)
    t.notes.push_back("this database predates synchronization tracing (schema 1): no waits were recorded");
  if (c.run.dropped_sync_events > 0)
    t.notes.push_back("warning: " + std::to_string(c.run.dropped_sync_events) +
                      " synchronization events were dropped (recorder table full)");
  if (std::any_of(c.sync.waits.begin(), c.sync.waits.end(),
                  [](const tracedb::SyncRow &r) { return !r.waiting; }))
    t.notes.push_back("lock_hold is the time a lock was held (upc_lock to upc_unlock), not waiting");
  return t;
}

Table imbalance_table(const Context &c) {
  Table t("imbalance", "Load imbalance per source line (worst first)");
  location_columns(t);
  t.column("what", "what");
  t.column("ns_min", "time min");
  t.column("ns_mean", "mean");
  t.column("ns_max", "max");
  t.column("ns_cv", "cv");
  t.column("count_min", "count min", Visibility::kDataOnly);
  t.column("count_mean", "count mean", Visibility::kDataOnly);
  t.column("count_max", "count max");
  t.column("count_cv", "count cv");
  t.column("lost_ns", "lost");
  for (const tracedb::ImbalanceRow &r : c.sync.imbalance) {
    std::vector<Cell> row = location_cells(r.file, r.line, r.function);
    row.insert(row.end(),
               {text(r.what), nanoseconds(r.ns.min), nanoseconds(r.ns.mean), nanoseconds(r.ns.max),
                coefficient(r.ns.cv), counted(r.count.min), counted(r.count.mean), counted(r.count.max),
                coefficient(r.count.cv), quantity(r.lost_ns, Unit::kNanoseconds)});
    t.rows.push_back(std::move(row));
  }
  t.notes.push_back(
      "per thread over the selected threads (none recorded = 0); lost: for a wait, the waiting beyond the "
      "least-waiting thread's, summed; for accesses, what the others would wait for the slowest thread at "
      "the next synchronization, sum of (max - own)");
  return t;
}

}  // namespace pgas::report::detail
