// Source text lookup, run arguments, and the reader's refusals.
#include <algorithm>
#include <filesystem>

#include "fixture.hpp"
#include "test_util.hpp"

namespace report_test {
namespace {

using namespace pgas::tracedb;

void update(const std::string &path, const std::string &sql) { Database::open(path, true).exec(sql); }

std::string open_error(const std::string &path) {
  try {
    TraceReader reader(path);
  } catch (const Error &e) {
    return e.what();
  }
  return "(no error)";
}

TEST(SourceFiles, MovedTreeIsFoundBySuffix) {
  SourceFiles sources({workspace().sources});
  EXPECT_EQ(sources.resolve("/src/cc/cc.cpp"), workspace().sources + "/cc/cc.cpp");
  EXPECT_EQ(sources.line("/src/cc/cc.cpp", 30), "      if (D[u] < D[v] && D[v] == D[D[v]]) {");
  EXPECT_EQ(sources.line("/src/cc/cc.cpp", 1), "// Connected components (Cong et al., Figure 5), abridged.");
}

TEST(SourceFiles, PrefixReplacement) {
  SourceFiles sources({"/elsewhere=/nowhere", "/src=" + workspace().sources});
  EXPECT_EQ(sources.line("/src/cc/cc.cpp", 31), "        D[D[v]] = D[u];");
}

TEST(SourceFiles, MissingFileOrLineIsEmpty) {
  SourceFiles sources({workspace().sources});
  EXPECT_EQ(sources.resolve("/src/cc/util.hpp"), "");
  EXPECT_EQ(sources.line("/src/cc/util.hpp", 5), "");
  EXPECT_EQ(sources.line("/src/cc/cc.cpp", 0), "");
  EXPECT_EQ(sources.line("/src/cc/cc.cpp", 51), "");
  EXPECT_EQ(sources.line("", 3), "");
}

TEST(SourceFiles, WholeText) {
  SourceFiles sources({workspace().sources});
  const std::vector<std::string> &text = sources.text("/src/cc/cc.cpp");
  ASSERT_EQ(text.size(), 50u);
  EXPECT_EQ(text[30], "        D[D[v]] = D[u];");
  EXPECT_EQ(text[49], "");
  EXPECT_TRUE(sources.text("/src/cc/util.hpp").empty());
}

TEST(SourceFiles, RecordedPathWithoutRoots) {
  SourceFiles sources;
  std::string file = workspace().sources + "/cc/cc.cpp";
  EXPECT_EQ(sources.line(file, 11), "  shared_array<int> P(nvertices, nvertices / THREADS, \"P\");");
}

TEST(ReaderRun, ArgumentsAreJsonDecoded) {
  std::string path = copy_of_baseline("arguments.db");
  update(path, R"(UPDATE run SET arguments = '["a b", "q\"x", "tab\there", "\u00e9\ud83d\ude00", ""]')");
  EXPECT_EQ(TraceReader(path).run().arguments,
            (std::vector<std::string>{"a b", "q\"x", "tab\there", "\xc3\xa9\xf0\x9f\x98\x80", ""}));
  update(path, "UPDATE run SET arguments = '[]'");
  EXPECT_TRUE(TraceReader(path).run().arguments.empty());
}

TEST(ReaderRun, MalformedArgumentsAreAnError) {
  std::string path = copy_of_baseline("bad_arguments.db");
  update(path, "UPDATE run SET arguments = '[\"unterminated]'");
  TraceReader reader(path);
  try {
    reader.run();
    FAIL() << "no error";
  } catch (const Error &e) {
    EXPECT_EQ(std::string(e.what()), path + ": run.arguments is not a JSON array of strings");
  }
}

TEST(ReaderOpen, Refusals) {
  const std::string dir = workspace().dir;
  EXPECT_EQ(open_error(dir + "/absent.db"), dir + "/absent.db: no such file");
  EXPECT_EQ(open_error(dir), dir + ": is a directory, not a trace database");
  std::string newer = copy_of_baseline("newer.db");
  update(newer, "UPDATE meta SET value = '99' WHERE key = 'schema_version'");
  EXPECT_EQ(open_error(newer),
            newer + ": has schema version 99, newer than this tool reads (3); use a newer pgas-toolkit");
  std::string no_run = copy_of_baseline("no_run.db");
  update(no_run, "DELETE FROM run");
  EXPECT_EQ(open_error(no_run), no_run + ": has no run record (the import did not finish)");
}

// A database of schema 1 (before synchronization tracing) is read: no waits, its transport time is remote
// access and the rest computation.
TEST(ReaderOpen, SchemaOneIsReadWithoutWaits) {
  std::string path = copy_of_baseline("schema1.db");
  update(
      path,
      "DROP TABLE sync_wait; "
      "CREATE TABLE t1 AS SELECT thread, host, pid, wall_ns, transport_ns, remote_count, remote_bytes, "
      "finished "
      "FROM thread; DROP TABLE thread; ALTER TABLE t1 RENAME TO thread; "
      "CREATE TABLE t2 AS SELECT thread, bucket, start_ns, count, bytes FROM timeline; DROP TABLE timeline; "
      "ALTER TABLE t2 RENAME TO timeline; "
      "UPDATE meta SET value = '1' WHERE key = 'schema_version'");
  TraceReader reader(path);
  EXPECT_FALSE(reader.run().has_sync);
  for (const ThreadRow &row : reader.threads()) {
    EXPECT_EQ(row.wait_ns, 0);
    EXPECT_EQ(row.remote_ns, row.totals.ns);
    EXPECT_EQ(row.compute_ns, std::max<std::int64_t>(0, row.wall_ns - row.totals.ns));
  }
  const SyncDigest sync = reader.sync_digest();
  EXPECT_TRUE(sync.waits.empty());
  EXPECT_FALSE(sync.imbalance.empty());  // the accesses' imbalance is still computed
  EXPECT_NO_THROW(reader.timeline());
}

// Waits of two threads at one barrier line: their distribution and the time lost to the imbalance.
TEST(ReaderSync, WaitDistributionAndLostTime) {
  std::string path = copy_of_baseline("waits.db");
  update(path,
         "INSERT INTO sync_wait(thread, site, kind, object, name, count, ns_sum, ns_min, ns_max) VALUES (0, "
         "1, 'barrier', 7, '', 2, 10000000, 4000000, 6000000), "
         "(1, 1, 'barrier', 7, '', 2, 30000000, 10000000, 20000000), "
         "(0, 1, 'lock_hold', 9, '', 1, 50000000, 50000000, 50000000)");
  const SyncDigest sync = TraceReader(path).sync_digest(Filter{.threads = {0, 1}});
  ASSERT_EQ(sync.waits.size(), 2u);
  EXPECT_EQ(sync.waits[0].kind, "lock_hold");  // by time, waiting or not
  EXPECT_FALSE(sync.waits[0].waiting);
  const SyncRow &barrier = sync.waits[1];
  EXPECT_EQ(barrier.object, 7);
  EXPECT_EQ(barrier.threads, 2);
  EXPECT_EQ(barrier.count, 4);
  EXPECT_EQ(barrier.ns_sum, 40000000);
  EXPECT_EQ(barrier.ns_min, 4000000);
  EXPECT_EQ(barrier.ns_max, 20000000);
  ASSERT_EQ(barrier.per_thread.size(), 2u);  // each thread's own events, by thread
  EXPECT_EQ(barrier.per_thread[0].thread, 0);
  EXPECT_EQ(barrier.per_thread[0].ns_sum, 10000000);
  EXPECT_EQ(barrier.per_thread[0].ns_max, 6000000);
  EXPECT_EQ(barrier.per_thread[1].thread, 1);
  EXPECT_EQ(barrier.per_thread[1].count, 2);
  EXPECT_EQ(barrier.per_thread[1].ns_min, 10000000);
  EXPECT_EQ(sync.waits[0].per_thread.size(), 1u);
  auto row = std::find_if(sync.imbalance.begin(), sync.imbalance.end(),
                          [](const ImbalanceRow &r) { return r.what == "barrier"; });
  ASSERT_NE(row, sync.imbalance.end());
  EXPECT_DOUBLE_EQ(row->ns.min, 10e6);
  EXPECT_DOUBLE_EQ(row->ns.mean, 20e6);
  EXPECT_DOUBLE_EQ(row->ns.max, 30e6);
  EXPECT_DOUBLE_EQ(row->ns.cv, 0.5);
  EXPECT_EQ(row->lost_ns, 20000000);  // thread 1 waited 20 ms more than thread 0
  EXPECT_TRUE(std::none_of(sync.imbalance.begin(), sync.imbalance.end(),
                           [](const ImbalanceRow &r) { return r.what == "lock_hold"; }));
  for (std::size_t k = 1; k < sync.imbalance.size(); ++k)
    EXPECT_GE(sync.imbalance[k - 1].lost_ns, sync.imbalance[k].lost_ns) << "worst first";
}

TEST(ReaderOpen, QueriesOnDamagedTablesNameTheFile) {
  std::string path = copy_of_baseline("dropped_table.db");
  update(path, "DROP TABLE access");
  TraceReader reader(path);
  try {
    reader.lines();
    FAIL() << "no error";
  } catch (const Error &e) {
    EXPECT_EQ(std::string(e.what()).rfind(path + ": SQL error: no such table: access", 0), 0u) << e.what();
  }
}

// A cheap open skips the page check, so a truncated file opens; the first query that reads a missing page
// fails with a message naming the file, and a full open refuses it at once.
TEST(ReaderOpen, CheapOpenOfATruncatedFileFailsAtTheFirstQuery) {
  std::string path = copy_of_baseline("truncated.db");
  std::filesystem::resize_file(path, std::filesystem::file_size(path) / 2);
  EXPECT_EQ(open_error(path).rfind(path + ": is corrupt", 0), 0u) << open_error(path);
  try {
    TraceReader reader(path, TraceReader::Check::kCheap);
    reader.digest();
    reader.timeline();
    FAIL() << "no error";
  } catch (const Error &e) {
    EXPECT_EQ(std::string(e.what()).rfind(path + ": ", 0), 0u) << e.what();
  }
}

TEST(ReaderOpen, CheapOpenReadsTheSameNumbers) {
  TraceReader cheap(workspace().baseline, TraceReader::Check::kCheap);
  EXPECT_EQ(cheap.summary().totals, TraceReader(workspace().baseline).summary().totals);
}

}  // namespace
}  // namespace report_test
