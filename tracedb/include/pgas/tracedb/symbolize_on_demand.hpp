// Readers symbolize on demand (docs/architecture.md section 6): a database imported with --no-symbolize, or
// whose modules were unreadable at import time, gets its call sites and variable names filled in when a
// reader (pgas-report, pgas-viewer, pgas-refactor --trace) opens it. Link pgas_tracedb_on_demand.
#pragma once

#include <cstdint>
#include <string>

namespace pgas::tracedb {

// Symbolizes `database` in place if it has unsymbolized call sites and can be written; returns how many
// call sites it symbolized (0 when there was nothing to do, the file is read-only or cannot be opened, or
// this build has no symbolizer). Opening the database for reading reports what is wrong with the file.
std::int64_t symbolize_on_demand(const std::string &database);

// symbolize_on_demand, with one note on stderr ("<program>: symbolized N call sites of DB") when it did.
void symbolize_on_demand(const std::string &database, const std::string &program);

}  // namespace pgas::tracedb
