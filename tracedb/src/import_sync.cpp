#include "import_sync.hpp"

#include <string>

#include "pgas/tracedb/sync_kinds.hpp"

namespace pgas::tracedb {

void write_sync_records(const Database &db, const RawFile &file, double ns_per_tick,
                        const std::function<std::int64_t(std::uint32_t)> &site_id) {
  auto ns = [&](std::uint64_t ticks) {
    return static_cast<std::int64_t>(static_cast<double>(ticks) * ns_per_tick);
  };
  // Two raw sites may be one database site (the same line reached by two return addresses): merged.
  auto insert = db.prepare(
      "INSERT INTO sync_wait VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO UPDATE SET count = count + "
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
        .run();
  }
}

}  // namespace pgas::tracedb
