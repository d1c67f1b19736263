// pgas-report's output on the fixture, compared byte for byte with tests/tracedb/report/golden/.
// PGAS_UPDATE_GOLDEN=1 rewrites the golden files instead (review the change with git diff).
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <cstdlib>

#include "fixture.hpp"
#include "process.hpp"

namespace report_test {
namespace {

struct GoldenCase {
  const char *name;  // file under golden/, and the test's name
  std::vector<std::string> args;
  bool in_workspace = false;  // run in the workspace directory (arguments are relative to it)
};

std::vector<GoldenCase> cases() {
  const Workspace &w = workspace();
  return {
      {"report.txt", {"--source-root", w.sources, w.baseline}},
      {"report.csv", {"--format", "csv", "--source-root", w.sources, w.baseline}},
      {"report.json", {"--format=json", "--source-root", w.sources, w.baseline}},
      {"variable_D.txt",
       {"--variable", "D", "--thread", "0,1", "--section", "summary,variables", w.baseline}},
      {"lines_top3.csv",
       {"--section", "lines", "--top", "3", "--format", "csv", "--source-root", "/src=" + w.sources,
        w.baseline}},
      {"pairs_top4.txt", {"--section", "pairs", "--top", "4", "--op", "get", "--op", "put", w.baseline}},
      {"diff.txt", {"--diff", "baseline.db", "optimized.db"}, true},
      {"diff.json", {"--format", "json", "--diff", "baseline.db", "optimized.db"}, true},
  };
}

class Golden : public ::testing::TestWithParam<std::size_t> {};

TEST_P(Golden, MatchesByteForByte) {
  const GoldenCase c = cases()[GetParam()];
  Result r = run_report(c.args, c.in_workspace ? workspace().dir : "");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.err, "");
  std::string golden = std::string(GOLDEN_DIR) + "/" + c.name;
  const char *update = std::getenv("PGAS_UPDATE_GOLDEN");
  if (update && std::string(update) == "1") {
    write_file(golden, r.out);
    GTEST_SKIP() << "rewrote " << golden;
  }
  EXPECT_EQ(r.out, read_file(golden)) << "regenerate with PGAS_UPDATE_GOLDEN=1 if the change is intended";
}

std::string case_name(const ::testing::TestParamInfo<std::size_t> &info) {
  std::string name = cases()[info.param].name;
  for (char &c : name)
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  return name;
}

INSTANTIATE_TEST_SUITE_P(Report, Golden, ::testing::Range<std::size_t>(0, 8), case_name);

TEST(Report, PartialTraceIsFlagged) {
  TraceSpec spec = baseline_spec();
  spec.complete = false;
  spec.dropped_events = 5;
  std::string path = workspace().dir + "/partial.db";
  build_trace(path, spec);
  Result r = run_report({"--section", "summary", path});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("  complete                 no\n"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("warning: partial trace: 1 thread(s) did not finish normally"), std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("warning: 5 events were dropped"), std::string::npos) << r.out;
  r = run_report({"--section", "summary", "--format", "json", path});
  EXPECT_NE(r.out.find("\"complete\": false, \"dropped_events\": 5}"), std::string::npos) << r.out;
}

TEST(Report, ManyThreadsListTheTopPairsInsteadOfAMatrix) {
  TraceSpec spec = baseline_spec();
  spec.walls.assign(24, 1000000);
  spec.accesses.clear();
  spec.hist.clear();
  for (int t = 0; t < 24; ++t)
    spec.accesses.push_back({t, (t + 1) % 24, handle_of(1, 1), 3, "get", t + 1, t + 1, 4, 10, 1, 1});
  std::string path = workspace().dir + "/many.db";
  build_trace(path, spec);
  Result r = run_report({"--section", "pairs", path});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out.rfind("Remote accesses per thread pair\n", 0), 0u) << r.out;
  EXPECT_NE(r.out.find("\n         23       0        24"), std::string::npos) << r.out;  // the busiest first
  EXPECT_EQ(std::count(r.out.begin(), r.out.end(), '\n'), 2 + 20 + 2);  // title, header, rule, rows, note
  EXPECT_NE(r.out.find("  the top 20 pairs; --top N shows more\n"), std::string::npos) << r.out;
  r = run_report({"--section", "pairs", "--format", "csv", path});
  EXPECT_EQ(std::count(r.out.begin(), r.out.end(), '\n'), 1 + 24);  // csv: every pair
}

}  // namespace
}  // namespace report_test
