#include "trace_data.hpp"

namespace pgas::viewer {
namespace {

// Reports each step before it runs; the steps are of similar cost (each scans the access table once).
class Steps {
 public:
  Steps(const Progress &progress, int total) : progress_(progress), total_(total) {}
  void next(const std::string &what) {
    if (progress_) progress_(100 * done_ / total_, what);
    ++done_;
  }
  void finish() {
    if (progress_) progress_(100, "done");
  }

 private:
  const Progress &progress_;
  int total_;
  int done_ = 0;
};

}  // namespace

std::shared_ptr<const TraceData> load_trace(const LoadRequest &request, const Progress &progress) {
  Steps steps(progress, request.compare.empty() ? 9 : 11);
  auto data = std::make_shared<TraceData>();
  data->path = request.path;
  data->filter = request.filter;
  const tdb::Filter &filter = request.filter;

  steps.next("checking " + request.path);
  tdb::TraceReader trace(request.path);
  data->run = trace.run();
  data->unsymbolized_sites = trace.unsymbolized_sites();
  steps.next("threads");
  data->threads = trace.threads(filter);
  data->summary = tdb::summarize(data->threads);
  steps.next("operations per thread");
  data->thread_ops = trace.thread_ops(filter);
  steps.next("operations");
  data->ops = trace.ops(filter);
  steps.next("variables");
  data->variables = trace.variables(filter);
  steps.next("accesses per variable and thread");
  for (const tdb::VariableRow &v : data->variables) {
    if (v.totals.count == 0) continue;
    VariableDetail &detail = data->details[v.handle];
    detail.threads = trace.variable_threads(v.handle, filter);
    detail.bins = trace.offset_histogram(v.handle, filter);
  }
  steps.next("source lines");
  data->lines = trace.lines(filter);
  steps.next("thread pairs");
  data->pairs = trace.pairs(filter);
  steps.next("timeline");
  data->timeline = trace.timeline(filter);

  if (!request.compare.empty()) {
    steps.next("checking " + request.compare);
    tdb::TraceReader other(request.compare);
    CompareData compare;
    compare.path = request.compare;
    compare.run = other.run();
    compare.threads = other.threads(filter);
    steps.next("comparing");
    compare.diff = tdb::diff(trace, other, filter);
    data->compare = std::move(compare);
  }
  steps.finish();
  return data;
}

}  // namespace pgas::viewer
