// Which MYSYNC variant a small relocalization takes when PGAS_COLL_MYSYNC names neither `eager` nor
// `direct` (coll/variant.hpp, stages_by_default): at 2 threads on shm with a CPU for each, a gather and a
// permute of blocks larger than a staged entry holds (kInlineBytes, 112) read the holders' source blocks in
// place (`direct`), of smaller blocks they are staged; at 1, 3, 4 and 8 threads, or with `eager`, they read
// the holders' staging areas; with `direct`, never. Seen in the trace: every access row of the
// calls' blocks names the variable read or written, and coll_default_program checks each call's result
// (pulled and pushed).
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <map>
#include <string>
#include <tuple>

#include "pgas/tracedb/database.hpp"
#include "pgasrun_process.hpp"

namespace {

using pgas::tracedb::Database;
using Key = std::tuple<long, long, std::string, std::string, long>;  // thread, peer, variable, op, line
using Rows = std::map<Key, std::pair<long, long>>;                   // count, bytes

long line_of(const std::string &tag) { return launcher_test::line_tagged(COLL_DEFAULT_SOURCE, tag); }

// threads, the eager|direct word ("" for neither), push, bytes per block
class CollVariantChoice : public launcher_test::LauncherParamTest<std::tuple<int, std::string, bool, long>> {
};

TEST_P(CollVariantChoice, SmallGatherAndPermuteAreStagedUnlessTwoThreadsHaveACpuEach) {
  const auto [T, word, push, n] = GetParam();
  const long calls = 3, root = T / 2;
  const bool pair = T == 2 && sysconf(_SC_NPROCESSORS_ONLN) >= 2;
  const bool staged = word == "eager" || (word.empty() && !(pair && n > 112));
  const std::string variant = std::string(push ? "push" : "pull") + (word.empty() ? "" : "," + word);
  const std::string db_path = (std::filesystem::temp_directory_path() /
                               ("pgas-coll-default-" + std::to_string(getpid()) + "-" + std::to_string(T) +
                                (push ? "push" : "pull") + word + "-" + std::to_string(n) + ".db"))
                                  .string();
  auto run = launcher_test::run_pgasrun({"-n", std::to_string(T), "--trace", db_path, "--lines",
                                         COLL_DEFAULT_PROGRAM, std::to_string(n), std::to_string(calls)},
                                        {{"PGAS_COLL_MYSYNC", variant}});
  ASSERT_EQ(run.exit_code, 0) << run.err;  // 1: a wrong result
  Rows want;
  const long gline = line_of("gather"), pline = line_of("permute");
  // A block from `holder` to `receiver`: read from the holder's staging area by the receiver, or moved
  // between the user's arrays by the receiver (pull) or the holder (push).
  auto block = [&](long holder, long receiver, const std::string &src, const std::string &dst, long line) {
    if (staged)
      want[{receiver, holder, "collective staging", "memget", line}] = {calls, calls * n};
    else if (push)
      want[{holder, receiver, dst, "memput", line}] = {calls, calls * n};
    else
      want[{receiver, holder, src, "memget", line}] = {calls, calls * n};
  };
  for (long t = 0; t < T; ++t) {
    if (t != root) block(t, root, "gsrc", "gdst", gline);
    if (T > 1) block(t, (t + 1) % T, "psrc", "pdst", pline);
  }
  Database db = Database::open(db_path);
  Rows got;
  auto q = db.prepare(
      "SELECT a.thread, a.peer, coalesce(v.name, '?'), a.op, coalesce(s.line, -1), a.count, a.bytes "
      "FROM access a LEFT JOIN variable v ON v.handle = a.variable LEFT JOIN site s ON s.id = a.site "
      "WHERE s.line IN (?, ?)");
  q.bind(1, gline);
  q.bind(2, pline);
  while (q.step())  // perm is read by every thread in every call, whatever the variant
    if (q.text(2) != "perm")
      got[{q.int64(0), q.int64(1), q.text(2), q.text(3), q.int64(4)}] = {q.int64(5), q.int64(6)};
  EXPECT_EQ(got, want) << (staged ? "staged" : "direct") << " expected";
  std::filesystem::remove(db_path);
}

INSTANTIATE_TEST_SUITE_P(Threads, CollVariantChoice,
                         testing::Combine(testing::Values(1, 2, 3, 4, 8),
                                          testing::Values("", "eager", "direct"), testing::Bool(),
                                          testing::Values(40L, 200L)),
                         [](const auto &info) {
                           const std::string word = std::get<1>(info.param);
                           return "n" + std::to_string(std::get<0>(info.param)) + "_" +
                                  (word.empty() ? "default" : word) +
                                  (std::get<2>(info.param) ? "_push" : "_pull") + "_" +
                                  std::to_string(std::get<3>(info.param)) + "B";
                         });

}  // namespace
