// How long pgas-viewer takes to open a large trace: writes a database with N access rows (through the
// trace database's own writing code), then times, side by side in one process: a full-check open (PRAGMA
// quick_check, which the viewer skips), the per-access tables as separate queries (one sort each) and as
// one digest scan, the viewer's whole background load, and the window from open() until every view shows
// the data (open-to-interactive). Run by run_viewer_bench.sh; results in RESULTS.md.
#include <QApplication>
#include <QElapsedTimer>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>

#include "elapsed.hpp"
#include "main_window.hpp"
#include "pgas/tracedb/database.hpp"
#include "screenshot.hpp"
#include "trace_data.hpp"

namespace {

using pgas::tracedb::Database;
using pgas::tracedb::Statement;

constexpr int kThreads = 32, kVariables = 8, kBins = 64;
const char *const kOps[] = {"get", "put", "getv", "memget"};

// Rows are spread over thread x peer x variable x site, like a large run with many call sites.
void write_trace(const std::string &path, long rows) {
  Database db = Database::create(path);
  db.exec("BEGIN");
  db.exec(
      "INSERT INTO run(id, program, arguments, threads, conduit, latency_ns, bandwidth_bps, start_time, "
      "wall_ns, call_sites, unwind_depth, histogram_bins, timeline_interval_ns, time_every, complete, "
      "dropped_events, callers) VALUES (1, '/bench/cc', '[]', 32, 'shm', 0, 0, '2026-01-01T00:00:00Z', "
      "2000000000, 1, 8, 64, 1000000, 1, 1, 0, 2)");
  db.exec("INSERT INTO module VALUES (1, '/bench/cc', '')");
  db.exec("INSERT INTO site (id, module, pc, symbolized) VALUES (0, NULL, 0, 0)");
  const long sites = rows / (kThreads * kThreads * kVariables) + 1;
  Statement site = db.prepare("INSERT INTO site VALUES (?, 1, ?, 'kernel', '/bench/cc.cpp', ?, 1, NULL, 1)");
  for (long s = 1; s <= sites; ++s) {
    site.bind(1, std::int64_t{s}).bind(2, std::int64_t{s * 16}).bind(3, std::int64_t{s}).run();
    site.reset();
  }
  // Four call paths (two of one caller, two of two) over the first sites: every row has callers.
  db.exec("INSERT INTO call_path VALUES (1, 1, 0), (2, 2, 1), (3, 3, 0), (4, 4, 3)");
  Statement variable =
      db.prepare("INSERT INTO variable VALUES (?, ?, 'source', 'all', 8, 1, 1000000, -1, 1, 0)");
  for (int v = 1; v <= kVariables; ++v) {
    const std::string name(1, static_cast<char>('A' + v - 1));
    variable.bind(1, std::int64_t{v}).bind(2, std::string_view(name)).run();
    variable.reset();
  }
  Statement access = db.prepare(
      "INSERT INTO access(thread, peer, variable, site, op, count, elements, bytes, timed, ns_sum, ns_min, "
      "ns_max, path) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
  long written = 0;
  for (int t = 0; t < kThreads && written < rows; ++t)
    for (long s = 1; s <= sites && written < rows; ++s)
      for (int v = 1; v <= kVariables && written < rows; ++v)
        for (int p = 0; p < kThreads && written < rows; ++p, ++written) {
          const std::int64_t count = 1 + (t * 7 + p * 3 + v + s) % 50;
          access.bind(1, std::int64_t{t})
              .bind(2, std::int64_t{p})
              .bind(3, std::int64_t{v})
              .bind(4, std::int64_t{s});
          access.bind(5, std::string_view(kOps[(s + v) % 4]))
              .bind(6, count)
              .bind(7, count)
              .bind(8, count * 8);
          access.bind(9, count)
              .bind(10, count * 900)
              .bind(11, std::int64_t{500})
              .bind(12, std::int64_t{3000})
              .bind(13, std::int64_t{1 + (t + p) % 4})
              .run();
          access.reset();
        }
  Statement thread = db.prepare(
      "INSERT INTO thread(thread, host, pid, wall_ns, transport_ns, remote_count, remote_bytes, finished) "
      "SELECT thread, 'node', 1000 + thread, 2000000000, SUM(ns_sum), SUM(count), SUM(bytes), 1 FROM access "
      "GROUP BY thread");
  thread.run();
  Statement hist = db.prepare("INSERT INTO offset_hist VALUES (?, ?, ?, ?, ?, ?)");
  for (int v = 1; v <= kVariables; ++v)
    for (int t = 0; t < kThreads; ++t)
      for (int b = 0; b < kBins; ++b) {
        hist.bind(1, std::int64_t{v})
            .bind(2, std::int64_t{t})
            .bind(3, std::int64_t{b})
            .bind(4, std::int64_t{b} * 15625);
        hist.bind(5, std::int64_t{b + 1} * 15625).bind(6, std::int64_t{(b * v + t) % 97}).run();
        hist.reset();
      }
  db.exec("COMMIT");
}

}  // namespace

int main(int argc, char **argv) {
  using pgas::bench::seconds_since;
  if (argc < 2) {
    std::fprintf(stderr,
                 "usage: bench_viewer_open TRACE.db [ROWS] [REPEATS]\n"
                 "writes TRACE.db with ROWS access rows (default 1000000) unless it exists, then times\n"
                 "opening it REPEATS times (default 3)\n");
    return 2;
  }
  const std::string path = argv[1];
  const long rows = argc > 2 ? std::atol(argv[2]) : 1000000;
  const int repeats = argc > 3 ? std::atoi(argv[3]) : 3;
  if (!std::filesystem::exists(path)) {
    auto start = std::chrono::steady_clock::now();
    write_trace(path, rows);
    std::printf("wrote %s: %ld access rows, %.1f MB, in %.1f s\n", path.c_str(), rows,
                static_cast<double>(std::filesystem::file_size(path)) / 1e6, seconds_since(start));
  }
  if (std::getenv("QT_QPA_PLATFORM") == nullptr) setenv("QT_QPA_PLATFORM", "offscreen", 1);
  QApplication app(argc, argv);
  std::printf("%-7s %13s %13s %9s %9s %9s %9s %9s %22s\n", "repeat", "full_check_s", "separate_s", "digest_s",
              "speedup", "sync_s", "paths_s", "load_s", "open_to_interactive_s");
  for (int r = 0; r < repeats; ++r) {
    auto start = std::chrono::steady_clock::now();
    pgas::tracedb::TraceReader reader(path);
    const double full_check_s = seconds_since(start);
    start = std::chrono::steady_clock::now();
    reader.threads();
    reader.thread_ops();
    reader.ops();
    for (const auto &v : reader.variables()) reader.variable_threads(v.handle);
    reader.lines();
    reader.pairs();
    const double separate_s = seconds_since(start);
    start = std::chrono::steady_clock::now();
    reader.digest();
    const double digest_s = seconds_since(start);
    start = std::chrono::steady_clock::now();
    reader.sync_digest();
    const double sync_s = seconds_since(start);
    start = std::chrono::steady_clock::now();
    reader.paths();
    const double paths_s = seconds_since(start);
    start = std::chrono::steady_clock::now();
    pgas::viewer::load_trace({path, "", {}});
    const double load_s = seconds_since(start);
    pgas::viewer::MainWindow window(pgas::viewer::Options{}, false);
    window.show();
    QApplication::processEvents();
    start = std::chrono::steady_clock::now();
    window.open(QString::fromStdString(path));
    QString error = pgas::viewer::wait_until_loaded(window);
    QApplication::processEvents();  // the views repaint with the data
    const double interactive_s = seconds_since(start);
    if (!error.isEmpty()) {
      std::fprintf(stderr, "bench_viewer_open: %s\n", error.toLocal8Bit().constData());
      return 1;
    }
    std::printf("%-7d %13.3f %13.3f %9.3f %8.1fx %9.3f %9.3f %9.3f %22.3f\n", r, full_check_s, separate_s,
                digest_s, separate_s / digest_s, sync_s, paths_s, load_s, interactive_s);
  }
  return 0;
}
