// pgasrun --trace and the database it writes: an existing database is never replaced without --force, and
// --trace without a file name picks pgas.PROGRAM.PID.db in the working directory and prints it.
#include <gtest/gtest.h>

#include <regex>

#include "faults_util.hpp"
#include "pgas/tracedb/database.hpp"
#include "pgasrun_process.hpp"

namespace {

using namespace trace_faults;
using pgas::tracedb::Database;

// The number of threads the database says the run had.
long long traced_threads(const std::string &database) {
  Database db = Database::open(database);
  return db.scalar("SELECT threads FROM run").value_or(-1);
}

TEST(TraceTarget, AnExistingDatabaseIsRefusedAndKept) {
  ScratchDirectory scratch("pgas-trace-target-existing");
  const std::string database = scratch / "kept.db";
  write_file(database, "an earlier trace");
  auto run = launcher_test::run_pgasrun({"-n", "2", "--trace", database, kTracedProgram});
  EXPECT_EQ(run.exit_code, 1) << run.err;
  EXPECT_NE(run.err.find("pgasrun: --trace: " + database +
                         " already exists; choose another name, or add --force to replace it"),
            std::string::npos)
      << run.err;
  EXPECT_EQ(run.out, "") << "the job ran";
  EXPECT_EQ(read_file(database), "an earlier trace");
}

TEST(TraceTarget, ForceReplacesAnExistingDatabase) {
  ScratchDirectory scratch("pgas-trace-target-force");
  const std::string database = scratch / "replaced.db";
  write_file(database, "an earlier trace");
  auto run = launcher_test::run_pgasrun({"-n", "2", "--trace", database, "--force", kTracedProgram});
  ASSERT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(traced_threads(database), 2);
}

TEST(TraceTarget, ForceWithoutTraceIsAUsageError) {
  auto run = launcher_test::run_pgasrun({"-n", "1", "--force", kTracedProgram});
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_NE(run.err.find("--force go with --trace"), std::string::npos) << run.err;
}

// --trace followed by the program: the name is pgasrun's, in the working directory, and printed first.
TEST(TraceTarget, WithoutAFileNamePgasrunNamesTheDatabase) {
  ScratchDirectory scratch("pgas-trace-target-named");
  auto run = launcher_test::run_program(launcher_test::kPgasrun, {"-n", "2", "--trace", kTracedProgram}, {},
                                        scratch.path().string());
  ASSERT_EQ(run.exit_code, 0) << run.err;
  std::smatch named;
  const std::string pattern =
      "^pgasrun: tracing into (" + scratch.path().string() + "/pgas\\.traced_program\\.[0-9]+\\.db)\n";
  ASSERT_TRUE(std::regex_search(run.err, named, std::regex(pattern))) << run.err;
  EXPECT_EQ(traced_threads(named[1]), 2);
  EXPECT_NE(run.err.find("pgasrun: trace " + named[1].str() + ": "), std::string::npos) << run.err;
}

// --trace=FILE names any file; --trace FILE only one ending in .db, else FILE is the program.
TEST(TraceTarget, AnAttachedNameNeedNotEndInDb) {
  ScratchDirectory scratch("pgas-trace-target-attached");
  const std::string database = scratch / "trace.sqlite";
  auto run = launcher_test::run_pgasrun({"-n", "1", "--trace=" + database, kTracedProgram});
  ASSERT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(traced_threads(database), 1);
}

TEST(TraceTarget, ANameNotEndingInDbIsTheProgram) {
  ScratchDirectory scratch("pgas-trace-target-program");
  auto run = launcher_test::run_program(launcher_test::kPgasrun,
                                        {"-n", "1", "--trace", "no-such-trace", kTracedProgram}, {},
                                        scratch.path().string());
  EXPECT_EQ(run.exit_code, 127) << run.err;
  EXPECT_NE(run.err.find("'no-such-trace'"), std::string::npos) << run.err;
  EXPECT_TRUE(fs::is_empty(scratch.path()));
}

}  // namespace
