// --trace: the arrays worth caching in a loop are the shared variables with the most remote accesses on the
// loop's source lines in a trace database (read with the tracedb reader library).
#pragma once

#include <set>
#include <string>
#include <vector>

#include "pgas/tracedb/reader.hpp"

namespace pgas::refactor {

class TraceSelection {
 public:
  // Throws tracedb::Error when the database cannot be read. `threshold` is the share (percent) of the
  // loop's remote accesses a variable needs to be chosen.
  TraceSelection(const std::string &database, double threshold);

  std::set<std::string> operator()(const std::string &file, unsigned first_line, unsigned last_line) const;

 private:
  struct Variable {
    std::string name;
    std::vector<tracedb::LineRow> lines;
  };
  std::vector<Variable> variables_;
  double threshold_;
};

}  // namespace pgas::refactor
