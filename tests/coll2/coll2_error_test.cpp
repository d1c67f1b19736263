// Misused Collectives 2.0 calls under pgasrun at 1-8 threads: each mode of coll2_error_program ends the job
// in bounded time with the expected status and one message naming the calls and the threads.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "pgasrun_process.hpp"

namespace {

using launcher_test::run_pgasrun;

struct Case {
  const char *mode;
  int exit_code;
  const char *message;  // regular expression; LAST is the last thread's number
  int min_threads;
};

const Case kCases[] = {
    {"wait-invalid-handle", 70,
     R"(pgas: thread 0: error: upccoll_wait: 0x[0-9a-f]+ is not the handle of an outstanding collective)", 1},
    {"different-collectives", 70,
     R"(error: upccoll: the members of a team of \d+ disagree on its call #1: team rank \d+ \(thread \d+\) is in )"
     R"(upccoll_(bcast \(root 0\)|allreduce), team rank \d+ \(thread \d+\) in upccoll_(allreduce|bcast \(root 0\)))",
     2},
    {"different-sizes", 70,
     R"(error: upccoll_allgather, call #1 of a team of \d+: team rank \d+ expects 4 bytes from rank LAST, which )"
     R"(sends 8)",
     2},
    {"exit-instead-of-collective", 70,
     R"(error: thread LAST finished main \(returned or called exit\) while thread \d+ waits in upccoll_allreduce, )"
     R"(call #1 of a team of LAST1, which thread LAST never initiated)",
     2},
    {"crash-inside-collective", 128 + 11,
     R"(pgasrun: thread LAST \(pid \d+\) was killed by signal 11 \(Segmentation fault\))", 1},
};

class Coll2Misuse : public launcher_test::LauncherParamTest<std::tuple<Case, int>> {};

TEST_P(Coll2Misuse, EndsTheJobWithOneMessage) {
  auto [c, threads] = GetParam();
  auto result = run_pgasrun({"-n", std::to_string(threads), COLL2_ERROR_PROGRAM, c.mode});
  // One message from the runtime; none for a crash, which pgasrun reports.
  launcher_test::expect_job_stopped(result, threads, c.exit_code, c.message, c.exit_code == 70 ? 1 : 0, 15.0);
}

INSTANTIATE_TEST_SUITE_P(Modes, Coll2Misuse,
                         testing::ValuesIn(launcher_test::runs_of(kCases, {1, 2, 3, 4, 8})),
                         [](const auto &info) {
                           return launcher_test::mode_run_name(std::get<0>(info.param).mode,
                                                               std::get<1>(info.param));
                         });

}  // namespace
