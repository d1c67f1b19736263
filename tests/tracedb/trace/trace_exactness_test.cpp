// The tracer records exactly the remote accesses a program makes: traced_program.cpp's accesses are known
// from THREADS, and every row of the trace database is compared with them at 1, 2, 4 and 8 threads.
// Also: a thread killed by SIGKILL and a job interrupted by SIGINT leave a valid database marked partial
// that holds the other threads' data.
#include <gtest/gtest.h>

#include <csignal>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <string>
#include <tuple>

#include "pgas/tracedb/database.hpp"
#include "pgasrun_process.hpp"

namespace {

using pgas::tracedb::Database;

// (thread, peer, variable, op, line) -> (count, elements, bytes)
using Key = std::tuple<long, long, std::string, std::string, long>;
using Counts = std::tuple<long, long, long>;
using Accesses = std::map<Key, Counts>;

constexpr long K = 64;  // as in traced_program.cpp

std::map<std::string, long> site_lines() {
  std::ifstream source(TRACED_PROGRAM_SOURCE);
  std::map<std::string, long> lines;
  std::regex tag(R"(// SITE (\w+))");
  std::smatch m;
  long number = 0;
  for (std::string line; std::getline(source, line);) {
    ++number;
    if (std::regex_search(line, m, tag)) lines[m[1]] = number;
  }
  return lines;
}

Accesses expected(long T) {
  auto line = site_lines();
  Accesses e;
  for (long t = 0; t < T; ++t) {
    long next = (t + 1) % T, second = (t + 2) % T, third = (t + 3) % T;
    auto add = [&](long peer, const char *var, const char *op, const char *site, long count, long elements,
                   long bytes) {
      if (peer != t) e[{t, peer, var, op, line.at(site)}] = {count, elements, bytes};
    };
    add(next, "A", "get", "read", K, K, 8 * K);
    add(second, "A", "put", "write", K / 2, K / 2, 8 * K / 2);
    add(next, "B", "memget", "memget", 1, 1, 8 * K);
    add(third, "A", "get", "helper", K / 4, K / 4, 8 * K / 4);
    add(0, "counter", "atomic", "atomic", 3, 3, 24);
    add(next, "A", "getv", "getv", 1, K / 8, 8 * K / 8);
    add(0, "counter", "get_strict", "strict", 1, 1, 8);
    add(0, "counter", "put_strict", "strict", 1, 1, 8);
  }
  return e;
}

Accesses recorded(const Database &db) {
  Accesses r;
  auto q = db.prepare(
      "SELECT a.thread, a.peer, coalesce(v.name, '?'), a.op, coalesce(s.line, -1), a.count, a.elements, "
      "a.bytes "
      "FROM access a LEFT JOIN variable v ON v.handle = a.variable LEFT JOIN site s ON s.id = a.site");
  while (q.step())
    r[{q.int64(0), q.int64(1), q.text(2), q.text(3), q.int64(4)}] = {q.int64(5), q.int64(6), q.int64(7)};
  return r;
}

std::string database_path(const std::string &name) {
  return (std::filesystem::temp_directory_path() /
          ("pgas-trace-test-" + std::to_string(getpid()) + "-" + name + ".db"))
      .string();
}

class TraceExactness : public launcher_test::LauncherParamTest<int> {};

TEST_P(TraceExactness, EveryNumberMatches) {
  const long T = GetParam();
  std::string db_path = database_path("exact" + std::to_string(T));
  auto run =
      launcher_test::run_pgasrun({"-n", std::to_string(T), "--trace", db_path, "--lines", TRACED_PROGRAM});
  ASSERT_EQ(run.exit_code, 0) << run.err;
  EXPECT_NE(run.err.find("pgasrun: trace " + db_path + ": "), std::string::npos) << run.err;
  Database db = Database::open(db_path);

  Accesses want = expected(T), got = recorded(db);
  EXPECT_EQ(got, want);
  for (const auto &[key, counts] : want)
    if (!got.count(key))
      ADD_FAILURE() << "missing: thread " << std::get<0>(key) << " peer " << std::get<1>(key) << " "
                    << std::get<2>(key) << " " << std::get<3>(key) << " line " << std::get<4>(key);
  for (const auto &[key, counts] : got)
    if (!want.count(key))
      ADD_FAILURE() << "unexpected: thread " << std::get<0>(key) << " peer " << std::get<1>(key) << " "
                    << std::get<2>(key) << " " << std::get<3>(key) << " line " << std::get<4>(key);

  // Per-thread totals, histograms and the run.
  for (long t = 0; t < T; ++t) {
    long count = 0, bytes = 0, elements = 0;
    for (const auto &[key, c] : want)
      if (std::get<0>(key) == t) count += std::get<0>(c), elements += std::get<1>(c), bytes += std::get<2>(c);
    auto row = db.prepare("SELECT remote_count, remote_bytes, finished FROM thread WHERE thread = ?");
    row.bind(1, static_cast<std::int64_t>(t));
    ASSERT_TRUE(row.step()) << "no row for thread " << t;
    EXPECT_EQ(row.int64(0), count) << "thread " << t;
    EXPECT_EQ(row.int64(1), bytes) << "thread " << t;
    EXPECT_EQ(row.int64(2), 1);
    auto hist = db.prepare("SELECT coalesce(sum(count), 0) FROM offset_hist WHERE thread = ?");
    hist.bind(1, static_cast<std::int64_t>(t));
    ASSERT_TRUE(hist.step());
    EXPECT_EQ(hist.int64(0), elements) << "histogram of thread " << t;
  }
  // The index histogram of A, bin by bin: bin(i) = i * bins / n for each element index accessed.
  const long n = K * T, bins = 64;
  for (long t = 0; t < T; ++t) {
    std::map<long, long> want_bins, got_bins;
    auto accessed = [&](long peer, long count, long stride_offset) {
      if (peer == t) return;
      for (long k = 0; k < count; ++k) want_bins[(k * T + stride_offset) * bins / n] += 1;
    };
    accessed((t + 1) % T, K, (t + 1) % T);      // read
    accessed((t + 2) % T, K / 2, (t + 2) % T);  // write
    accessed((t + 3) % T, K / 4, (t + 3) % T);  // helper
    accessed((t + 1) % T, K / 8, (t + 1) % T);  // getv
    auto q = db.prepare(
        "SELECT h.bin, h.count FROM offset_hist h JOIN variable v ON v.handle = h.variable WHERE v.name = "
        "'A' AND h.thread = ?");
    q.bind(1, static_cast<std::int64_t>(t));
    while (q.step()) got_bins[q.int64(0)] = q.int64(1);
    EXPECT_EQ(got_bins, want_bins) << "histogram of A for thread " << t;
  }
  EXPECT_EQ(db.scalar("SELECT threads FROM run"), T);
  EXPECT_EQ(db.scalar("SELECT complete FROM run"), 1);
  EXPECT_EQ(
      db.scalar(
          "SELECT count(*) FROM variable WHERE name = 'A' AND kind = 'static' AND name_source = 'source'"),
      1);
  EXPECT_EQ(
      db.scalar("SELECT count(*) FROM variable WHERE name = 'B' AND kind = 'all' AND elem_size = 8 * 64"), 1);
  EXPECT_EQ(db.scalar("SELECT count(*) FROM variable WHERE name = 'counter' AND name_source = 'program'"), 1);
  EXPECT_FALSE(std::filesystem::exists(db_path + ".raw"));
  std::filesystem::remove(db_path);
}

INSTANTIATE_TEST_SUITE_P(Threads, TraceExactness, testing::Values(1, 2, 4, 8),
                         [](const auto &info) { return "n" + std::to_string(info.param); });

// pgas-report on a real trace: the per-variable counts in its JSON equal the program's known accesses.
TEST(TraceReport, JsonCountsMatchTheProgram) {
  const long T = 4;
  std::string db_path = database_path("report");
  ASSERT_EQ(
      launcher_test::run_pgasrun({"-n", std::to_string(T), "--trace", db_path, "--lines", TRACED_PROGRAM})
          .exit_code,
      0);
  auto report =
      launcher_test::run_program(PGAS_REPORT, {"--format", "json", "--section", "variables", db_path});
  ASSERT_EQ(report.exit_code, 0) << report.err;
  std::map<std::string, long> want;
  for (const auto &[key, counts] : expected(T)) want[std::get<2>(key)] += std::get<0>(counts);
  std::map<std::string, long> got;
  std::regex row(R"re("variable": "(\w+)",[^}]*"count": (\d+))re");
  for (std::sregex_iterator m(report.out.begin(), report.out.end(), row), end; m != end; ++m)
    got[(*m)[1]] = std::stol((*m)[2]);
  EXPECT_EQ(got, want) << report.out;
  std::filesystem::remove(db_path);
}

#ifdef CACHED_PROGRAM  // built with the software cache library
// Traffic of the software cache is recorded as its own operations, at the user's line that caused it.
TEST(TraceCache, CoalescedDownloadsAreCacheOperations) {
  for (long T : {1, 2, 4}) {
    std::string db_path = database_path("cache" + std::to_string(T));
    auto run =
        launcher_test::run_pgasrun({"-n", std::to_string(T), "--trace", db_path, "--lines", CACHED_PROGRAM});
    ASSERT_EQ(run.exit_code, 0) << run.out << run.err;
    Database db = Database::open(db_path);
    std::ifstream source(CACHED_PROGRAM_SOURCE);
    long download_line = 0, number = 0;
    for (std::string line; std::getline(source, line);)
      if (++number && line.find("// SITE download") != std::string::npos) download_line = number;
    const long remote = T > 1 ? 1 : 0;
    EXPECT_EQ(db.scalar("SELECT count(*) FROM access WHERE op NOT LIKE 'cache_%'"), 0);
    EXPECT_EQ(db.scalar("SELECT coalesce(sum(count), 0) FROM access WHERE op = 'cache_getv_nb'"), remote * T);
    EXPECT_EQ(db.scalar("SELECT coalesce(sum(elements), 0) FROM access WHERE op = 'cache_getv_nb'"),
              remote * T * 32);
    auto lines = db.prepare("SELECT DISTINCT s.line FROM access a JOIN site s ON s.id = a.site");
    while (lines.step()) EXPECT_EQ(lines.int64(0), download_line);
    std::filesystem::remove(db_path);
  }
}
#endif

// Variables are named from the allocating source line, or by the program; each form of the dialect.
TEST(TraceNames, EveryAllocationFormIsNamed) {
  for (int T : {1, 4}) {
    std::string db_path = database_path("names" + std::to_string(T));
    auto run = launcher_test::run_pgasrun({"-n", std::to_string(T), "--trace", db_path, NAMES_PROGRAM});
    ASSERT_EQ(run.exit_code, 0) << run.err;
    Database db = Database::open(db_path);
    std::multiset<std::string> names;
    auto q = db.prepare("SELECT coalesce(name, '?') || ':' || kind || ':' || name_source FROM variable");
    while (q.step()) names.insert(q.text(0));
    std::multiset<std::string> want = {"cells:static:source",      "grid:static:source",
                                       "total:static:source",      "histogram:static:program",
                                       "dynamic_block:all:source", "one_thread:global:source",
                                       "published:static:source"};
    for (int t = 0; t < T; ++t) want.insert("private_block:local:source");
    EXPECT_EQ(names, want) << "threads " << T;
    std::filesystem::remove(db_path);
  }
}

// A program compiled with a relative source path and traced from another directory: the allocation sites'
// files are resolved against the program's compilation directory, so the variables are named from their
// lines and the sites name the file wherever the trace is read.
TEST(TraceNames, ARelativeSourcePathIsResolvedAgainstTheCompilationDirectory) {
  std::string db_path = database_path("relative_names");
  auto run = launcher_test::run_pgasrun({"-n", "2", "--trace", db_path, RELATIVE_NAMES_PROGRAM});
  ASSERT_EQ(run.exit_code, 0) << run.err;
  Database db = Database::open(db_path);
  std::multiset<std::string> names;
  auto q = db.prepare("SELECT coalesce(name, '?') || ':' || name_source FROM variable");
  while (q.step()) names.insert(q.text(0));
  const std::multiset<std::string> want = {
      "cells:source",      "grid:source",          "total:source",
      "histogram:program", "dynamic_block:source", "one_thread:source",
      "published:source",  "private_block:source", "private_block:source"};
  EXPECT_EQ(names, want);
  auto files = db.prepare("SELECT DISTINCT s.file FROM variable v JOIN site s ON s.id = v.alloc_site");
  while (files.step()) {
    EXPECT_TRUE(std::filesystem::path(files.text(0)).is_absolute()) << files.text(0);
    EXPECT_TRUE(std::filesystem::exists(files.text(0))) << files.text(0);
  }
  std::filesystem::remove(db_path);
}

// With a timeline every transport call is timed and lands in exactly one bucket of its thread.
TEST(TraceTimeline, BucketsHoldEveryCall) {
  for (int T : {2, 4}) {
    std::string db_path = database_path("timeline" + std::to_string(T));
    auto run = launcher_test::run_pgasrun(
        {"-n", std::to_string(T), "--trace", db_path, "--timeline", "1", TRACED_PROGRAM});
    ASSERT_EQ(run.exit_code, 0) << run.err;
    Database db = Database::open(db_path);
    EXPECT_EQ(db.scalar("SELECT time_every FROM run"), 1);
    EXPECT_GE(db.scalar("SELECT timeline_interval_ns FROM run"), 1000000);
    EXPECT_EQ(db.scalar("SELECT count(*) FROM access WHERE timed != count"), 0);
    for (int t = 0; t < T; ++t) {
      auto q = db.prepare(
          "SELECT (SELECT coalesce(sum(count), 0) FROM timeline WHERE thread = ?1), "
          "(SELECT coalesce(sum(bytes), 0) FROM timeline WHERE thread = ?1), remote_count, remote_bytes "
          "FROM thread WHERE thread = ?1");
      q.bind(1, static_cast<std::int64_t>(t));
      ASSERT_TRUE(q.step());
      EXPECT_EQ(q.int64(0), q.int64(2)) << "calls of thread " << t;
      EXPECT_EQ(q.int64(1), q.int64(3)) << "bytes of thread " << t;
    }
    std::filesystem::remove(db_path);
  }
}

// A partial trace is a valid database with the surviving threads' data (and the dead thread's, up to its
// death: the recorder's tables live in a mapped file).
void expect_partial(const std::string &db_path, long T) {
  Database db = Database::open(db_path);
  auto check = db.prepare("PRAGMA integrity_check");
  ASSERT_TRUE(check.step());
  EXPECT_EQ(check.text(0), "ok");
  EXPECT_EQ(db.scalar("SELECT complete FROM run"), 0);
  EXPECT_EQ(db.scalar("SELECT count(*) FROM thread"), T);
  if (T > 1) {
    EXPECT_EQ(db.scalar("SELECT count(*) FROM thread WHERE remote_count > 0"), T);  // everyone's data
  }
  std::filesystem::remove(db_path);
}

class TraceCrash : public launcher_test::LauncherParamTest<int> {};

TEST_P(TraceCrash, KilledThreadLeavesPartialTrace) {
  const long T = GetParam();
  std::string db_path = database_path("crash" + std::to_string(T));
  auto run =
      launcher_test::run_pgasrun({"-n", std::to_string(T), "--trace", db_path, TRACED_PROGRAM, "crash"});
  EXPECT_EQ(run.exit_code, 128 + SIGKILL) << run.err;
  EXPECT_NE(run.err.find("partial trace"), std::string::npos) << run.err;
  expect_partial(db_path, T);
}

TEST_P(TraceCrash, InterruptedJobLeavesPartialTrace) {
  const long T = GetParam();
  std::string db_path = database_path("sigint" + std::to_string(T));
  launcher_test::PgasrunProcess job({"-n", std::to_string(T), "--trace", db_path, TRACED_PROGRAM, "hang"});
  ASSERT_TRUE(job.wait_for_stdout_lines(static_cast<int>(2 * T), std::chrono::seconds(20)));
  kill(job.pid(), SIGINT);
  auto run = job.wait();
  EXPECT_EQ(run.exit_code, 128 + SIGINT) << run.err;
  expect_partial(db_path, T);
}

INSTANTIATE_TEST_SUITE_P(Threads, TraceCrash, testing::Values(1, 2, 4, 8),
                         [](const auto &info) { return "n" + std::to_string(info.param); });

}  // namespace
