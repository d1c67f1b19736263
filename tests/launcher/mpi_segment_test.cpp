// The segment size on the MPI conduit when mpirun starts the ranks directly (no pgasrun to check it first):
// every rank applies pgasrun's rule once it knows the number of ranks, and a size within the rule that
// the machine cannot provide is reported naming the setting, not as a bare MPI error.
#include <string>

#include "watched_job.hpp"

namespace launcher_test {
namespace {

RunResult run_ranks_with_segment_size(const std::string &size) {
  return run_program(MPIRUN,
                     {"--oversubscribe", "-np", "2", "-x", "PGAS_SEGMENT_SIZE=" + size, JOB_PROGRAM, "exit"},
                     kMpiEnv);
}

class MpiSegmentTest : public LauncherTest {
 protected:
  void SetUp() override {
    if (std::string(MPIRUN).empty()) GTEST_SKIP() << "Open MPI (mpirun) not found";
  }
};

TEST_F(MpiSegmentTest, RanksRefuseSegmentsTooLargeForTheJob) {
  RunResult r = run_ranks_with_segment_size("20000GiB");
  EXPECT_EQ(r.exit_code, 70) << r.err;
  EXPECT_NE(r.err.find("error: PGAS_SEGMENT_SIZE: 20000GiB is too large for 2 threads: every thread maps the "
                       "segments of all 2, which together may take at most 32768GiB (16384GiB per thread)"),
            std::string::npos)
      << r.err;
}

// 2 x 16384GiB is within the rule; osc/sm then needs 32 TiB of /dev/shm, which no machine here has.
TEST_F(MpiSegmentTest, RanksNameTheSettingWhenTheWindowCannotBeAllocated) {
  RunResult r = run_ranks_with_segment_size("16384GiB");
  EXPECT_EQ(r.exit_code, 70) << r.err;
  EXPECT_NE(
      r.err.find("error: cannot allocate the 16384GiB data segment of every thread (PGAS_SEGMENT_SIZE or "
                 "pgasrun --segment-size)"),
      std::string::npos)
      << r.err;
}

}  // namespace
}  // namespace launcher_test
