// Readers symbolize on demand (docs/architecture.md section 6): a database imported with --no-symbolize, or
// whose modules were unreadable at import time, gets its call sites and variable names filled in when opened.
#pragma once

#include <string>

namespace pgas::report {

// Symbolizes `database` in place if it has unsymbolized call sites and can be written; prints one note on
// stderr when it did. Does nothing when this build has no symbolizer.
void symbolize_on_demand(const std::string &database);

}  // namespace pgas::report
