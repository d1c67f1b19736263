// How the timeline's lanes cope with the largest timeline a run can record: 64 threads x 4096 buckets
// (262,144 rows; the recorder doubles the bucket width rather than exceed 4096). Writes the trace once, then
// times, side by side in one process: reading the buckets (TraceReader::timeline), the buckets table as an
// item per cell (QStandardItemModel, as the views' small tables are built) and as the view's BucketsModel
// over the loaded rows, building the lanes, and painting them (whole run and zoomed 64x, 1200 x 800).
// Run by run_lanes_bench.sh; results in RESULTS.md.
#include <QApplication>
#include <QStandardItemModel>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>

#include "buckets_model.hpp"
#include "elapsed.hpp"
#include "lanes_widget.hpp"
#include "pgas/tracedb/database.hpp"
#include "table_items.hpp"

namespace {

constexpr int kThreads = 64, kBuckets = 4096;
constexpr std::int64_t kInterval = 5'000'000;

void write_trace(const std::string &path) {
  pgas::tracedb::Database db = pgas::tracedb::Database::create(path);
  db.exec("BEGIN");
  db.exec("INSERT INTO run VALUES (1, '/bench/lanes', '[]', 64, 'shm', 0, 0, '2026-01-01T00:00:00Z', " +
          std::to_string(kBuckets * kInterval) + ", 1, 8, 64, " + std::to_string(kInterval) +
          ", 1, 1, 0, 0)");
  pgas::tracedb::Statement thread =
      db.prepare("INSERT INTO thread VALUES (?, 'node', ?, ?, 0, 0, 0, 1, 0, 0, ?)");
  pgas::tracedb::Statement bucket = db.prepare("INSERT INTO timeline VALUES (?, ?, ?, 3, 24, ?, ?)");
  for (std::int64_t t = 0; t < kThreads; ++t) {
    thread.bind(1, t).bind(2, 1000 + t).bind(3, kBuckets * kInterval).bind(4, kBuckets * kInterval).run();
    thread.reset();
    for (std::int64_t b = 0; b < kBuckets; ++b) {
      // Waiting that moves through the run differently per thread, some remote time in every bucket.
      const std::int64_t wait = ((b + t) % 10) * kInterval / 12;
      bucket.bind(1, t).bind(2, b).bind(3, b * kInterval).bind(4, kInterval / 10).bind(5, wait).run();
      bucket.reset();
    }
  }
  db.exec("COMMIT");
}

}  // namespace

int main(int argc, char **argv) {
  using pgas::bench::seconds_since;
  if (argc < 2) {
    std::fprintf(stderr,
                 "usage: bench_viewer_lanes TRACE.db [REPEATS]\n"
                 "writes TRACE.db (64 threads x 4096 timeline buckets) unless it exists, then times the\n"
                 "timeline's steps REPEATS times (default 3)\n");
    return 2;
  }
  const std::string path = argv[1];
  const int repeats = argc > 2 ? std::atoi(argv[2]) : 3;
  if (!std::filesystem::exists(path)) write_trace(path);
  if (std::getenv("QT_QPA_PLATFORM") == nullptr) setenv("QT_QPA_PLATFORM", "offscreen", 1);
  QApplication app(argc, argv);
  using namespace pgas::viewer;
  std::printf("%-7s %8s %8s %9s %8s %11s %12s\n", "repeat", "read_s", "items_s", "model_us", "lanes_s",
              "paint_all_s", "paint_zoom_s");
  for (int r = 0; r < repeats; ++r) {
    auto start = std::chrono::steady_clock::now();
    pgas::tracedb::TraceReader reader(path, pgas::tracedb::TraceReader::Check::kCheap);
    const std::vector<pgas::tracedb::TimelineRow> rows = reader.timeline();
    const std::vector<pgas::tracedb::ThreadRow> threads = reader.threads();
    const double read_s = seconds_since(start);

    start = std::chrono::steady_clock::now();
    {
      QStandardItemModel items;
      for (const pgas::tracedb::TimelineRow &row : rows)
        items.appendRow({id_item(row.thread), id_item(row.bucket), ns_item(row.start_ns),
                         count_item(row.count), bytes_item(row.bytes), ns_item(row.compute_ns),
                         ns_item(row.remote_ns), ns_item(row.wait_ns)});
    }
    const double items_s = seconds_since(start);
    start = std::chrono::steady_clock::now();
    BucketsModel model;
    model.set_rows(&rows);
    const double model_s = seconds_since(start);

    LanesWidget lanes;
    lanes.resize(1200, 800);
    start = std::chrono::steady_clock::now();
    lanes.set_lanes(threads, rows, kInterval);
    const double lanes_s = seconds_since(start);
    start = std::chrono::steady_clock::now();
    lanes.grab();
    const double paint_all_s = seconds_since(start);
    lanes.zoom(64);
    start = std::chrono::steady_clock::now();
    lanes.grab();
    const double paint_zoom_s = seconds_since(start);
    if (model.rowCount() != kThreads * kBuckets || lanes.lane_count() != kThreads) {
      std::fprintf(stderr, "bench_viewer_lanes: %d rows, %d lanes\n", model.rowCount(), lanes.lane_count());
      return 1;
    }
    std::printf("%-7d %8.3f %8.3f %9.1f %8.3f %11.4f %12.4f\n", r, read_s, items_s, model_s * 1e6, lanes_s,
                paint_all_s, paint_zoom_s);
  }
  return 0;
}
