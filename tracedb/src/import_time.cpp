#include "import_time.hpp"

#include <algorithm>
#include <map>
#include <string>

#include "pgas/tracedb/sync_kinds.hpp"

namespace pgas::tracedb {

void write_sync_records(const Database &db, const RawFile &file, double ns_per_tick,
                        const std::function<std::int64_t(std::uint32_t)> &site_id,
                        const std::function<std::int64_t(std::uint32_t)> &path_id) {
  auto ns = [&](std::uint64_t ticks) {
    return static_cast<std::int64_t>(static_cast<double>(ticks) * ns_per_tick);
  };
  // Two raw sites may be one database site (the same line reached by two return addresses): merged.
  auto insert = db.prepare(
      "INSERT INTO sync_wait(thread, site, kind, object, name, count, ns_sum, ns_min, ns_max, path) "
      "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO UPDATE SET count = count + "
      "excluded.count, ns_sum = ns_sum + excluded.ns_sum, ns_min = min(ns_min, excluded.ns_min), ns_max = "
      "max(ns_max, excluded.ns_max)");
  for (const raw::SyncRecord &r : file.data().sync) {
    const std::uint32_t kind = r.kind_plus_one.load();
    if (kind == 0 || r.count == 0) continue;
    insert.reset();
    insert.bind(1, static_cast<std::int64_t>(file.header().thread))
        .bind(2, site_id(r.site))
        .bind(3, sync_kind_name(kind - 1))
        .bind(4, static_cast<std::int64_t>(r.object))
        .bind(5, std::string(r.name))
        .bind(6, static_cast<std::int64_t>(r.count))
        .bind(7, ns(r.ticks_sum))
        .bind(8, ns(r.ticks_min))
        .bind(9, ns(r.ticks_max))
        .bind(10, path_id(r.path))
        .run();
  }
}

void write_timeline_buckets(const Database &db, const RawFile &f, std::uint64_t interval,
                            double ns_per_tick) {
  const raw::Header &h = f.header();
  if (h.timeline_interval_ns == 0 || interval == 0) return;
  const std::uint64_t factor = interval / h.timeline_interval_ns;
  std::map<std::uint64_t, raw::TimelineBucket> buckets;
  for (std::uint32_t b = 0; b < std::min(h.timeline_used.load(), raw::kTimelineCapacity); ++b) {
    raw::TimelineBucket &bucket = buckets[b / factor];
    const raw::TimelineBucket &recorded = f.data().timeline[b];
    bucket.count += recorded.count;
    bucket.bytes += recorded.bytes;
    bucket.remote_ticks += recorded.remote_ticks;
    bucket.wait_ticks += recorded.wait_ticks;
  }
  auto ns = [&](std::uint64_t ticks) {
    return static_cast<std::int64_t>(static_cast<double>(ticks) * ns_per_tick);
  };
  auto insert = db.prepare("INSERT INTO timeline VALUES (?, ?, ?, ?, ?, ?, ?)");
  for (const auto &[b, totals] : buckets) {
    insert.reset();
    insert.bind(1, static_cast<std::int64_t>(h.thread))
        .bind(2, static_cast<std::int64_t>(b))
        .bind(3, static_cast<std::int64_t>(b * interval))
        .bind(4, static_cast<std::int64_t>(totals.count))
        .bind(5, static_cast<std::int64_t>(totals.bytes))
        .bind(6, ns(totals.remote_ticks))
        .bind(7, ns(totals.wait_ticks))
        .run();
  }
}

}  // namespace pgas::tracedb
