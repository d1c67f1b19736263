// Every reader query on the baseline trace, unfiltered; the numbers are worked out by hand from fixture.cpp.
#include <tuple>

#include "fixture.hpp"
#include "test_util.hpp"

namespace report_test {
namespace {

using namespace pgas::tracedb;

TraceReader baseline() { return TraceReader(workspace().baseline); }

TEST(Reader, Run) {
  RunInfo run = baseline().run();
  EXPECT_EQ(run.program, "/opt/pgas/samples/cc");
  EXPECT_EQ(run.arguments, (std::vector<std::string>{"--vertices", "10000", "--edges", "40000"}));
  EXPECT_EQ(run.threads, 4);
  EXPECT_EQ(run.conduit, "shm");
  EXPECT_EQ(run.latency_ns, 2000.0);
  EXPECT_EQ(run.bandwidth_bps, 1e9);
  EXPECT_EQ(run.start_time, "2024-05-01T12:00:00Z");
  EXPECT_EQ(run.wall_ns, 1000000);
  EXPECT_TRUE(run.call_sites);
  EXPECT_EQ(run.unwind_depth, 8);
  EXPECT_EQ(run.histogram_bins, 4);
  EXPECT_EQ(run.timeline_interval_ns, 1000000);
  EXPECT_TRUE(run.complete);
  EXPECT_EQ(run.dropped_events, 0);
}

TEST(Reader, Threads) {
  std::vector<ThreadRow> rows = baseline().threads();
  ASSERT_EQ(rows.size(), 4u);
  const Totals totals[] = {{182, 2768, 398000}, {150, 600, 330000}, {66, 268, 152000}, {97, 4468, 205000}};
  const std::int64_t reads[] = {162, 120, 65, 90}, writes[] = {20, 30, 0, 7};
  const std::int64_t walls[] = {1000000, 1000000, 800000, 500000};
  const double pct[] = {39.8, 33.0, 19.0, 41.0};
  for (int t = 0; t < 4; ++t) {
    SCOPED_TRACE(t);
    EXPECT_EQ(rows[t].thread, t);
    EXPECT_EQ(rows[t].host, "node1");
    EXPECT_EQ(rows[t].pid, 1000 + t);
    EXPECT_TRUE(rows[t].finished);
    EXPECT_EQ(rows[t].totals, totals[t]);
    EXPECT_EQ(rows[t].reads, reads[t]);
    EXPECT_EQ(rows[t].writes, writes[t]);
    EXPECT_EQ(rows[t].wall_ns, walls[t]);
    EXPECT_DOUBLE_EQ(rows[t].transport_pct, pct[t]);
  }
}

TEST(Reader, Summary) {
  Summary s = baseline().summary();
  EXPECT_EQ(s.totals, (Totals{495, 8104, 1085000}));
  EXPECT_EQ(s.wall_ns, 3300000);
  EXPECT_DOUBLE_EQ(s.transport_pct, 100.0 * 1085000 / 3300000);
  EXPECT_EQ(s.threads, 4);
  EXPECT_EQ(s.unfinished_threads, 0);
}

TEST(Reader, Variables) {
  std::vector<VariableRow> rows = baseline().variables();
  ASSERT_EQ(rows.size(), 4u);
  EXPECT_EQ(rows[0].handle, kD);
  EXPECT_TRUE(rows[0].known);
  EXPECT_EQ(rows[0].name, "D");
  EXPECT_EQ(rows[0].name_source, "source");
  EXPECT_EQ(rows[0].kind, "all");
  EXPECT_EQ(rows[0].elem_size, 4);
  EXPECT_EQ(rows[0].block, 1);
  EXPECT_EQ(rows[0].nelems, 10000);
  EXPECT_EQ(rows[0].owner, -1);
  EXPECT_EQ(rows[0].alloc_file, "/src/cc/cc.cpp");
  EXPECT_EQ(rows[0].alloc_line, 10);
  EXPECT_EQ(rows[0].alloc_function, "connected_components");
  EXPECT_EQ(rows[0].totals, (Totals{443, 1772, 909000}));

  EXPECT_EQ(rows[1].name, "P");
  EXPECT_EQ(rows[1].name_source, "program");
  EXPECT_EQ(rows[1].block, 2500);
  EXPECT_EQ(rows[1].alloc_line, 11);
  EXPECT_EQ(rows[1].totals, (Totals{45, 180, 145000}));

  EXPECT_EQ(rows[2].handle, kUnnamed);
  EXPECT_TRUE(rows[2].known);
  EXPECT_EQ(rows[2].name, "");
  EXPECT_EQ(rows[2].name_source, "unknown");
  EXPECT_EQ(rows[2].kind, "local");
  EXPECT_EQ(rows[2].owner, 3);
  EXPECT_EQ(rows[2].alloc_file, "");  // allocated at a site without a file
  EXPECT_EQ(rows[2].alloc_function, "pack_buffer");
  EXPECT_EQ(rows[2].totals, (Totals{6, 6144, 24000}));

  EXPECT_EQ(rows[3].handle, kForeignHandle);
  EXPECT_FALSE(rows[3].known);
  EXPECT_EQ(rows[3].name_source, "unknown");
  EXPECT_EQ(rows[3].kind, "");
  EXPECT_EQ(rows[3].totals, (Totals{1, 8, 7000}));
}

TEST(Reader, VariableThreads) {
  std::vector<VariableThreadRow> d = baseline().variable_threads(kD);
  ASSERT_EQ(d.size(), 4u);
  const Totals expected_d[] = {{170, 680, 360000}, {120, 480, 240000}, {60, 240, 120000}, {93, 372, 189000}};
  for (int t = 0; t < 4; ++t) {
    EXPECT_EQ(d[t].thread, t);
    EXPECT_EQ(d[t].totals, expected_d[t]) << "thread " << t;
  }
  std::vector<VariableThreadRow> p = baseline().variable_threads(kP);
  ASSERT_EQ(p.size(), 4u);
  EXPECT_EQ(p[0].totals.count, 10);
  EXPECT_EQ(p[1].totals.count, 30);
  EXPECT_EQ(p[2].totals.count, 5);
  EXPECT_EQ(p[3].totals, Totals{});  // threads without accesses are listed with zeros
}

TEST(Reader, Lines) {
  std::vector<LineRow> rows = baseline().lines();
  ASSERT_EQ(rows.size(), 7u);
  auto expect = [&](std::size_t i, const char *file, int line, const char *function, Totals totals) {
    SCOPED_TRACE(i);
    EXPECT_EQ(rows[i].file, file);
    EXPECT_EQ(rows[i].line, line);
    EXPECT_EQ(rows[i].function, function);
    EXPECT_EQ(rows[i].totals, totals);
  };
  expect(0, "/src/cc/cc.cpp", 30, "graft", {320, 1280, 640000});
  expect(1, "/src/cc/cc.cpp", 47, "shortcut", {60, 240, 120000});
  expect(2, "/src/cc/cc.cpp", 32, "graft", {55, 220, 135000});
  expect(3, "/src/cc/cc.cpp", 31, "graft", {50, 200, 150000});
  // Equal counts: a site with a function before the unknown site 0.
  expect(4, "", 0, "pack_buffer", {4, 4096, 16000});
  expect(5, "", 0, "", {4, 20, 16000});
  expect(6, "/src/cc/util.hpp", 5, "load_edge", {2, 2048, 8000});
}

TEST(Reader, Pairs) {
  std::vector<PairRow> rows = baseline().pairs();
  const std::vector<std::pair<int, int>> order = {{0, 1}, {1, 0}, {3, 0}, {2, 3}, {0, 2}, {1, 2},
                                                  {0, 3}, {2, 0}, {3, 2}, {3, 1}, {2, 1}};
  const std::int64_t counts[] = {122, 110, 90, 60, 50, 40, 10, 5, 4, 3, 1};
  ASSERT_EQ(rows.size(), order.size());
  for (std::size_t i = 0; i < order.size(); ++i) {
    EXPECT_EQ(std::make_pair(rows[i].thread, rows[i].peer), order[i]) << i;
    EXPECT_EQ(rows[i].totals.count, counts[i]) << i;
  }
  EXPECT_EQ(rows[0].totals, (Totals{122, 2528, 268000}));
  EXPECT_EQ(rows[1].totals, (Totals{110, 440, 250000}));
}

TEST(Reader, Ops) {
  std::vector<OpRow> rows = baseline().ops();
  ASSERT_EQ(rows.size(), 6u);
  auto expect = [&](std::size_t i, const char *op, Totals totals, std::int64_t elements, std::int64_t min,
                    std::int64_t max) {
    SCOPED_TRACE(op);
    EXPECT_EQ(rows[i].op, op);
    EXPECT_EQ(rows[i].totals, totals);
    EXPECT_EQ(rows[i].elements, elements);
    EXPECT_EQ(rows[i].ns_min, min);
    EXPECT_EQ(rows[i].ns_max, max);
  };
  expect(0, "get", {430, 1720, 870000}, 430, 1000, 5000);
  expect(1, "put", {53, 212, 159000}, 53, 2000, 6000);
  expect(2, "get_strict", {5, 20, 25000}, 5, 4000, 6000);
  expect(3, "memput", {4, 4096, 16000}, 1024, 3000, 5000);
  expect(4, "memget", {2, 2048, 8000}, 512, 3000, 5000);
  expect(5, "atomic", {1, 8, 7000}, 1, 7000, 7000);
}

TEST(Reader, ThreadOps) {
  std::vector<ThreadOpRow> rows = baseline().thread_ops();
  const std::vector<std::tuple<int, std::string, Totals>> expected = {
      {0, "get", {160, 640, 330000}},  {0, "memget", {2, 2048, 8000}},    {0, "put", {20, 80, 60000}},
      {1, "get", {120, 480, 240000}},  {1, "put", {30, 120, 90000}},      {2, "atomic", {1, 8, 7000}},
      {2, "get", {60, 240, 120000}},   {2, "get_strict", {5, 20, 25000}}, {3, "get", {90, 360, 180000}},
      {3, "memput", {4, 4096, 16000}}, {3, "put", {3, 12, 9000}}};
  ASSERT_EQ(rows.size(), expected.size());
  for (std::size_t i = 0; i < rows.size(); ++i) {
    SCOPED_TRACE(i);
    EXPECT_EQ(rows[i].thread, std::get<0>(expected[i]));
    EXPECT_EQ(rows[i].op, std::get<1>(expected[i]));
    EXPECT_EQ(rows[i].totals, std::get<2>(expected[i]));
  }
  Filter filter;
  filter.threads = {1, 3};
  filter.ops = {"put"};
  rows = baseline().thread_ops(filter);
  ASSERT_EQ(rows.size(), 2u);
  EXPECT_EQ(rows[0].thread, 1);
  EXPECT_EQ(rows[0].totals, (Totals{30, 120, 90000}));
  EXPECT_EQ(rows[1].thread, 3);
  EXPECT_EQ(rows[1].totals, (Totals{3, 12, 9000}));
}

TEST(Reader, OffsetHistogram) {
  std::vector<HistogramBin> summed = baseline().offset_histogram(kD);
  ASSERT_EQ(summed.size(), 4u);
  const std::int64_t counts[] = {80, 80, 120, 103};
  for (int b = 0; b < 4; ++b) {
    EXPECT_EQ(summed[b].thread, -1);
    EXPECT_EQ(summed[b].bin, b);
    EXPECT_EQ(summed[b].lo, 2500 * b);
    EXPECT_EQ(summed[b].hi, 2500 * (b + 1));
    EXPECT_EQ(summed[b].count, counts[b]) << "bin " << b;
  }
  std::vector<HistogramBin> per_thread = baseline().offset_histogram(kD, {}, true);
  ASSERT_EQ(per_thread.size(), 12u);
  EXPECT_EQ(per_thread[0].thread, 0);
  EXPECT_EQ(per_thread[2].count, 60);
  EXPECT_EQ(per_thread[4].thread, 1);
  EXPECT_EQ(per_thread[11].thread, 3);
  EXPECT_EQ(per_thread[11].count, 33);
  EXPECT_TRUE(baseline().offset_histogram(kP).empty());
}

TEST(Reader, Timeline) {
  std::vector<TimelineRow> rows = baseline().timeline();
  ASSERT_EQ(rows.size(), 3u);
  EXPECT_EQ(rows[1].thread, 0);
  EXPECT_EQ(rows[1].bucket, 1);
  EXPECT_EQ(rows[1].start_ns, 1000000);
  EXPECT_EQ(rows[1].count, 82);
  EXPECT_EQ(rows[1].bytes, 2368);
  EXPECT_EQ(rows[2].thread, 1);
  EXPECT_EQ(rows[2].count, 150);
}

// The three states of a bucket: computation is what remote access and waiting leave of it, and a thread's
// last bucket ends with the thread (wall time 1 ms; buckets of 1 ms).
TEST(Reader, TimelineStates) {
  std::string path = copy_of_baseline("timeline_states.db");
  Database::open(path, true)
      .exec(
          "UPDATE timeline SET remote_ns = 300000, wait_ns = 500000 WHERE thread = 0 AND bucket = 0; "
          "UPDATE thread SET wall_ns = 1400000 WHERE thread = 0; "
          "UPDATE timeline SET wait_ns = 2000000 WHERE thread = 1");
  std::vector<TimelineRow> rows = TraceReader(path).timeline();
  ASSERT_EQ(rows.size(), 3u);
  EXPECT_EQ(rows[0].end_ns, 1000000);
  EXPECT_EQ(rows[0].compute_ns, 200000);
  EXPECT_EQ(rows[1].start_ns, 1000000);
  EXPECT_EQ(rows[1].end_ns, 1400000);  // thread 0 ends 0.4 ms into its second bucket
  EXPECT_EQ(rows[1].compute_ns, 400000);
  EXPECT_EQ(rows[2].wait_ns, 2000000);
  EXPECT_EQ(rows[2].compute_ns, 0);  // never below 0
}

TEST(Reader, UnsymbolizedSites) {
  EXPECT_EQ(baseline().unsymbolized_sites(), 0);
  std::string path = workspace().dir + "/unsymbolized.db";
  build_trace(path, baseline_spec());
  Database::open(path, true)
      .exec("UPDATE site SET function = NULL, file = NULL, line = NULL, symbolized = 0 WHERE id IN (3, 4)");
  TraceReader reader(path);
  EXPECT_EQ(reader.unsymbolized_sites(), 2);
  std::vector<LineRow> lines = reader.lines();
  ASSERT_FALSE(lines.empty());
  EXPECT_EQ(lines[0].file, "");
  EXPECT_EQ(lines[0].totals.count, 320 + 50 + 4);  // lines 30 and 31 join the unknown site 0
}

TEST(Reader, OpDirections) {
  EXPECT_EQ(op_direction("get_nb"), Direction::kRead);
  EXPECT_EQ(op_direction("memget"), Direction::kRead);
  EXPECT_EQ(op_direction("putv"), Direction::kWrite);
  EXPECT_EQ(op_direction("memput"), Direction::kWrite);
  EXPECT_EQ(op_direction("accv"), Direction::kOther);
  EXPECT_EQ(op_direction("atomic"), Direction::kOther);
  EXPECT_EQ(op_direction("cache_getv_nb"), Direction::kRead);  // the software cache's traffic
  EXPECT_EQ(op_direction("cache_putv_nb"), Direction::kWrite);
  EXPECT_EQ(op_direction("cache_accv"), Direction::kOther);
  EXPECT_EQ(op_direction("memput_signal"), Direction::kWrite);  // Bonachea's signalling transfers
  EXPECT_EQ(op_direction("memget_signal"), Direction::kRead);
  EXPECT_EQ(op_direction("sem_wait"), Direction::kOther);
  EXPECT_EQ(op_direction("test"), Direction::kOther);      // upc_sync_attempt's polls
  EXPECT_EQ(op_direction("coll_recv"), Direction::kRead);  // Collectives 2.0 on the MPI engine
  EXPECT_EQ(known_ops().size(), 40u);
}

}  // namespace
}  // namespace report_test
