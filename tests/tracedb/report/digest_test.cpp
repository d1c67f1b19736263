// TraceReader::digest gives, from one scan, exactly the rows of the separate queries, for many filters.
#include "fixture.hpp"
#include "test_util.hpp"

namespace report_test {
namespace {

using namespace pgas::tracedb;

void expect_same(const AccessDigest &d, const TraceReader &r, const Filter &f) {
  const std::vector<ThreadRow> threads = r.threads(f);
  ASSERT_EQ(d.threads.size(), threads.size());
  for (std::size_t i = 0; i < threads.size(); ++i) {
    SCOPED_TRACE("thread row " + std::to_string(i));
    EXPECT_EQ(d.threads[i].thread, threads[i].thread);
    EXPECT_EQ(d.threads[i].host, threads[i].host);
    EXPECT_EQ(d.threads[i].finished, threads[i].finished);
    EXPECT_EQ(d.threads[i].totals, threads[i].totals);
    EXPECT_EQ(d.threads[i].reads, threads[i].reads);
    EXPECT_EQ(d.threads[i].writes, threads[i].writes);
    EXPECT_DOUBLE_EQ(d.threads[i].transport_pct, threads[i].transport_pct);
  }
  const std::vector<ThreadOpRow> thread_ops = r.thread_ops(f);
  ASSERT_EQ(d.thread_ops.size(), thread_ops.size());
  for (std::size_t i = 0; i < thread_ops.size(); ++i) {
    EXPECT_EQ(d.thread_ops[i].thread, thread_ops[i].thread);
    EXPECT_EQ(d.thread_ops[i].op, thread_ops[i].op);
    EXPECT_EQ(d.thread_ops[i].totals, thread_ops[i].totals);
  }
  const std::vector<OpRow> ops = r.ops(f);
  ASSERT_EQ(d.ops.size(), ops.size());
  for (std::size_t i = 0; i < ops.size(); ++i) {
    SCOPED_TRACE(ops[i].op);
    EXPECT_EQ(d.ops[i].op, ops[i].op);
    EXPECT_EQ(d.ops[i].totals, ops[i].totals);
    EXPECT_EQ(d.ops[i].elements, ops[i].elements);
    EXPECT_EQ(d.ops[i].ns_min, ops[i].ns_min);
    EXPECT_EQ(d.ops[i].ns_max, ops[i].ns_max);
  }
  const std::vector<VariableRow> variables = r.variables(f);
  ASSERT_EQ(d.variables.size(), variables.size());
  for (std::size_t i = 0; i < variables.size(); ++i) {
    const VariableRow &a = d.variables[i], &b = variables[i];
    SCOPED_TRACE(b.handle);
    EXPECT_EQ(a.handle, b.handle);
    EXPECT_EQ(a.known, b.known);
    EXPECT_EQ(a.name, b.name);
    EXPECT_EQ(a.name_source, b.name_source);
    EXPECT_EQ(a.kind, b.kind);
    EXPECT_EQ(std::tie(a.elem_size, a.block, a.nelems, a.owner),
              std::tie(b.elem_size, b.block, b.nelems, b.owner));
    EXPECT_EQ(a.alloc_file, b.alloc_file);
    EXPECT_EQ(a.alloc_line, b.alloc_line);
    EXPECT_EQ(a.alloc_function, b.alloc_function);
    EXPECT_EQ(a.totals, b.totals);
    const std::vector<VariableThreadRow> per_thread = r.variable_threads(b.handle, f);
    const std::vector<VariableThreadRow> &digested = d.variable_threads.at(b.handle);
    ASSERT_EQ(digested.size(), per_thread.size());
    for (std::size_t t = 0; t < per_thread.size(); ++t) {
      EXPECT_EQ(digested[t].thread, per_thread[t].thread);
      EXPECT_EQ(digested[t].totals, per_thread[t].totals);
    }
  }
  const std::vector<LineRow> lines = r.lines(f);
  ASSERT_EQ(d.lines.size(), lines.size());
  for (std::size_t i = 0; i < lines.size(); ++i) {
    SCOPED_TRACE("line row " + std::to_string(i));
    EXPECT_EQ(d.lines[i].file, lines[i].file);
    EXPECT_EQ(d.lines[i].line, lines[i].line);
    EXPECT_EQ(d.lines[i].function, lines[i].function);
    EXPECT_EQ(d.lines[i].totals, lines[i].totals);
  }
  const std::vector<PairRow> pairs = r.pairs(f);
  ASSERT_EQ(d.pairs.size(), pairs.size());
  for (std::size_t i = 0; i < pairs.size(); ++i) {
    EXPECT_EQ(d.pairs[i].thread, pairs[i].thread);
    EXPECT_EQ(d.pairs[i].peer, pairs[i].peer);
    EXPECT_EQ(d.pairs[i].totals, pairs[i].totals);
  }
}

std::vector<Filter> filters() {
  std::vector<Filter> all(10);
  all[1].ops = {"put"};
  all[2].threads = {1, 3};
  all[3].variables = {"D"};
  all[4].handles = {kP, kForeignHandle};
  all[5].top = 2;
  all[6].ops = {"get", "memput"};
  all[6].threads = {0, 3};
  all[7].variables = {"nothing"};
  all[8].threads = {2};
  all[8].top = 1;
  all[9].handles = {kUnnamed};
  all[9].ops = {"memget"};
  return all;
}

TEST(Digest, MatchesTheSeparateQueries) {
  for (const std::string &path : {workspace().baseline, workspace().optimized}) {
    TraceReader reader(path);
    int n = 0;
    for (const Filter &f : filters()) {
      SCOPED_TRACE(path + " filter " + std::to_string(n++));
      expect_same(reader.digest(f), reader, f);
    }
  }
}

TEST(Digest, ReportsProgressUpToTheWhole) {
  TraceReader reader(workspace().baseline);
  std::vector<double> seen;
  reader.digest({}, [&](double share) { seen.push_back(share); });
  ASSERT_FALSE(seen.empty());
  EXPECT_DOUBLE_EQ(seen.back(), 1.0);
  EXPECT_TRUE(std::is_sorted(seen.begin(), seen.end()));
}

}  // namespace
}  // namespace report_test
