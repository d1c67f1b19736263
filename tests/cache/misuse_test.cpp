// Misuse of the cache stops the job with status 70 and one clear message from the thread that made it.
#include <gtest/gtest.h>

#include <regex>
#include <string>

#include "pgasrun_process.hpp"

namespace {

struct Case {
  const char *mode;
  const char *message;  // regular expression the error line must match
  int min_threads = 1;  // local elements are never cached, so some mistakes need a remote element
};

const Case kCases[] = {
    {"get-before-download", R"(pgas::cache::get: no download in this tile yet)"},
    {"get-during-download", R"(pgas::cache::get: the download is in flight \(call finish_download first\))"},
    {"put-after-close", R"(pgas::cache::put: use of a closed cache)"},
    {"c-put-after-close", R"(hpcstpf_put: use of a closed or invalid cache)"},
    {"unknown-policy", R"(hpcstpf_open: unknown write policy 42)"},
    {"sum-of-struct", R"(pgas::cache::open: write policy 'sum' needs a numeric element type)"},
    {"index-out-of-range", R"(pgas::cache::hint: index \d+ out of range \(\d+ elements\))"},
    {"negative-index", R"(pgas::cache::hint: index -1 out of range \(\d+ elements\))"},
    {"close-with-dirty", R"(pgas::cache::close: \d+ written elements were not uploaded)", 2},
    {"zero-chunk", R"(pgas::cache::open: chunk must be at least 1)"},
};

class CacheMisuse : public launcher_test::LauncherParamTest<std::tuple<Case, int>> {};

TEST_P(CacheMisuse, StopsTheJobWithAMessage) {
  auto [c, threads] = GetParam();
  if (threads < c.min_threads) GTEST_SKIP() << "needs " << c.min_threads << " threads";
  auto result = launcher_test::run_pgasrun({"-n", std::to_string(threads), MISUSE_PROGRAM, c.mode});
  EXPECT_EQ(result.exit_code, 70) << result.err;
  std::string pattern = "pgas-cache: thread " + std::to_string(threads - 1) + ": error: " + c.message;
  EXPECT_TRUE(std::regex_search(result.err, std::regex(pattern))) << "stderr:\n"
                                                                  << result.err << "\nexpected: " << pattern;
  EXPECT_EQ(result.out.find("was not detected"), std::string::npos) << result.out;
}

INSTANTIATE_TEST_SUITE_P(Modes, CacheMisuse,
                         testing::Combine(testing::ValuesIn(kCases), testing::Values(1, 2, 4, 8)),
                         [](const auto &info) {
                           std::string name = std::get<0>(info.param).mode;
                           for (char &ch : name)
                             if (ch == '-') ch = '_';
                           return name + "_n" + std::to_string(std::get<1>(info.param));
                         });

}  // namespace
