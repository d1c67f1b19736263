// The collectives move their data through the transport functions, attributed to the user's call: traced
// at 1, 2, 3, 4 and 8 threads, pulled and pushed, staged or direct, every access row of a broadcast and a
// gather is the block the collective moved (thread, peer, variable, operation, line, bytes), and nothing
// else is recorded (the synchronization flags are not the program's data). The broadcast (small, OUT
// MYSYNC) is staged unless the variant says `direct`: each receiver reads the root's staging area. A
// sort's transfers are all at its line.
#include <gtest/gtest.h>

#include <filesystem>
#include <map>
#include <regex>
#include <set>
#include <string>
#include <tuple>

#include "pgas/tracedb/database.hpp"
#include "pgasrun_process.hpp"

namespace {

using pgas::tracedb::Database;
using Key = std::tuple<long, long, std::string, std::string, long>;  // thread, peer, variable, op, line
using Rows = std::map<Key, std::pair<long, long>>;                   // count, bytes

long line_of(const std::string &tag) { return launcher_test::line_tagged(COLL_TRACED_SOURCE, tag); }

class CollTrace : public launcher_test::LauncherParamTest<std::tuple<int, bool, bool>> {};

TEST_P(CollTrace, RecordsExactlyTheBytesTheCollectivesMove) {
  const auto [T, push, direct] = GetParam();
  const std::string variant = std::string(push ? "push" : "pull") + (direct ? ",direct" : "");
  const long nb = 24, ng = 40, root = T - 1, gather_root = T / 2;
  const std::string db_path = (std::filesystem::temp_directory_path() /
                               ("pgas-coll-trace-" + std::to_string(getpid()) + "-" + std::to_string(T) +
                                (push ? "push" : "pull") + (direct ? "direct" : "") + ".db"))
                                  .string();
  auto run = launcher_test::run_pgasrun({"-n", std::to_string(T), "--trace", db_path, "--lines",
                                         COLL_TRACED_PROGRAM, std::to_string(nb), std::to_string(ng)},
                                        {{"PGAS_COLL_MYSYNC", variant}});
  ASSERT_EQ(run.exit_code, 0) << run.err;
  Rows want;
  const long bline = line_of("broadcast"), gline = line_of("gather");
  for (long t = 0; t < T; ++t) {
    if (t != root) {
      if (!direct)
        want[{t, root, "collective staging", "memget", bline}] = {1, nb};
      else if (push)
        want[{root, t, "bdst", "memput", bline}] = {1, nb};
      else
        want[{t, root, "bsrc", "memget", bline}] = {1, nb};
    }
    if (t != gather_root) {
      if (push)
        want[{t, gather_root, "gdst", "memput", gline}] = {1, ng};
      else
        want[{gather_root, t, "gsrc", "memget", gline}] = {1, ng};
    }
  }
  Database db = Database::open(db_path);
  Rows got;
  auto q = db.prepare(
      "SELECT a.thread, a.peer, coalesce(v.name, '?'), a.op, coalesce(s.line, -1), a.count, a.bytes "
      "FROM access a LEFT JOIN variable v ON v.handle = a.variable LEFT JOIN site s ON s.id = a.site");
  while (q.step()) got[{q.int64(0), q.int64(1), q.text(2), q.text(3), q.int64(4)}] = {q.int64(5), q.int64(6)};
  EXPECT_EQ(got, want);
  long bytes = 0;
  for (const auto &[key, value] : got) bytes += value.second;
  EXPECT_EQ(bytes, (T - 1) * (nb + ng));  // what a broadcast and a gather move between threads
  std::filesystem::remove(db_path);
}

// upc_all_sort moves elements between the array and the threads' scratch areas: every transfer between two
// threads is recorded at the sort's line, as a read of the array or a scratch area or a write of the array.
TEST_P(CollTrace, AttributesEverySortTransferToItsLine) {
  const auto [T, push, direct] = GetParam();
  const std::string variant = std::string(push ? "push" : "pull") + (direct ? ",direct" : "");
  const std::string db_path =
      (std::filesystem::temp_directory_path() / ("pgas-coll-trace-sort-" + std::to_string(getpid()) + "-" +
                                                 std::to_string(T) + (push ? "push" : "pull") + (direct ? "direct" : "") + ".db"))
          .string();
  auto run = launcher_test::run_pgasrun(
      {"-n", std::to_string(T), "--trace", db_path, "--lines", COLL_TRACED_PROGRAM, "24", "40", "sort"},
      {{"PGAS_COLL_MYSYNC", variant}});
  ASSERT_EQ(run.exit_code, 0) << run.err;  // the program checks the sorted array
  const long sline = line_of("sort");
  const std::set<long> lines{line_of("broadcast"), line_of("gather"), sline};
  Database db = Database::open(db_path);
  auto q = db.prepare(
      "SELECT a.thread, a.peer, coalesce(v.name, '?'), a.op, coalesce(s.line, -1), a.bytes "
      "FROM access a LEFT JOIN variable v ON v.handle = a.variable LEFT JOIN site s ON s.id = a.site");
  long sorted_bytes = 0, written = 0;
  while (q.step()) {
    const long line = q.int64(4);
    EXPECT_TRUE(lines.count(line)) << "a transfer at line " << line;
    if (line != sline) continue;
    const std::string variable = q.text(2), op = q.text(3);
    EXPECT_NE(q.int64(0), q.int64(1));
    EXPECT_TRUE((variable == "a" && op == "memput") || (variable == "upc_all_sort scratch" && op == "memget"))
        << variable << " " << op;
    sorted_bytes += q.int64(5);
    if (variable == "a") written += q.int64(5);
  }
  EXPECT_EQ(sorted_bytes > 0, T > 1);
  EXPECT_LE(written, 8 * T * static_cast<long>(sizeof(int)));
  std::filesystem::remove(db_path);
}

INSTANTIATE_TEST_SUITE_P(Threads, CollTrace,
                         testing::Combine(testing::Values(1, 2, 3, 4, 8), testing::Bool(), testing::Bool()),
                         [](const auto &info) {
                           return "n" + std::to_string(std::get<0>(info.param)) +
                                  (std::get<1>(info.param) ? "_push" : "_pull") +
                                  (std::get<2>(info.param) ? "_direct" : "");
                         });

}  // namespace
