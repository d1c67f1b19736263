// The recorder never writes through a link or into a directory another user controls: a traced run as root
// whose raw directory another user prepared with a symbolic link to a victim file leaves the victim alone and
// fails clearly (the thread exits 73 naming the directory).
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include "faults_util.hpp"
#include "pgas/tracedb/database.hpp"
#include "pgasrun_process.hpp"

namespace {

using namespace trace_faults;

constexpr uid_t kNobody = 65534;
constexpr const char *kSecret = "the victim's contents\n";

class RawDirectory : public ::testing::Test {
 protected:
  void SetUp() override {
    fs::create_directories(victim_dir.path() / "private");
    fs::permissions(victim_dir.path() / "private", fs::perms(0700));
    write_file(victim, kSecret);
  }
  // The victim is unchanged: same contents, and it is still the only thing there.
  void expect_victim_untouched() {
    EXPECT_EQ(read_file(victim), kSecret);
    EXPECT_EQ(fs::file_size(victim), std::string(kSecret).size());
  }
  ScratchDirectory scratch{"pgas-trace-faults-rawdir"};
  ScratchDirectory victim_dir{"pgas-trace-faults-victim"};
  std::string victim = (victim_dir.path() / "private" / "secret").string();
  std::string database = scratch / "v.db";
  std::string raw = database + ".raw";
};

TEST_F(RawDirectory, AnotherUsersDirectoryWithALinkIsRefused) {
  if (geteuid() != 0) GTEST_SKIP() << "needs root (to hand a directory to another user)";
  fs::create_directory(raw);
  fs::create_symlink(victim, raw + "/thread-0.bin");
  ASSERT_EQ(lchown((raw + "/thread-0.bin").c_str(), kNobody, kNobody), 0);
  ASSERT_EQ(chown(raw.c_str(), kNobody, kNobody), 0);
  auto run = run_preloaded(database, 1);
  EXPECT_EQ(run.exit_code, 73) << run.err;
  EXPECT_NE(run.err.find(raw + " belongs to uid 65534, not to this user (uid 0)"), std::string::npos)
      << run.err;
  EXPECT_EQ(run.out.find("sum"), std::string::npos) << "the program ran untraced: " << run.out;
  expect_victim_untouched();
  EXPECT_TRUE(fs::is_symlink(raw + "/thread-0.bin"));  // another user's files are not touched either
}

TEST_F(RawDirectory, AnotherUsersEmptyDirectoryIsRefused) {
  if (geteuid() != 0) GTEST_SKIP() << "needs root (to hand a directory to another user)";
  fs::create_directory(raw);
  fs::permissions(raw, fs::perms(0700));
  ASSERT_EQ(chown(raw.c_str(), kNobody, kNobody), 0);
  auto run = run_preloaded(database, 1);
  EXPECT_EQ(run.exit_code, 73) << run.err;
  EXPECT_NE(run.err.find("belongs to uid 65534"), std::string::npos) << run.err;
  EXPECT_TRUE(fs::is_empty(raw));
}

TEST_F(RawDirectory, ADirectoryOthersCanWriteIsRefused) {
  fs::create_directory(raw);
  fs::permissions(raw, fs::perms(01777));
  auto run = run_preloaded(database, 1);
  EXPECT_EQ(run.exit_code, 73) << run.err;
  EXPECT_NE(run.err.find(raw + " is writable by other users (mode 1777)"), std::string::npos) << run.err;
}

TEST_F(RawDirectory, ALinkInPlaceOfTheDirectoryIsNotFollowed) {
  fs::create_directory_symlink(victim_dir.path() / "private", raw);
  auto run = run_preloaded(database, 1);
  EXPECT_EQ(run.exit_code, 73) << run.err;
  EXPECT_NE(run.err.find(raw + " is a symbolic link"), std::string::npos) << run.err;
  expect_victim_untouched();
  EXPECT_FALSE(fs::exists(victim_dir.path() / "private" / "thread-0.bin"));
}

// In the user's own directory, an old link is replaced by a new file (created exclusively, mode 0600), and
// the trace imports.
TEST_F(RawDirectory, ALinkInTheUsersOwnDirectoryIsReplacedNotFollowed) {
  fs::create_directory(raw);
  fs::permissions(raw, fs::perms(0700));
  fs::create_symlink(victim, raw + "/thread-0.bin");
  auto run = run_preloaded(database, 1);
  ASSERT_EQ(run.exit_code, 0) << run.err;
  expect_victim_untouched();
  struct stat st {};
  ASSERT_EQ(lstat((raw + "/thread-0.bin").c_str(), &st), 0);
  EXPECT_TRUE(S_ISREG(st.st_mode));
  EXPECT_EQ(st.st_mode & 0777, 0600u);
  auto import = launcher_test::run_program(kImporter, {"--no-symbolize", database});
  ASSERT_EQ(import.exit_code, 0) << import.err;
  EXPECT_EQ(pgas::tracedb::Database::open(database).scalar("SELECT complete FROM run"), 1);
}

// The recorder makes a missing directory itself, mode 0700.
TEST_F(RawDirectory, ANewDirectoryIsPrivate) {
  auto run = run_preloaded(database, 1);
  ASSERT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(fs::status(raw).permissions() & fs::perms::mask, fs::perms(0700));
  EXPECT_EQ(fs::status(raw + "/thread-0.bin").permissions() & fs::perms::mask, fs::perms(0600));
}

}  // namespace

// pgasrun --conduit mpi puts the raw files beside the database, in a new private directory of its own
// (mkdtemp): a DB.raw another user prepared is neither used nor deleted, and nothing is left after the
// import.
TEST_F(RawDirectory, MpiConduitUsesAFreshPrivateDirectory) {
#ifndef PGAS_MPIRUN_FOUND
  GTEST_SKIP() << "Open MPI (mpirun) not found";
#else
  if (geteuid() != 0) GTEST_SKIP() << "needs root (to hand a directory to another user)";
  fs::create_directory(raw);
  fs::create_symlink(victim, raw + "/thread-0.bin");
  ASSERT_EQ(lchown((raw + "/thread-0.bin").c_str(), kNobody, kNobody), 0);
  ASSERT_EQ(chown(raw.c_str(), kNobody, kNobody), 0);
  auto run = launcher_test::run_pgasrun(
      {"--conduit", "mpi", "-n", "2", "--timeout", "60", "--trace", database, kTracedProgram},
      {{"OMPI_ALLOW_RUN_AS_ROOT", "1"},
       {"OMPI_ALLOW_RUN_AS_ROOT_CONFIRM", "1"},
       {"PGAS_MPIRUN_FLAGS", "--mca btl vader,self"}});
  ASSERT_EQ(run.exit_code, 0) << run.err;
  expect_victim_untouched();
  EXPECT_TRUE(fs::is_symlink(raw + "/thread-0.bin")) << "another user's directory was changed";
  EXPECT_EQ(pgas::tracedb::Database::open(database).scalar("SELECT conduit = 'mpi' FROM run"), 1);
  EXPECT_EQ(files_containing(scratch.path(), ".raw-"), std::vector<std::string>{});
#endif
}
