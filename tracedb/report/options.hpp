// pgas-report's command line.
#pragma once

#include <set>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "pgas/tracedb/reader.hpp"
#include "writers.hpp"

namespace pgas::report {

enum class Section { kSummary, kThreads, kVariables, kLines, kPairs, kOps, kSync, kImbalance, kPaths };

struct Options {
  std::vector<std::string> databases;  // one, or two with --diff
  bool diff = false;
  Format format = Format::kTable;
  std::set<Section> sections;  // empty: all
  tracedb::Filter filter;
  std::vector<std::string> source_roots;
  bool help = false;
  bool version = false;

  bool wants(Section section) const { return sections.empty() || sections.count(section) > 0; }
};

// A command line that cannot be run; the message is one line.
class UsageError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// `args` without the program name.
Options parse_options(const std::vector<std::string> &args);

std::string_view help_text();

}  // namespace pgas::report
