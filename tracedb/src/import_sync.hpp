// The importer's synchronization part: a raw file's sync records -> sync_wait rows.
#pragma once

#include <cstdint>
#include <functional>

#include "pgas/tracedb/database.hpp"
#include "raw_files.hpp"

namespace pgas::tracedb {

// `site_id` maps a raw site slot of `file` to its site.id in the database.
void write_sync_records(const Database &db, const RawFile &file, double ns_per_tick,
                        const std::function<std::int64_t(std::uint32_t)> &site_id);

}  // namespace pgas::tracedb
