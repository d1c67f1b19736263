// --trace: the arrays worth caching in a loop are the shared variables with the most remote accesses on the
// loop's source lines in a trace database (read with the tracedb reader library).
#pragma once

#include <cstdint>
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

  // The variables with remote accesses on lines [first_line, last_line] of `file`, most accesses first.
  struct Share {
    std::string name;
    std::int64_t accesses = 0;
  };
  std::vector<Share> shares(const std::string &file, unsigned first_line, unsigned last_line) const;
  double threshold() const { return threshold_; }

  // Whether a remote access of the trace was made on a line of `file` (a trace of another program has none).
  bool has_lines_in(const std::string &file) const;
  bool has_lines() const { return !files_.empty(); }
  const std::string &program() const { return program_; }         // the traced program, as recorded
  const std::string &recorded_at() const { return start_time_; }  // when it was traced (ISO 8601, UTC)
  // "file:line" of the (at most `n`) lines of `files` with the most remote accesses, busiest first.
  std::vector<std::string> busiest_lines(const std::vector<std::string> &files, std::size_t n) const;

 private:
  struct Variable {
    std::string name;
    std::vector<tracedb::LineRow> lines;
  };
  std::vector<Variable> variables_;
  std::set<std::string> files_;  // the source files of the trace's access lines
  std::string program_, start_time_;
  double threshold_;
};

}  // namespace pgas::refactor
