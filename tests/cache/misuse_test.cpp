// Misuse of the cache stops the job with status 70 and one clear message from the thread that made it.
#include <gtest/gtest.h>

#include <regex>
#include <string>

#include "misuse_runs.hpp"

namespace {

struct Case {
  const char *mode;
  const char *message;  // regular expression the error line must match
  int min_threads = 1;  // local elements are never cached, so some mistakes need a remote element
};

const Case kCases[] = {
    {"get-before-download", R"(pgas::cache::get: no download in this tile yet)"},
    {"get-during-download", R"(pgas::cache::get: the download is in flight \(call finish_download first\))"},
    {"put-in-run", R"(pgas::cache::put: the element is in a run read in this tile)"},
    {"put-in-strided-run", R"(pgas::cache::put: the element is in a run read in this tile)"},
    {"strided-run-out-of-range", R"(pgas::cache::run: the run reaches past the cached object)"},
    {"put-in-kept-run", R"(pgas::cache::put: the element is in a run kept until close)"},
    {"run-out-of-range", R"(pgas::cache::run: the run reaches past the cached object)"},
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
  auto result = launcher_test::run_pgasrun({"-n", std::to_string(threads), MISUSE_PROGRAM, c.mode});
  launcher_test::expect_stopped_by_misuse(
      result, "pgas-cache: thread " + std::to_string(threads - 1) + ": error: " + c.message, 30.0);
}

INSTANTIATE_TEST_SUITE_P(Modes, CacheMisuse, testing::ValuesIn(launcher_test::runs_at(kCases, {1, 2, 4, 8})),
                         launcher_test::mode_and_threads);

}  // namespace
