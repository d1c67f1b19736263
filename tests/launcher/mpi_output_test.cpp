// pgasrun --conduit mpi --tag-output: every line a rank prints reaches pgasrun's stdout or stderr whole,
// behind one "[T] " tag, as on the shm conduit (mpirun's own --tag-output tags each piece it forwards, which
// starts tagged lines in the middle of lines).
#include <regex>
#include <sstream>
#include <string>

#include "watched_job.hpp"

namespace launcher_test {
namespace {

class MpiOutputTest : public LauncherTest {
 protected:
  void SetUp() override {
    if (std::string(MPIRUN).empty()) GTEST_SKIP() << "Open MPI (mpirun) not found";
  }
};

// The lines of `text` that do not match `line`, and how many lines there are.
std::pair<int, int> lines_and_mismatches(const std::string &text, const std::regex &line) {
  int lines = 0, broken = 0;
  std::istringstream in(text);
  for (std::string l; std::getline(in, l);) {
    ++lines;
    broken += std::regex_match(l, line) ? 0 : 1;
  }
  return {lines, broken};
}

TEST_F(MpiOutputTest, TagOutputKeepsEveryLineWhole) {
  EnvOverrides env = kMpiEnv;
  env.push_back({"PGAS_MPIRUN", MPIRUN});
  for (const int ranks : {1, 3}) {
    RunResult r = run_pgasrun(
        {"-n", std::to_string(ranks), "--conduit", "mpi", "--tag-output", JOB_PROGRAM, "lines"}, env);
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const auto [lines, broken] =
        lines_and_mismatches(r.out, std::regex(R"(\[(\d)\] line \d+ of thread \1: \.{60})"));
    EXPECT_EQ(lines, 400 * ranks) << r.out.substr(0, 2000);
    EXPECT_EQ(broken, 0) << r.out.substr(0, 2000);
    for (int t = 0; t < ranks; ++t) {
      const std::string done = "[" + std::to_string(t) + "] thread " + std::to_string(t) + " done\n";
      EXPECT_NE(r.err.find(done), std::string::npos) << r.err;
    }
  }
}

}  // namespace
}  // namespace launcher_test
