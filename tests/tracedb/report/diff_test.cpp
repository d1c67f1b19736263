// Comparing the baseline with the optimized trace; numbers worked out by hand from fixture.cpp.
#include "fixture.hpp"
#include "test_util.hpp"

namespace report_test {
namespace {

using namespace pgas::tracedb;

TraceDiff diff_of(const Filter &filter = {}) {
  return diff(TraceReader(workspace().baseline), TraceReader(workspace().optimized), filter);
}

std::vector<std::string> keys(const std::vector<DiffRow> &rows) {
  std::vector<std::string> out;
  for (const DiffRow &r : rows) out.push_back(r.key);
  return out;
}

TEST(Diff, Summary) {
  TraceDiff d = diff_of();
  EXPECT_EQ(d.wall_a, 1000000);
  EXPECT_EQ(d.wall_b, 600000);
  EXPECT_EQ(d.a.totals, (Totals{495, 8104, 1085000}));
  EXPECT_EQ(d.b.totals, (Totals{151, 8312, 429000}));
  EXPECT_EQ(d.b.wall_ns, 1900000);
}

TEST(Diff, LinesMatchByFileNameAndLine) {
  TraceDiff d = diff_of();
  EXPECT_EQ(keys(d.lines), (std::vector<std::string>{"cc.cpp:30", "cc.cpp:47", "cc.cpp:32", "cc.cpp:31",
                                                     "(unknown)", "cc.cpp:29", "pack_buffer", "util.hpp:5"}));
  EXPECT_EQ(d.lines[0].detail, "graft");
  EXPECT_EQ(d.lines[0].a, (Totals{320, 1280, 640000}));
  EXPECT_EQ(d.lines[0].b, (Totals{32, 128, 64000}));
  EXPECT_EQ(d.lines[1].a, (Totals{60, 240, 120000}));
  EXPECT_EQ(d.lines[1].b, Totals{});  // gone in B
  EXPECT_EQ(d.lines[2].a, d.lines[2].b);
  EXPECT_EQ(d.lines[5].a, Totals{});  // new in B
  EXPECT_EQ(d.lines[5].b, (Totals{4, 1600, 40000}));
}

TEST(Diff, VariablesMatchByName) {
  TraceDiff d = diff_of();
  EXPECT_EQ(keys(d.variables), (std::vector<std::string>{"D", "P", "(handle 4294967300)",
                                                         "(handle 8589934596)", "(handle 77)"}));
  EXPECT_EQ(d.variables[0].detail, "all");
  EXPECT_EQ(d.variables[0].a, (Totals{443, 1772, 909000}));
  EXPECT_EQ(d.variables[0].b, (Totals{99, 1980, 253000}));
  EXPECT_EQ(d.variables[1].a, d.variables[1].b);
  EXPECT_EQ(d.variables[2].b, Totals{});
  EXPECT_EQ(d.variables[3].a, Totals{});
  EXPECT_EQ(d.variables[4].a, d.variables[4].b);
}

TEST(Diff, FilterAndTopApplyToBoth) {
  Filter f;
  f.threads = {0};
  f.top = 2;
  TraceDiff d = diff_of(f);
  EXPECT_EQ(keys(d.lines), (std::vector<std::string>{"cc.cpp:30", "cc.cpp:31"}));
  EXPECT_EQ(d.lines[0].a.count, 150);
  EXPECT_EQ(d.lines[0].b.count, 15);
  EXPECT_EQ(d.a.totals.count, 182);
  EXPECT_EQ(d.b.totals.count, 51);
  ASSERT_EQ(d.variables.size(), 2u);
  EXPECT_EQ(d.variables[0].a.count, 170);
  EXPECT_EQ(d.variables[0].b.count, 39);
}

TEST(Diff, Ratio) {
  EXPECT_EQ(ratio(0, 5), std::nullopt);
  EXPECT_EQ(ratio(4, 2), 0.5);
  EXPECT_EQ(ratio(3, 0), 0.0);
}

}  // namespace
}  // namespace report_test
