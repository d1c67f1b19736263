#include "trace_data.hpp"

#include "pgas/tracedb/symbolize_on_demand.hpp"

namespace pgas::viewer {
namespace {

// Progress in shares of the whole load: the scan of the access rows is most of it.
class Steps {
 public:
  explicit Steps(const Progress &progress) : progress_(progress) {}
  void at(double share, const std::string &what) const {
    if (progress_) progress_(static_cast<int>(100 * share), what);
  }

 private:
  const Progress &progress_;
};

}  // namespace

std::shared_ptr<const TraceData> load_trace(const LoadRequest &request, const Progress &progress) {
  const Steps steps(progress);
  const double scan_end = request.compare.empty() ? 0.9 : 0.6;
  auto data = std::make_shared<TraceData>();
  data->path = request.path;
  data->filter = request.filter;
  const tdb::Filter &filter = request.filter;

  steps.at(0, "checking " + request.path);
  tdb::symbolize_on_demand(request.path, "pgas-viewer");
  tdb::TraceReader trace(request.path, tdb::TraceReader::Check::kCheap);
  data->run = trace.run();
  data->unsymbolized_sites = trace.unsymbolized_sites();
  steps.at(0.05, "reading the accesses");
  tdb::AccessDigest digest = trace.digest(
      filter, [&](double share) { steps.at(0.05 + share * (scan_end - 0.05), "reading the accesses"); });
  data->threads = std::move(digest.threads);
  data->summary = tdb::summarize(data->threads);
  data->thread_ops = std::move(digest.thread_ops);
  data->ops = std::move(digest.ops);
  data->variables = std::move(digest.variables);
  data->lines = std::move(digest.lines);
  data->pairs = std::move(digest.pairs);
  steps.at(scan_end, "offset histograms, timeline, synchronization and call paths");
  for (const tdb::VariableRow &v : data->variables) {
    if (v.totals.count == 0) continue;
    VariableDetail &detail = data->details[v.handle];
    detail.threads = std::move(digest.variable_threads[v.handle]);
    detail.bins = trace.offset_histogram(v.handle, filter);
  }
  data->timeline = trace.timeline(filter);
  data->sync = trace.sync_digest(filter);
  data->paths = trace.paths(filter);

  if (!request.compare.empty()) {
    steps.at(scan_end + 0.05, "checking " + request.compare);
    tdb::symbolize_on_demand(request.compare, "pgas-viewer");
    tdb::TraceReader other(request.compare, tdb::TraceReader::Check::kCheap);
    CompareData compare;
    compare.path = request.compare;
    compare.run = other.run();
    compare.threads = other.threads(filter);
    steps.at(scan_end + 0.1, "comparing");
    compare.diff = tdb::diff(trace, other, filter);
    data->compare = std::move(compare);
  }
  steps.at(1, "done");
  return data;
}

}  // namespace pgas::viewer
