// The values of pgas-report's filters must name what the traces hold: a filter that matches nothing is a
// typo to report (a usage error), never an empty report.
#pragma once

#include <vector>

#include "options.hpp"
#include "pgas/tracedb/reader.hpp"

namespace pgas::report {

// Throws UsageError naming the first --thread, --variable or --source-root value that matches nothing in
// any of `traces` (one, or the two of --diff).
void check_filter_matches(const Options &options, const std::vector<const tracedb::TraceReader *> &traces);

}  // namespace pgas::report
