// The plain data the views show: everything one filter selects from a trace (and from a second trace to
// compare with), read in one pass through the reader library so that the views never touch the database.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "pgas/tracedb/reader.hpp"

namespace pgas::viewer {

namespace tdb = pgas::tracedb;

// Figure 4 and the heat strip of one variable.
struct VariableDetail {
  std::vector<tdb::VariableThreadRow> threads;
  std::vector<tdb::HistogramBin> bins;  // summed over the selected threads
};

// The second run of a comparison.
struct CompareData {
  std::string path;
  tdb::RunInfo run;
  std::vector<tdb::ThreadRow> threads;
  tdb::TraceDiff diff;
};

struct TraceData {
  std::string path;
  tdb::Filter filter;
  tdb::RunInfo run;
  tdb::Summary summary;
  std::vector<tdb::ThreadRow> threads;
  std::vector<tdb::ThreadOpRow> thread_ops;
  std::vector<tdb::OpRow> ops;
  std::vector<tdb::VariableRow> variables;
  std::map<std::int64_t, VariableDetail> details;  // by handle, for every variable with accesses
  std::vector<tdb::LineRow> lines;
  std::vector<tdb::PairRow> pairs;
  std::vector<tdb::TimelineRow> timeline;
  tdb::SyncDigest sync;             // waits per line, kind and object; imbalance per line, worst first
  std::vector<tdb::PathRow> paths;  // per line and chain of calling lines, hottest first
  std::int64_t unsymbolized_sites = 0;
  std::optional<CompareData> compare;
};

struct LoadRequest {
  std::string path;
  std::string compare;  // "" = none
  tdb::Filter filter;
};

// Called between steps with the share done (0-100) and what comes next.
using Progress = std::function<void(int percent, const std::string &step)>;

// Reads everything `request` selects; throws tracedb::Error (naming the file) on a bad database.
std::shared_ptr<const TraceData> load_trace(const LoadRequest &request, const Progress &progress = {});

}  // namespace pgas::viewer
