// The three output formats of pgas-report, shared by every section.
#pragma once

#include <ostream>
#include <vector>

#include "table.hpp"

namespace pgas::report {

enum class Format { kTable, kCsv, kJson };

// table: aligned columns with human units; csv: one block per table (preceded by "# key" and a blank
// line when there are several); json: one object with one member per table (records as objects, the
// others as arrays of row objects).
void write_tables(std::ostream &out, Format format, const std::vector<Table> &tables);

}  // namespace pgas::report
