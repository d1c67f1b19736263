#include "trace_selection.hpp"

#include <llvm/ADT/SmallString.h>
#include <llvm/Support/Path.h>

#include <algorithm>
#include <map>

#include "pgas/tracedb/symbolize_on_demand.hpp"

namespace pgas::refactor {

namespace {

std::string basename(const std::string &path) {
  const std::size_t slash = path.rfind('/');
  return slash == std::string::npos ? path : path.substr(slash + 1);
}

// The path without "." components and with "dir/.." pairs folded: traces record the compiler's paths, like
// build/../src/a.cpp when the build directory lies in the source tree.
std::string folded(const std::string &path) {
  llvm::SmallString<256> text(path);
  llvm::sys::path::remove_dots(text, /*remove_dot_dot=*/true);
  return text.str().str();
}

// A recorded path names the file being refactored if one is a suffix of the other at a path boundary
// (traces record the compiler's path, which may be absolute or relative to another directory).
bool same_file(const std::string &recorded_path, const std::string &file_path) {
  if (recorded_path.empty() || basename(recorded_path) != basename(file_path)) return false;
  const std::string recorded = folded(recorded_path), file = folded(file_path);
  const std::string &longer = recorded.size() >= file.size() ? recorded : file;
  const std::string &tail = recorded.size() >= file.size() ? file : recorded;
  const std::size_t start = longer.size() - tail.size();
  return longer.compare(start, tail.size(), tail) == 0 &&
         (start == 0 || tail.front() == '/' || longer[start - 1] == '/');
}

}  // namespace

TraceSelection::TraceSelection(const std::string &database, double threshold) : threshold_(threshold) {
  tracedb::symbolize_on_demand(database, "pgas-refactor");
  tracedb::TraceReader reader(database);
  const tracedb::RunInfo run = reader.run();
  program_ = run.program;
  start_time_ = run.start_time;
  for (const tracedb::LineRow &row : reader.lines())
    if (!row.file.empty()) files_.insert(row.file);
  for (const tracedb::VariableRow &v : reader.variables()) {
    if (v.name.empty() || v.totals.count == 0) continue;
    tracedb::Filter only;
    only.variables = {v.name};
    variables_.push_back({v.name, reader.lines(only)});
  }
}

bool TraceSelection::has_lines_in(const std::string &file) const {
  return std::any_of(files_.begin(), files_.end(),
                     [&](const std::string &recorded) { return same_file(recorded, file); });
}

std::vector<TraceSelection::Share> TraceSelection::shares(const std::string &file, unsigned first_line,
                                                          unsigned last_line) const {
  std::map<std::string, std::int64_t> counts;
  for (const Variable &v : variables_)
    for (const tracedb::LineRow &row : v.lines)
      if (row.line >= static_cast<int>(first_line) && row.line <= static_cast<int>(last_line) &&
          same_file(row.file, file))
        counts[v.name] += row.totals.count;
  std::vector<Share> out;
  for (const auto &[name, count] : counts)
    if (count > 0) out.push_back({name, count});
  std::stable_sort(out.begin(), out.end(),
                   [](const Share &a, const Share &b) { return a.accesses > b.accesses; });
  return out;
}

std::set<std::string> TraceSelection::operator()(const std::string &file, unsigned first_line,
                                                 unsigned last_line) const {
  const std::vector<Share> found = shares(file, first_line, last_line);
  std::int64_t total = 0;
  for (const Share &s : found) total += s.accesses;
  std::set<std::string> chosen;
  for (const Share &s : found)
    if (100.0 * static_cast<double>(s.accesses) >= threshold_ * static_cast<double>(total))
      chosen.insert(s.name);
  return chosen;
}

std::vector<std::string> TraceSelection::busiest_lines(const std::vector<std::string> &files,
                                                       std::size_t n) const {
  std::map<std::pair<std::string, int>, std::int64_t> counts;
  for (const Variable &v : variables_)
    for (const tracedb::LineRow &row : v.lines)
      for (const std::string &file : files)
        if (same_file(row.file, file)) counts[{file, row.line}] += row.totals.count;
  std::vector<std::pair<std::int64_t, std::string>> ranked;
  for (const auto &[where, count] : counts)
    ranked.push_back({-count, where.first + ":" + std::to_string(where.second)});
  std::sort(ranked.begin(), ranked.end());
  std::vector<std::string> lines;
  for (std::size_t k = 0; k < ranked.size() && k < n; ++k) lines.push_back(ranked[k].second);
  return lines;
}

}  // namespace pgas::refactor
