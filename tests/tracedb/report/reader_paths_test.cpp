// The call paths engine (TraceReader::paths) on the fixture with hand-made chains: a helper's line reached
// from two calling lines, chains cut to run.callers, the filters, and a database without call paths.
#include "fixture.hpp"
#include "test_util.hpp"

namespace report_test {
namespace {

using namespace pgas::tracedb;

void update(const std::string &path, const std::string &sql) { Database::open(path, true).exec(sql); }

// Sites 100 (helper.cpp:5, the access and the barrier), 101 and 102 (main's two loops), 103 (main's caller
// of the first loop's function: a second link). Chain 1 = [101, 103], chain 2 = [102].
std::string trace_with_paths(const std::string &name, int callers) {
  std::string path = copy_of_baseline(name);
  update(path,
         "UPDATE run SET callers = " + std::to_string(callers) +
             "; "
             "INSERT INTO site VALUES (100, 1, 4096, 'helper', '/src/cc/helper.cpp', 5, NULL, NULL, 1), "
             "(101, 1, 4112, 'main', '/src/cc/main.cpp', 20, NULL, NULL, 1), "
             "(102, 1, 4128, 'main', '/src/cc/main.cpp', 21, NULL, NULL, 1), "
             "(103, 1, 4144, 'run', '/src/cc/main.cpp', 40, NULL, NULL, 1); "
             "INSERT INTO call_path VALUES (3, 103, 0), (1, 101, 3), (2, 102, 0); "
             "INSERT INTO access(thread, peer, variable, site, op, count, elements, bytes, timed, ns_sum, "
             "ns_min, ns_max, path) VALUES (0, 1, 7, 100, 'get', 3, 3, 12, 3, 300, 100, 100, 1), "
             "(1, 0, 7, 100, 'get', 3, 3, 12, 3, 600, 200, 200, 1), "
             "(0, 1, 7, 100, 'get', 5, 5, 20, 5, 50, 10, 10, 2); "
             "INSERT INTO sync_wait(thread, site, kind, object, path, name, count, ns_sum, ns_min, ns_max) "
             "VALUES (0, 100, 'barrier', 0, 1, '', 3, 3000, 1000, 1000), "
             "(1, 100, 'barrier', 0, 2, '', 5, 5000, 1000, 1000)");
  return path;
}

// The row of helper.cpp:5 (or cc.cpp:LINE for another line) with these calling lines.
const PathRow *find(const std::vector<PathRow> &rows, int line, const std::vector<int> &callers,
                    const std::string &what) {
  const std::string file = line == 5 ? "/src/cc/helper.cpp" : "/src/cc/cc.cpp";
  for (const PathRow &row : rows) {
    if (row.site.file != file || row.site.line != line || row.what != what ||
        row.callers.size() != callers.size())
      continue;
    bool same = true;
    for (std::size_t k = 0; k < callers.size(); ++k) same = same && row.callers[k].line == callers[k];
    if (same) return &row;
  }
  return nullptr;
}

TEST(ReaderPaths, EachCallingLineIsARow) {
  const TraceReader reader(trace_with_paths("paths2.db", 2));
  EXPECT_EQ(reader.run().callers, 2);
  const std::vector<PathRow> rows = reader.paths();
  const PathRow *first = find(rows, 5, {20, 40}, "access");
  ASSERT_NE(first, nullptr);
  EXPECT_EQ(first->site.file, "/src/cc/helper.cpp");
  EXPECT_EQ(first->callers[0].function, "main");
  EXPECT_EQ(first->threads, 2);
  EXPECT_EQ(first->totals, (Totals{6, 24, 900}));
  const PathRow *second = find(rows, 5, {21}, "access");
  ASSERT_NE(second, nullptr);
  EXPECT_EQ(second->totals, (Totals{5, 20, 50}));
  EXPECT_EQ(second->threads, 1);
  const PathRow *barrier = find(rows, 5, {20, 40}, "barrier");
  ASSERT_NE(barrier, nullptr);
  EXPECT_EQ(barrier->totals, (Totals{3, 0, 3000}));
  // The fixture's accesses have no callers: one row per line, as the lines table counts them.
  const PathRow *plain = find(rows, 30, {}, "access");
  ASSERT_NE(plain, nullptr);
  EXPECT_EQ(plain->totals.count, 320);
  // By time, longest first.
  for (std::size_t k = 1; k < rows.size(); ++k) EXPECT_GE(rows[k - 1].totals.ns, rows[k].totals.ns);
}

TEST(ReaderPaths, ChainsAreCutToTheRunsCallers) {
  const std::vector<PathRow> rows = TraceReader(trace_with_paths("paths1.db", 1)).paths();
  const PathRow *first = find(rows, 5, {20}, "access");
  ASSERT_NE(first, nullptr);
  EXPECT_EQ(first->totals.count, 6);
  EXPECT_EQ(find(rows, 5, {20, 40}, "access"), nullptr);
}

TEST(ReaderPaths, FiltersApply) {
  const TraceReader reader(trace_with_paths("paths_filter.db", 2));
  const std::vector<PathRow> thread1 = reader.paths(Filter{.threads = {1}});
  const PathRow *first = find(thread1, 5, {20, 40}, "access");
  ASSERT_NE(first, nullptr);
  EXPECT_EQ(first->totals.count, 3);
  EXPECT_EQ(find(thread1, 5, {21}, "access"), nullptr);
  EXPECT_NE(find(thread1, 5, {21}, "barrier"), nullptr);  // only the thread filter selects waits
  EXPECT_EQ(find(reader.paths(Filter{.ops = {"put"}}), 5, {21}, "access"), nullptr);
  EXPECT_EQ(reader.paths(Filter{.top = 2}).size(), 2u);
}

// A database before schema 3 has no call_path table: every row is read without callers.
TEST(ReaderPaths, DatabaseWithoutCallPathsHasNoCallers) {
  std::string path = trace_with_paths("paths_old.db", 2);
  update(path, "DROP TABLE call_path; UPDATE meta SET value = '2' WHERE key = 'schema_version'");
  const TraceReader reader(path);
  EXPECT_FALSE(reader.run().has_paths);
  EXPECT_EQ(reader.run().callers, 0);
  const std::vector<PathRow> paths = reader.paths();  // kept: find points into it
  const PathRow *helper = find(paths, 5, {}, "access");
  ASSERT_NE(helper, nullptr);
  EXPECT_EQ(helper->totals.count, 11);
}

TEST(ReaderPaths, DiffMatchesPaths) {
  const TraceReader a(trace_with_paths("paths_diff_a.db", 2));
  std::string b_path = trace_with_paths("paths_diff_b.db", 2);
  update(b_path, "UPDATE access SET count = 10 WHERE site = 100 AND path = 2");
  const TraceDiff d = diff(a, TraceReader(b_path));
  auto row = std::find_if(d.paths.begin(), d.paths.end(),
                          [](const DiffRow &r) { return r.key == "helper.cpp:5 < main.cpp:21 access"; });
  ASSERT_NE(row, d.paths.end());
  EXPECT_EQ(row->a.count, 5);
  EXPECT_EQ(row->b.count, 10);
}

}  // namespace
}  // namespace report_test
