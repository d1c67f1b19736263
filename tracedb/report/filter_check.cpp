#include "filter_check.hpp"

#include <sys/stat.h>

#include <algorithm>

namespace pgas::report {
namespace {

// "a, b, c" of at most `limit` items, then ", ...".
std::string listing(const std::vector<std::string> &items, std::size_t limit = 10) {
  std::string text;
  for (std::size_t i = 0; i < items.size() && i < limit; ++i) text += (i ? ", " : "") + items[i];
  return items.size() > limit ? text + ", ..." : text;
}

bool is_directory(const std::string &path) {
  struct stat st;
  return stat(path.c_str(), &st) == 0 && S_ISDIR(st.st_mode);
}

std::string databases(const std::vector<const tracedb::TraceReader *> &traces) {
  std::string text;
  for (const tracedb::TraceReader *t : traces) text += (text.empty() ? "" : " or ") + t->path();
  return text;
}

void check_threads(const std::set<int> &threads, const std::vector<const tracedb::TraceReader *> &traces) {
  int most = 0;
  for (const tracedb::TraceReader *t : traces) most = std::max(most, t->run().threads);
  for (int thread : threads)
    if (thread >= most)
      throw UsageError("--thread " + std::to_string(thread) + ": no such thread in " + databases(traces) +
                       " (threads 0-" + std::to_string(most - 1) + ")");
}

void check_variables(const tracedb::Filter &filter, const std::vector<const tracedb::TraceReader *> &traces) {
  std::vector<std::string> names;
  std::set<std::int64_t> handles;
  for (const tracedb::TraceReader *t : traces)
    for (const tracedb::VariableRow &v : t->variables()) {
      if (!v.name.empty() && std::find(names.begin(), names.end(), v.name) == names.end())
        names.push_back(v.name);
      handles.insert(v.handle);
    }
  for (const std::string &name : filter.variables)
    if (std::find(names.begin(), names.end(), name) == names.end())
      throw UsageError("--variable " + name + ": no variable of that name in " + databases(traces) +
                       (names.empty() ? " (it names none)" : " (variables: " + listing(names) + ")"));
  for (std::int64_t handle : filter.handles)
    if (!handles.count(handle))
      throw UsageError("--variable " + std::to_string(handle) + ": no variable with that handle in " +
                       databases(traces));
}

// An operation that none of the traces recorded (a known name: options.cpp rejects unknown ones).
void check_ops(const std::set<std::string> &ops, const std::vector<const tracedb::TraceReader *> &traces) {
  std::vector<std::string> recorded;
  for (const tracedb::TraceReader *t : traces)
    for (const tracedb::OpRow &row : t->ops())
      if (std::find(recorded.begin(), recorded.end(), row.op) == recorded.end()) recorded.push_back(row.op);
  for (const std::string &op : ops)
    if (std::find(recorded.begin(), recorded.end(), op) == recorded.end())
      throw UsageError(
          "--op " + op + ": no access of that operation in " + databases(traces) +
          (recorded.empty() ? " (it recorded none)" : " (operations: " + listing(recorded) + ")"));
}

// DIR must be a directory; OLD=NEW needs a directory NEW and a recorded source path that starts with OLD.
void check_source_roots(const std::vector<std::string> &roots,
                        const std::vector<const tracedb::TraceReader *> &traces) {
  for (const std::string &root : roots) {
    const std::size_t equals = root.find('=');
    const std::string dir = equals == std::string::npos ? root : root.substr(equals + 1);
    if (!is_directory(dir)) throw UsageError("--source-root " + root + ": no directory " + dir);
    if (equals == std::string::npos) continue;
    const std::string old_prefix = root.substr(0, equals);
    bool used = false;
    for (const tracedb::TraceReader *t : traces)
      for (const tracedb::LineRow &line : t->lines())
        used = used || (!line.file.empty() && line.file.rfind(old_prefix, 0) == 0);
    if (!used)
      throw UsageError("--source-root " + root + ": no source file recorded in " + databases(traces) +
                       " starts with " + old_prefix);
  }
}

}  // namespace

void check_filter_matches(const Options &options, const std::vector<const tracedb::TraceReader *> &traces) {
  check_threads(options.filter.threads, traces);
  check_variables(options.filter, traces);
  check_ops(options.filter.ops, traces);
  check_source_roots(options.source_roots, traces);
}

}  // namespace pgas::report
