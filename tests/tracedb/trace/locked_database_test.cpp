// A database another process holds locked (an import symbolizing it, a writer) is waited for, and when the
// lock outlasts the wait it is reported as locked, never as corrupt: the shared open code of tracedb, so
// pgas-report, pgas-viewer and pgas-refactor all behave so.
#include <gtest/gtest.h>
#include <sqlite3.h>

#include <thread>

#include "faults_util.hpp"
#include "fixture.hpp"
#include "pgasrun_process.hpp"

namespace {

using namespace trace_faults;
using namespace std::chrono_literals;

// Holds an exclusive lock on a database (BEGIN EXCLUSIVE) until released.
class ExclusiveLock {
 public:
  explicit ExclusiveLock(const std::string &path) {
    EXPECT_EQ(sqlite3_open(path.c_str(), &db_), SQLITE_OK);
    EXPECT_EQ(sqlite3_exec(db_, "BEGIN EXCLUSIVE", nullptr, nullptr, nullptr), SQLITE_OK);
  }
  ~ExclusiveLock() { release(); }
  void release() {
    if (db_ == nullptr) return;
    sqlite3_exec(db_, "COMMIT", nullptr, nullptr, nullptr);
    sqlite3_close(db_);
    db_ = nullptr;
  }

 private:
  sqlite3 *db_ = nullptr;
};

TEST(LockedDatabase, IsReportedAsLockedNotCorrupt) {
  ScratchDirectory scratch("pgas-trace-faults-locked");
  const std::string database = scratch / "locked.db";
  report_test::build_trace(database, report_test::baseline_spec());
  ExclusiveLock lock(database);
  auto report = launcher_test::run_program(kReport, {database});
  EXPECT_EQ(report.exit_code, 2) << report.err;
  EXPECT_NE(report.err.find(database + ": is locked by another process (waited 5 s)"), std::string::npos)
      << report.err;
  EXPECT_EQ(report.err.find("corrupt"), std::string::npos) << report.err;
  EXPECT_GE(report.seconds, 4.5) << "no busy timeout";
}

TEST(LockedDatabase, AShortLockIsWaitedFor) {
  ScratchDirectory scratch("pgas-trace-faults-locked-short");
  const std::string database = scratch / "locked.db";
  report_test::build_trace(database, report_test::baseline_spec());
  ExclusiveLock lock(database);
  std::thread releaser([&] {
    std::this_thread::sleep_for(1s);
    lock.release();
  });
  auto report = launcher_test::run_program(kReport, {database});
  releaser.join();
  EXPECT_EQ(report.exit_code, 0) << report.err;
  EXPECT_NE(report.out.find("remote"), std::string::npos) << report.out;
}

}  // namespace
