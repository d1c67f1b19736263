// Misuse stops the job: exit status 70 (launch::kRuntimeErrorExit) and one message naming the object,
// the index and the thread, at 1, 2, 4 and 8 threads.
#include <gtest/gtest.h>

#include <regex>
#include <string>

#include "pgasrun_process.hpp"

namespace {

using launcher_test::run_pgasrun;

struct Case {
  const char *mode;
  const char *message;  // regular expression the error line must match
  int min_threads = 1;
};

const Case kCases[] = {
    {"index", R"(thread LAST: error: index 10 out of range for shared array 'D' \(allocated at misuse_program.cpp:\d+\) \(10 elements\))"},
    {"unnamed-index", R"(thread LAST: error: index 7 out of range for shared array #\d+ \(allocated at misuse_program.cpp:\d+\) \(4 elements\))"},
    {"pointer-range", R"(thread LAST: error: .*index (\d+) out of range for shared array 'D')"},
    {"use-after-free", R"(thread LAST: error: .*use of upc_all_alloc object #\d+ \(allocated at misuse_program.cpp:\d+\) after it was freed)"},
    {"double-free", R"(thread \d+: error: upc_free: use of upc_alloc object #\d+ \(allocated at misuse_program.cpp:\d+\) after it was freed)"},
    {"unlock-not-held", R"(thread LAST: error: upc_unlock: lock #\d+ is not held by any thread)"},
    {"lock-after-free", R"(thread LAST: error: upc_lock: lock #\d+ was freed)"},
    {"lock-twice", R"(thread LAST: error: upc_lock: this thread already holds lock #\d+)"},
    {"barrier-mismatch", R"(thread \d+: error: (upc_barrier: barrier id mismatch: thread 0 used 1 but thread \d+ used 2|upc_wait: upc_wait\(2\) does not match this thread's upc_notify\(1\)))"},
    {"wait-without-notify", R"(thread \d+: error: upc_wait: upc_wait without a preceding upc_notify)"},
    {"alloc-mismatch", R"(thread 0: error: (upc_all_alloc called with different arguments: argument 3 is 1 on thread 0 but 2 on thread 1|remote_alloc: element size 0))"},
    {"heap-exhausted", R"(thread 0: error: shared heap exhausted: .* for the object allocated at misuse_program.cpp:\d+ .*raise pgasrun --segment-size)"},
    {"before-init", R"(pgas: error: upc_global_lock_alloc called before the PGAS runtime was initialized)"},
};

class Misuse : public testing::TestWithParam<std::tuple<Case, int>> {};

TEST_P(Misuse, StopsTheJobWithAMessage) {
  auto [c, threads] = GetParam();
  auto result = run_pgasrun({"-n", std::to_string(threads), MISUSE_PROGRAM, c.mode});
  EXPECT_EQ(result.exit_code, 70) << result.err;
  std::string pattern = std::regex_replace(std::string(c.message), std::regex("LAST"), std::to_string(threads - 1));
  EXPECT_TRUE(std::regex_search(result.err, std::regex(pattern))) << "stderr:\n" << result.err << "\nexpected: " << pattern;
  EXPECT_EQ(result.out.find("was not detected"), std::string::npos) << result.out;
  EXPECT_LT(result.seconds, 10.0);
}

INSTANTIATE_TEST_SUITE_P(Modes, Misuse, testing::Combine(testing::ValuesIn(kCases), testing::Values(1, 2, 4, 8)),
                         [](const auto &info) {
                           std::string name = std::get<0>(info.param).mode;
                           for (char &ch : name)
                             if (ch == '-') ch = '_';
                           return name + "_n" + std::to_string(std::get<1>(info.param));
                         });

TEST(JobExit, UpcGlobalExitEndsEveryThreadWithItsStatus) {
  for (int threads : {1, 2, 4, 8}) {
    auto result = run_pgasrun({"-n", std::to_string(threads), MISUSE_PROGRAM, "global-exit"});
    EXPECT_EQ(result.exit_code, 5) << threads << " threads: " << result.err;
    EXPECT_LT(result.seconds, 5.0);
    EXPECT_EQ(result.out.find("was not detected"), std::string::npos);
  }
}

}  // namespace
