#include "trace_selection.hpp"

#include <map>

namespace pgas::refactor {

namespace {

std::string basename(const std::string &path) {
  const std::size_t slash = path.rfind('/');
  return slash == std::string::npos ? path : path.substr(slash + 1);
}

// A recorded path names the file being refactored if one is a suffix of the other at a path boundary
// (traces record the compiler's path, which may be absolute or relative to another directory).
bool same_file(const std::string &recorded, const std::string &file) {
  if (recorded.empty() || basename(recorded) != basename(file)) return false;
  const std::string &longer = recorded.size() >= file.size() ? recorded : file;
  const std::string &shorter = recorded.size() >= file.size() ? file : recorded;
  std::string tail = shorter;
  while (tail.rfind("./", 0) == 0) tail = tail.substr(2);
  return longer.size() >= tail.size() && longer.compare(longer.size() - tail.size(), tail.size(), tail) == 0;
}

}  // namespace

TraceSelection::TraceSelection(const std::string &database, double threshold) : threshold_(threshold) {
  tracedb::TraceReader reader(database);
  for (const tracedb::VariableRow &v : reader.variables()) {
    if (v.name.empty() || v.totals.count == 0) continue;
    tracedb::Filter only;
    only.variables = {v.name};
    variables_.push_back({v.name, reader.lines(only)});
  }
}

std::set<std::string> TraceSelection::operator()(const std::string &file, unsigned first_line,
                                                 unsigned last_line) const {
  std::map<std::string, std::int64_t> counts;
  std::int64_t total = 0;
  for (const Variable &v : variables_)
    for (const tracedb::LineRow &row : v.lines)
      if (row.line >= static_cast<int>(first_line) && row.line <= static_cast<int>(last_line) &&
          same_file(row.file, file)) {
        counts[v.name] += row.totals.count;
        total += row.totals.count;
      }
  std::set<std::string> chosen;
  for (const auto &[name, count] : counts)
    if (count > 0 && 100.0 * static_cast<double>(count) >= threshold_ * static_cast<double>(total))
      chosen.insert(name);
  return chosen;
}

}  // namespace pgas::refactor
