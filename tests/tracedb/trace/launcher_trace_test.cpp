// pgasrun --trace when things go wrong around the job: a target that cannot be written is refused before
// the threads start; Ctrl-C ends the import step; a SIGKILLed pgasrun leaves a raw directory that
// pgas-trace-import --recover finds and imports (and leaves alone while its job still runs).
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <csignal>
#include <thread>

#include "faults_util.hpp"
#include "pgas/tracedb/database.hpp"
#include "pgasrun_process.hpp"

namespace {

using namespace trace_faults;
using pgas::tracedb::Database;
using namespace std::chrono_literals;

class UnwritableTarget : public ::testing::TestWithParam<int> {};

// /proc refuses new files even to root; the job must not run at all.
TEST_P(UnwritableTarget, IsRefusedBeforeTheJobRuns) {
  const std::string n = std::to_string(GetParam());
  auto run = launcher_test::run_pgasrun({"-n", n, "--trace", "/proc/pgas-trace-test.db", kTracedProgram});
  EXPECT_EQ(run.exit_code, 1) << run.err;
  EXPECT_NE(run.err.find("pgasrun: --trace: cannot write /proc/pgas-trace-test.db: "), std::string::npos)
      << run.err;
  EXPECT_EQ(run.out, "") << "the job ran";
}

TEST_P(UnwritableTarget, ADirectoryIsRefusedBeforeTheJobRuns) {
  ScratchDirectory scratch("pgas-trace-faults-target-dir-" + std::to_string(GetParam()));
  fs::create_directory(scratch / "taken.db");
  auto run = launcher_test::run_pgasrun(
      {"-n", std::to_string(GetParam()), "--trace", scratch / "taken.db", kTracedProgram});
  EXPECT_EQ(run.exit_code, 1) << run.err;
  EXPECT_NE(run.err.find("--trace: " + (scratch / "taken.db") + " exists and is not a regular file"),
            std::string::npos)
      << run.err;
  EXPECT_EQ(run.out, "") << "the job ran";
  EXPECT_TRUE(fs::is_empty(scratch / "taken.db"));
}

INSTANTIATE_TEST_SUITE_P(Threads, UnwritableTarget, ::testing::Values(1, 2, 4, 8),
                         [](const auto &info) { return "n" + std::to_string(info.param); });

// An importer that cannot run (not built, a wrong PGAS_TRACE_IMPORT) is found before the job runs: the job
// would otherwise leave its whole trace in raw files in /dev/shm.
TEST_P(UnwritableTarget, AMissingImporterIsRefusedBeforeTheJobRuns) {
  ScratchDirectory scratch("pgas-trace-faults-no-importer-" + std::to_string(GetParam()));
  const std::string database = scratch / "t.db", importer = scratch / "pgas-trace-import";
  auto run =
      launcher_test::run_pgasrun({"-n", std::to_string(GetParam()), "--trace", database, kTracedProgram},
                                 {{"PGAS_TRACE_IMPORT", importer}});
  EXPECT_EQ(run.exit_code, 1) << run.err;
  EXPECT_NE(run.err.find("pgasrun: cannot run the trace importer " + importer + ": "), std::string::npos)
      << run.err;
  EXPECT_EQ(run.out, "") << "the job ran";
  EXPECT_FALSE(fs::exists(database));
  EXPECT_TRUE(shm_raw_directories_of(database).empty());
}

// A traced run of 2 threads whose import step never ends: the stand-in importer (PGAS_TRACE_IMPORT) waits
// for a signal with whatever mask and dispositions pgasrun gave it. The destructor SIGKILLs it, in case a
// signal did not end it (it would outlive the test).
struct StalledImport {
  // `launch` goes before -n (e.g. --conduit mpi); `env` is added to the importer's settings.
  explicit StalledImport(const ScratchDirectory &scratch, std::vector<std::string> launch = {},
                         std::vector<std::pair<std::string, std::string>> env = {})
      : database(scratch / "interrupted.db"),
        pid_file(scratch / "importer.pid"),
        job(with_job(std::move(launch), {"-n", "2", "--trace", database, kTracedProgram}),
            with_job(std::move(env),
                     {{"PGAS_TRACE_IMPORT", kStalledImporter}, {"STALLED_IMPORTER_PID_FILE", pid_file}})) {}
  template <typename T>
  static std::vector<T> with_job(std::vector<T> first, std::vector<T> rest) {
    first.insert(first.end(), rest.begin(), rest.end());
    return first;
  }
  ~StalledImport() {
    if (importer_pid > 0) kill(importer_pid, SIGKILL);
  }
  // Waits until the import step has started; false if it did not within 30 s.
  bool wait_for_import() {
    for (int i = 0; i < 3000 && !fs::exists(pid_file); ++i) std::this_thread::sleep_for(10ms);
    if (!fs::exists(pid_file)) return false;
    importer_pid = std::stoi(read_file(pid_file));
    return true;
  }

  const std::string database, pid_file;  // declared before job, which uses them
  launcher_test::PgasrunProcess job;
  pid_t importer_pid = 0;
};

// pgasrun blocks SIGINT for its signalfd; the importer it starts must not inherit that. Ctrl-C (SIGINT to
// pgasrun and to the importer, as a terminal sends it to the foreground process group) must end the import
// at once, and the raw files are kept.
TEST(ImportStep, CtrlCEndsTheImport) {
  ScratchDirectory scratch("pgas-trace-faults-ctrl-c");
  StalledImport stalled(scratch);
  ASSERT_TRUE(stalled.wait_for_import()) << "the import step did not start";
  kill(stalled.importer_pid, SIGINT);
  kill(stalled.job.pid(), SIGINT);
  auto run = stalled.job.wait(20s);
  EXPECT_LT(run.seconds, 15) << run.err;
  EXPECT_NE(run.err.find("pgasrun: the trace import was ended by SIGINT"), std::string::npos) << run.err;
  auto kept = shm_raw_directories_of(stalled.database);
  ASSERT_EQ(kept.size(), 1u) << run.err;
  EXPECT_NE(run.err.find("its raw files are in " + kept.front()), std::string::npos) << run.err;
  // What the message says works.
  auto import = launcher_test::run_program(kImporter,
                                           {"--no-symbolize", "--raw-dir=" + kept.front(), stalled.database});
  EXPECT_EQ(import.exit_code, 0) << import.err;
  EXPECT_EQ(Database::open(stalled.database).scalar("SELECT complete FROM run"), 1);
  EXPECT_FALSE(fs::exists(kept.front()));
}

// SIGINT or SIGTERM sent to pgasrun alone (kill, a batch system) during the import is passed on to the
// importer, and pgasrun exits 128+S.
TEST(ImportStep, ASignalToPgasrunEndsTheImport) {
  for (int signo : {SIGINT, SIGTERM}) {
    ScratchDirectory scratch("pgas-trace-faults-signal-" + std::to_string(signo));
    StalledImport stalled(scratch);
    ASSERT_TRUE(stalled.wait_for_import()) << "the import step did not start";
    kill(stalled.job.pid(), signo);
    auto run = stalled.job.wait(20s);
    EXPECT_EQ(run.exit_code, 128 + signo) << run.err;
    EXPECT_NE(run.err.find("pgasrun: the trace import was ended by SIG"), std::string::npos) << run.err;
    auto kept = shm_raw_directories_of(stalled.database);
    ASSERT_EQ(kept.size(), 1u) << run.err;
    fs::remove_all(kept.front());
  }
}

// The same on the MPI conduit: the signal channel that supervised mpirun stays open through the import.
TEST(ImportStep, ASignalToPgasrunEndsTheImportOnTheMpiConduit) {
#ifndef PGAS_MPIRUN_FOUND
  GTEST_SKIP() << "Open MPI (mpirun) not found";
#else
  ScratchDirectory scratch("pgas-trace-faults-signal-mpi");
  StalledImport stalled(scratch, {"--conduit", "mpi", "--timeout", "60"},
                        {{"OMPI_ALLOW_RUN_AS_ROOT", "1"},
                         {"OMPI_ALLOW_RUN_AS_ROOT_CONFIRM", "1"},
                         {"PGAS_MPIRUN_FLAGS", "--mca btl vader,self"}});
  ASSERT_TRUE(stalled.wait_for_import()) << "the import step did not start";
  kill(stalled.job.pid(), SIGTERM);
  auto run = stalled.job.wait(20s);
  EXPECT_EQ(run.exit_code, 128 + SIGTERM) << run.err;
  EXPECT_NE(run.err.find("pgasrun: the trace import was ended by SIGTERM"), std::string::npos) << run.err;
  for (const auto &kept : files_containing(scratch.path(), "interrupted.db.raw-")) fs::remove_all(kept);
#endif
}

// SIGKILL of pgasrun: its threads die with it, and the raw directory stays in /dev/shm. --recover imports
// it into the database the run was traced into, and removes it.
TEST(Recover, ASigkilledRunIsRecovered) {
  for (int n : {1, 2, 4, 8}) {
    ScratchDirectory scratch("pgas-trace-faults-recover-" + std::to_string(n));
    const std::string database = scratch / "killed.db";
    {
      launcher_test::PgasrunProcess job(
          {"-n", std::to_string(n), "--trace", database, kTracedProgram, "hang"});
      ASSERT_TRUE(job.wait_for_stdout_lines(2 * n, 30s));
      // While the job runs, its directory is not a leaked one.
      auto busy = launcher_test::run_program(kImporter, {"--recover", "--no-symbolize", database});
      EXPECT_EQ(busy.exit_code, 2) << busy.err;
      EXPECT_NE(busy.err.find("no raw trace files of " + database + " left by a killed job"),
                std::string::npos)
          << busy.err;
      ASSERT_EQ(shm_raw_directories_of(database).size(), 1u);
      kill(job.pid(), SIGKILL);
      EXPECT_EQ(job.wait(20s).exit_code, -SIGKILL);
    }
    auto leaked = shm_raw_directories_of(database);
    ASSERT_EQ(leaked.size(), 1u);
    ASSERT_FALSE(fs::exists(database));
    // The threads die of the launcher's death; until they have, the directory is still in use.
    ASSERT_TRUE(wait_until_unused(leaked.front()));
    auto recover = launcher_test::run_program(kImporter, {"--recover", "--no-symbolize", database});
    ASSERT_EQ(recover.exit_code, 0) << recover.err;
    EXPECT_NE(recover.err.find("--recover: " + leaked.front() + " holds a trace of " + database),
              std::string::npos)
        << recover.err;
    EXPECT_NE(recover.err.find("from " + std::to_string(n) + " of " + std::to_string(n) +
                               " threads (partial trace"),
              std::string::npos)
        << recover.err;
    Database db = Database::open(database);
    EXPECT_EQ(db.scalar("SELECT complete FROM run"), 0);
    EXPECT_EQ(db.scalar("SELECT count(*) FROM thread WHERE remote_count > 0"), n > 1 ? n : 0);
    EXPECT_FALSE(fs::exists(leaked.front()));
  }
}

// A database written after the killed run started (by a later run) is worth more: --recover keeps it and
// the raw directory, and says how to import it elsewhere.
TEST(Recover, ALaterDatabaseIsNotReplaced) {
  ScratchDirectory scratch("pgas-trace-faults-recover-later");
  const std::string database = scratch / "killed.db";
  {
    launcher_test::PgasrunProcess job({"-n", "2", "--trace", database, kTracedProgram, "hang"});
    ASSERT_TRUE(job.wait_for_stdout_lines(4, 30s));
    kill(job.pid(), SIGKILL);
    job.wait(20s);
  }
  ASSERT_EQ(shm_raw_directories_of(database).size(), 1u);
  ASSERT_TRUE(wait_until_unused(shm_raw_directories_of(database).front()));
  auto later = launcher_test::run_pgasrun({"-n", "4", "--trace", database, kTracedProgram});
  ASSERT_EQ(later.exit_code, 0) << later.err;
  EXPECT_NE(later.err.find("trace(s) of killed jobs are still in /dev/shm/pgas-trace-*: 'pgas-trace-import "
                           "--recover' imports them"),
            std::string::npos)
      << later.err;
  auto leaked = shm_raw_directories_of(database);
  ASSERT_EQ(leaked.size(), 1u);
  auto recover = launcher_test::run_program(kImporter, {"--recover", "--no-symbolize", database});
  EXPECT_EQ(recover.exit_code, 2) << recover.err;
  EXPECT_NE(recover.err.find(database + " was written by another run after this one started: not replaced"),
            std::string::npos)
      << recover.err;
  EXPECT_NE(recover.err.find("--raw-dir=" + leaked.front()), std::string::npos) << recover.err;
  EXPECT_EQ(Database::open(database).scalar("SELECT threads FROM run"), 4);
  ASSERT_TRUE(fs::exists(leaked.front()));
  auto elsewhere = launcher_test::run_program(
      kImporter, {"--no-symbolize", "--raw-dir=" + leaked.front(), scratch / "recovered.db"});
  EXPECT_EQ(elsewhere.exit_code, 0) << elsewhere.err;
  EXPECT_EQ(Database::open(scratch / "recovered.db").scalar("SELECT threads FROM run"), 2);
}

// A run in which no thread recorded anything (here the preloaded library is not the tracer) leaves no raw
// directory behind: there is nothing to recover.
TEST(EmptyRawDirectory, IsNotKept) {
  ScratchDirectory scratch("pgas-trace-faults-nothing-recorded");
  const std::string database = scratch / "none.db";
  auto run = launcher_test::run_pgasrun({"-n", "2", "--trace", database, kTracedProgram},
                                        {{"PGAS_TRACE_LIBRARY", kRenameStall}});
  EXPECT_EQ(run.exit_code, 1) << run.err;
  EXPECT_NE(run.err.find("no raw trace files in it"), std::string::npos) << run.err;
  EXPECT_TRUE(shm_raw_directories_of(database).empty());
}

TEST(EmptyRawDirectory, IsRemovedByRecover) {
  ScratchDirectory scratch("pgas-trace-faults-recover-nothing");
  const std::string database = scratch / "none.db";
  char name[] = "/dev/shm/pgas-trace-XXXXXX";
  ASSERT_NE(mkdtemp(name), nullptr);
  write_file(std::string(name) + "/job", "database=" + database + "\nconduit=shm\n");
  auto recover = launcher_test::run_program(kImporter, {"--recover", "--no-symbolize", database});
  EXPECT_EQ(recover.exit_code, 0) << recover.err;
  EXPECT_NE(recover.err.find(std::string(name) + ": no thread recorded anything; removed"), std::string::npos)
      << recover.err;
  EXPECT_FALSE(fs::exists(name));
}

// Under --conduit mpi the raw directory is DB.raw-XXXXXX beside the database; --recover DB finds it there
// and records the conduit its job file names.
TEST(Recover, ADirectoryBesideTheDatabaseIsRecovered) {
  ScratchDirectory scratch("pgas-trace-faults-recover-beside");
  const std::string database = scratch / "mpi.db";
  ASSERT_EQ(run_preloaded(database, 2).exit_code, 0);
  const std::string leaked = database + ".raw-Ab12Cd";
  fs::rename(database + ".raw", leaked);
  write_file(leaked + "/job", "database=" + database + "\nconduit=mpi\n");
  auto recover = launcher_test::run_program(kImporter, {"--recover", "--no-symbolize", database});
  ASSERT_EQ(recover.exit_code, 0) << recover.err;
  EXPECT_NE(recover.err.find("--recover: " + leaked + " holds a trace of " + database), std::string::npos)
      << recover.err;
  EXPECT_EQ(Database::open(database).scalar("SELECT conduit = 'mpi' AND threads = 2 FROM run"), 1);
  EXPECT_FALSE(fs::exists(leaked));
}

}  // namespace
