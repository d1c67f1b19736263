// The symbolizer's pass over call paths (schema.sql, call_path): a site in the dialect's headers is
// attributed to its first caller outside them, and every chain is cut to the callers the run asked for.
#pragma once

#include <string>
#include <vector>

#include "pgas/tracedb/database.hpp"

namespace pgas::tracedb {

// Moves the access and sync_wait rows whose (site, path) is not in that form to the one that is, merging
// rows that meet; returns how many (site, path) pairs moved. Sites must be symbolized first. Idempotent.
int attribute_through_callers(Database &db, const std::vector<std::string> &toolkit_paths);

}  // namespace pgas::tracedb
