// The importer's part on where the time went: a raw file's sync records -> sync_wait rows, its timeline
// -> timeline rows.
#pragma once

#include <cstdint>
#include <functional>

#include "pgas/tracedb/database.hpp"
#include "raw_files.hpp"

namespace pgas::tracedb {

// `site_id` maps a raw site slot of `file` to its site.id in the database, `path_id` a raw call path node
// to its call_path.id.
void write_sync_records(const Database &db, const RawFile &file, double ns_per_tick,
                        const std::function<std::int64_t(std::uint32_t)> &site_id,
                        const std::function<std::int64_t(std::uint32_t)> &path_id);

// Timelines may have been coarsened differently per thread: each is brought to the run's `interval` (ns, a
// multiple of the file's).
void write_timeline_buckets(const Database &db, const RawFile &file, std::uint64_t interval,
                            double ns_per_tick);

}  // namespace pgas::tracedb
