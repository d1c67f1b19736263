// Two traced runs to one --trace path: each import writes its own temporary file and renames it into place,
// so the database is always one run's complete trace, nothing is left behind, and the import that replaces
// a database written while its run ran says so. An import interrupted before it publishes leaves neither a
// temporary file nor a database, and keeps the raw files.
#include <gtest/gtest.h>

#include <csignal>
#include <thread>

#include "faults_util.hpp"
#include "pgas/tracedb/database.hpp"
#include "pgasrun_process.hpp"

namespace {

using namespace trace_faults;
using pgas::tracedb::Database;
using namespace std::chrono_literals;

void expect_valid_trace(const std::string &database, long threads) {
  Database db = Database::open(database);
  auto check = db.prepare("PRAGMA integrity_check");
  ASSERT_TRUE(check.step());
  EXPECT_EQ(check.text(0), "ok");
  EXPECT_EQ(db.scalar("SELECT threads FROM run"), threads);
  EXPECT_EQ(db.scalar("SELECT count(*) FROM thread"), threads);
}

// Both jobs wait after their accesses until interrupted, then both import at the same moment.
TEST(ConcurrentImport, TwoRunsToOnePathBothImport) {
  for (int n : {1, 2, 4}) {
    ScratchDirectory scratch("pgas-trace-faults-concurrent-" + std::to_string(n));
    const std::string database = scratch / "same.db";
    const std::vector<std::string> args = {"-n",      std::to_string(n), "--timeout",    "60",
                                           "--trace", database,          kTracedProgram, "hang"};
    launcher_test::PgasrunProcess a(args), b(args);
    ASSERT_TRUE(a.wait_for_stdout_lines(2 * n, 30s));
    ASSERT_TRUE(b.wait_for_stdout_lines(2 * n, 30s));
    kill(a.pid(), SIGINT);
    kill(b.pid(), SIGINT);
    auto ra = a.wait(60s), rb = b.wait(60s);
    for (const auto *r : {&ra, &rb}) {
      EXPECT_EQ(r->exit_code, 128 + SIGINT) << r->err;
      EXPECT_NE(r->err.find("pgasrun: trace " + database + ": "), std::string::npos) << r->err;
      EXPECT_EQ(r->err.find("could not be written"), std::string::npos) << r->err;
    }
    expect_valid_trace(database, n);
    EXPECT_EQ(files_containing(scratch.path(), ".importing"), std::vector<std::string>{});
    EXPECT_TRUE(shm_raw_directories_of(database).empty());
  }
}

// B started before A finished: A's database is replaced by B's (the last import wins), and B says so.
TEST(ConcurrentImport, TheLastImportWinsAndSaysSo) {
  ScratchDirectory scratch("pgas-trace-faults-last-wins");
  const std::string database = scratch / "same.db";
  launcher_test::PgasrunProcess b(
      {"-n", "2", "--timeout", "60", "--trace", database, kTracedProgram, "hang"});
  ASSERT_TRUE(b.wait_for_stdout_lines(4, 30s));
  auto a = launcher_test::run_pgasrun({"-n", "4", "--timeout", "60", "--trace", database, kTracedProgram});
  ASSERT_EQ(a.exit_code, 0) << a.err;
  EXPECT_EQ(a.err.find("written by another run"), std::string::npos) << a.err;
  expect_valid_trace(database, 4);
  kill(b.pid(), SIGINT);
  auto rb = b.wait(60s);
  EXPECT_EQ(rb.exit_code, 128 + SIGINT) << rb.err;
  EXPECT_NE(rb.err.find("warning: " + database +
                        " was written by another run while this one ran; this run's trace replaces it"),
            std::string::npos)
      << rb.err;
  expect_valid_trace(database, 2);
}

// The importer is stopped just before its rename (a preloaded rename that waits) and interrupted there.
TEST(InterruptedImport, LeavesNoTemporaryFile) {
  for (int signo : {SIGINT, SIGTERM}) {
    ScratchDirectory scratch("pgas-trace-faults-interrupted-import-" + std::to_string(signo));
    const std::string database = scratch / "x.db", marker = scratch / "stalled";
    ASSERT_EQ(run_preloaded(database, 2).exit_code, 0);
    launcher_test::Process import(kImporter, {database},
                                  {{"LD_PRELOAD", kRenameStall}, {"RENAME_STALL_MARKER", marker}});
    for (int i = 0; i < 3000 && !fs::exists(marker); ++i) std::this_thread::sleep_for(10ms);
    ASSERT_TRUE(fs::exists(marker)) << "the import did not reach its rename";
    EXPECT_EQ(files_containing(scratch.path(), ".importing-").size(), 1u);
    kill(import.pid(), signo);
    EXPECT_EQ(import.wait(20s).exit_code, -signo);
    EXPECT_EQ(files_containing(scratch.path(), ".importing"), std::vector<std::string>{});
    EXPECT_FALSE(fs::exists(database));
    EXPECT_TRUE(fs::exists(database + ".raw/thread-0.bin"));
    EXPECT_TRUE(fs::exists(database + ".raw/thread-1.bin"));
  }
}

}  // namespace
