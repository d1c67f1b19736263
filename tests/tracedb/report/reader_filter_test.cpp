// Filters and top-N on the baseline trace; numbers worked out by hand from fixture.cpp.
#include "fixture.hpp"
#include "test_util.hpp"

namespace report_test {
namespace {

using namespace pgas::tracedb;

TraceReader baseline() { return TraceReader(workspace().baseline); }

std::vector<std::string> line_keys(const std::vector<LineRow> &rows) {
  std::vector<std::string> keys;
  for (const LineRow &r : rows)
    keys.push_back(r.file.empty() ? r.function : r.file + ":" + std::to_string(r.line));
  return keys;
}

TEST(ReaderFilter, ThreadsKeepThreadTableTotals) {
  Filter f;
  f.threads = {0, 2};
  std::vector<ThreadRow> rows = baseline().threads(f);
  ASSERT_EQ(rows.size(), 2u);
  EXPECT_EQ(rows[0].thread, 0);
  EXPECT_EQ(rows[0].totals, (Totals{182, 2768, 398000}));
  EXPECT_EQ(rows[1].thread, 2);
  EXPECT_EQ(rows[1].totals, (Totals{66, 268, 152000}));
  EXPECT_EQ(baseline().summary(f).totals, (Totals{248, 3036, 550000}));
}

TEST(ReaderFilter, ThreadsOnLinesAndVariables) {
  Filter f;
  f.threads = {0, 2};
  std::vector<LineRow> lines = baseline().lines(f);
  EXPECT_EQ(line_keys(lines),
            (std::vector<std::string>{"/src/cc/cc.cpp:30", "/src/cc/cc.cpp:47", "/src/cc/cc.cpp:31",
                                      "/src/cc/cc.cpp:32", "/src/cc/util.hpp:5", ""}));
  EXPECT_EQ(lines[0].totals, (Totals{150, 600, 300000}));
  EXPECT_EQ(lines[3].totals.count, 15);
  std::vector<VariableRow> variables = baseline().variables(f);
  ASSERT_EQ(variables.size(), 4u);
  EXPECT_EQ(variables[0].totals, (Totals{230, 920, 480000}));
  EXPECT_EQ(variables[1].totals.count, 15);
  EXPECT_EQ(variables[2].totals.count, 2);
  EXPECT_EQ(variables[3].totals.count, 1);
}

// A target filter (the viewer's heatmap cell) selects the accesses to those peers only.
TEST(ReaderFilter, PeersSelectOneCellOfTheMatrix) {
  Filter f;
  f.threads = {1};
  f.peers = {2};
  std::vector<PairRow> pairs = baseline().pairs(f);
  ASSERT_EQ(pairs.size(), 1u);
  EXPECT_EQ(std::tie(pairs[0].thread, pairs[0].peer, pairs[0].totals.count), std::make_tuple(1, 2, 40));
  EXPECT_EQ(baseline().summary(f).totals.count, 40);
  std::vector<ThreadRow> threads = baseline().threads(f);
  ASSERT_EQ(threads.size(), 1u);
  EXPECT_EQ(threads[0].totals.count, 40);
}

TEST(ReaderFilter, OpsMakeThreadTotalsSumsOfAccesses) {
  Filter f;
  f.ops = {"get"};
  std::vector<ThreadRow> rows = baseline().threads(f);
  ASSERT_EQ(rows.size(), 4u);
  const Totals expected[] = {{160, 640, 330000}, {120, 480, 240000}, {60, 240, 120000}, {90, 360, 180000}};
  const double pct[] = {33.0, 24.0, 15.0, 36.0};
  for (int t = 0; t < 4; ++t) {
    EXPECT_EQ(rows[t].totals, expected[t]) << t;
    EXPECT_EQ(rows[t].reads, expected[t].count) << t;
    EXPECT_EQ(rows[t].writes, 0) << t;
    EXPECT_DOUBLE_EQ(rows[t].transport_pct, pct[t]) << t;
  }
}

TEST(ReaderFilter, OpsOnVariablesKeepDeclaredVariables) {
  Filter f;
  f.ops = {"get"};
  std::vector<VariableRow> rows = baseline().variables(f);
  ASSERT_EQ(rows.size(), 3u);  // the foreign handle has no get, and is not declared
  EXPECT_EQ(rows[0].name, "D");
  EXPECT_EQ(rows[0].totals.count, 420);
  EXPECT_EQ(rows[1].name, "P");
  EXPECT_EQ(rows[1].totals.count, 10);
  EXPECT_EQ(rows[2].handle, kUnnamed);
  EXPECT_EQ(rows[2].totals, Totals{});
}

TEST(ReaderFilter, VariableByName) {
  Filter f;
  f.variables = {"P"};
  std::vector<VariableRow> variables = baseline().variables(f);
  ASSERT_EQ(variables.size(), 1u);
  EXPECT_EQ(variables[0].totals, (Totals{45, 180, 145000}));
  std::vector<PairRow> pairs = baseline().pairs(f);
  ASSERT_EQ(pairs.size(), 3u);
  EXPECT_EQ(std::make_pair(pairs[0].thread, pairs[0].peer), std::make_pair(1, 0));
  EXPECT_EQ(pairs[0].totals.count, 30);
  EXPECT_EQ(std::make_pair(pairs[2].thread, pairs[2].peer), std::make_pair(2, 0));
  std::vector<ThreadRow> threads = baseline().threads(f);
  EXPECT_EQ(threads[1].totals, (Totals{30, 120, 90000}));
  EXPECT_EQ(threads[3].totals, Totals{});
}

TEST(ReaderFilter, VariableByHandleAndNamesCombine) {
  Filter foreign;
  foreign.handles = {kForeignHandle};
  std::vector<VariableRow> rows = baseline().variables(foreign);
  ASSERT_EQ(rows.size(), 1u);
  EXPECT_FALSE(rows[0].known);
  std::vector<OpRow> ops = baseline().ops(foreign);
  ASSERT_EQ(ops.size(), 1u);
  EXPECT_EQ(ops[0].op, "atomic");

  Filter both;
  both.variables = {"D"};
  both.handles = {kP};
  rows = baseline().variables(both);
  ASSERT_EQ(rows.size(), 2u);
  EXPECT_EQ(rows[0].name, "D");
  EXPECT_EQ(rows[1].name, "P");
}

TEST(ReaderFilter, VariableAndOp) {
  Filter f;
  f.variables = {"D"};
  f.ops = {"put"};
  std::vector<VariableRow> rows = baseline().variables(f);
  ASSERT_EQ(rows.size(), 1u);
  EXPECT_EQ(rows[0].totals, (Totals{23, 92, 69000}));
  EXPECT_EQ(line_keys(baseline().lines(f)), (std::vector<std::string>{"/src/cc/cc.cpp:31", ""}));
  std::vector<VariableThreadRow> per_thread = baseline().variable_threads(kD, f);
  ASSERT_EQ(per_thread.size(), 4u);
  EXPECT_EQ(per_thread[0].totals.count, 20);
  EXPECT_EQ(per_thread[1].totals.count, 0);
  EXPECT_EQ(per_thread[3].totals.count, 3);
}

TEST(ReaderFilter, ThreadsOnPerThreadQueries) {
  Filter f;
  f.threads = {1, 3};
  std::vector<VariableThreadRow> rows = baseline().variable_threads(kD, f);
  ASSERT_EQ(rows.size(), 2u);
  EXPECT_EQ(rows[0].thread, 1);
  EXPECT_EQ(rows[0].totals.count, 120);
  EXPECT_EQ(rows[1].totals.count, 93);
  f.threads = {0, 1};
  std::vector<HistogramBin> bins = baseline().offset_histogram(kD, f);
  ASSERT_EQ(bins.size(), 4u);
  EXPECT_EQ(bins[0].count, 70);
  EXPECT_EQ(bins[1].count, 60);
  EXPECT_EQ(bins[2].count, 90);
  EXPECT_EQ(bins[3].count, 70);
  f.threads = {1};
  EXPECT_EQ(baseline().timeline(f).size(), 1u);
}

TEST(ReaderFilter, ValuesAreBoundNotSpliced) {
  Filter f;
  f.variables = {"D' OR 1=1 --", "Z"};
  EXPECT_TRUE(baseline().variables(f).empty());
  EXPECT_TRUE(baseline().lines(f).empty());
  EXPECT_EQ(baseline().summary(f).totals, Totals{});
  f = {};
  f.ops = {"get') OR ('1'='1"};
  EXPECT_TRUE(baseline().ops(f).empty());
}

TEST(ReaderTop, LimitsRankedQueriesInOrder) {
  Filter f;
  f.top = 2;
  EXPECT_EQ(line_keys(baseline().lines(f)),
            (std::vector<std::string>{"/src/cc/cc.cpp:30", "/src/cc/cc.cpp:47"}));
  std::vector<VariableRow> variables = baseline().variables(f);
  ASSERT_EQ(variables.size(), 2u);
  EXPECT_EQ(variables[1].name, "P");
  f.top = 3;
  std::vector<PairRow> pairs = baseline().pairs(f);
  ASSERT_EQ(pairs.size(), 3u);
  EXPECT_EQ(std::make_pair(pairs[2].thread, pairs[2].peer), std::make_pair(3, 0));
  f.top = 1;
  std::vector<OpRow> ops = baseline().ops(f);
  ASSERT_EQ(ops.size(), 1u);
  EXPECT_EQ(ops[0].op, "get");
  EXPECT_EQ(baseline().threads(f).size(), 4u);  // per-thread queries are not ranked
}

TEST(ReaderTop, TiesBreakByKey) {
  Filter f;
  f.top = 5;
  std::vector<LineRow> rows = baseline().lines(f);
  ASSERT_EQ(rows.size(), 5u);
  EXPECT_EQ(rows[4].function, "pack_buffer");  // count 4, as the unknown site, which sorts after it
}

}  // namespace
}  // namespace report_test
