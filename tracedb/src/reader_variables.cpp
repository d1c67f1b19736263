// TraceReader: per variable (Figure 3) and per thread for one variable (Figure 4), from the engine
// (reader_digest.cpp).
#include "pgas/tracedb/reader.hpp"

namespace pgas::tracedb {

std::vector<VariableRow> TraceReader::variables(const Filter &filter) const {
  return digest(filter).variables;
}

std::vector<VariableThreadRow> TraceReader::variable_threads(std::int64_t handle,
                                                             const Filter &filter) const {
  Filter all = filter;
  all.top = 0;  // the variable must not be ranked out
  AccessDigest d = digest(all);
  auto found = d.variable_threads.find(handle);
  if (found != d.variable_threads.end()) return std::move(found->second);
  std::vector<VariableThreadRow> rows;  // a handle the filter does not select: every thread at zero
  for (const ThreadRow &t : d.threads) rows.push_back({t.thread, {}});
  return rows;
}

}  // namespace pgas::tracedb
