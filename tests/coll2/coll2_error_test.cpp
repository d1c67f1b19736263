// Misused Collectives 2.0 calls under pgasrun at 1-8 threads: each mode of coll2_error_program ends the job
// in bounded time with the expected status and one message naming the calls and the threads.
#include <gtest/gtest.h>

#include <regex>
#include <string>
#include <vector>

#include "misuse_runs.hpp"

namespace {

using launcher_test::run_pgasrun;

struct Case {
  const char *mode;
  bool crash;  // the thread is killed by a signal (pgasrun reports it); else the runtime stops the job (70)
  const char *message;  // regular expression; LAST is the last thread's number
  int min_threads;
};

// Thread LAST alone is refused with UPCCOLL_ERROR_<error> in an allreduce the others wait in.
#define REFUSED_ALONE(error)                                                                                 \
  R"(error: upccoll: the members of a team of LAST1 disagree on its call #1: team rank \d+ \(thread \d+\) )" \
  R"(is in upccoll_allreduce \(UPC_ADD on UPC_INT\), team rank LAST \(thread LAST\) in upccoll_allreduce, )" \
  R"(refused with UPCCOLL_ERROR_)" error
// Thread LAST skips `call`, which the others wait in, and calls upccoll_finalize: they or it report.
#define SKIPPED(call)                                                                                        \
  R"(error: (threads \d+ and \d+ called upccoll_finalize after different numbers of calls of a team of )"    \
  R"(LAST1 \((1 and 0|0 and 1)\): every member must make the same calls|thread \d+ initiated call #1 of a )" \
  R"(team of LAST1, which thread LAST, in upccoll_finalize after 0 calls, never will|thread LAST called )"   \
  R"(upccoll_finalize after 0 calls of a team of LAST1 while thread \d+ waits in )" call R"(, call #1 of )"  \
  R"(that team, which thread LAST never initiated))"

const Case kCases[] = {
    {"wait-invalid-handle", false,
     R"(pgas: thread 0: error: upccoll_wait: 0x[0-9a-f]+ is not the handle of an outstanding collective)", 1},
    {"different-collectives", false,
     R"(error: upccoll: the members of a team of \d+ disagree on its call #1: team rank \d+ \(thread \d+\) is in )"
     R"(upccoll_(bcast \(root 0\)|allreduce \(UPC_ADD on UPC_INT\)), team rank \d+ \(thread \d+\) in )"
     R"(upccoll_(allreduce \(UPC_ADD on UPC_INT\)|bcast \(root 0\)))",
     2},
    {"different-collectives-after-repeats", false,
     R"(error: upccoll: the members of a team of \d+ disagree on its call #4: team rank \d+ \(thread \d+\) is in )"
     R"(upccoll_allreduce \(UPC_ADD on UPC_INT\), team rank LAST \(thread LAST\) in upccoll_reduce \(root 0, )"
     R"(UPC_ADD on UPC_INT\))",
     2},
    {"different-sizes", false,
     R"(error: upccoll_allgatherv, call #1 of a team of \d+: team rank \d+ expects 4 bytes from rank LAST, which )"
     R"(sends 8)",
     2},
    {"different-sizes-repeated", false,
     R"(error: upccoll_alltoallv, call #4 of a team of \d+: team rank 0 expects 4 bytes from rank LAST, which )"
     R"(sends 8)",
     2},
    {"different-roots", false,
     R"(error: upccoll: the members of a team of \d+ disagree on its call #1: team rank \d+ \(thread \d+\) is in )"
     R"(upccoll_bcast \(root (0|LAST)\), team rank \d+ \(thread \d+\) in upccoll_bcast \(root (LAST|0)\))",
     2},
    // Every call of its loop disagrees: which one is found first depends on how far the roots ran alone.
    {"different-roots-repeated", false,
     R"(error: upccoll: the members of a team of \d+ disagree on its call #\d+: team rank \d+ \(thread \d+\) is in )"
     R"(upccoll_bcast \(root (0|LAST)\), team rank \d+ \(thread \d+\) in upccoll_bcast \(root (LAST|0)\))",
     2},
    {"different-counts-bcast", false,
     R"(error: upccoll_bcast, call #1 of a team of LAST1: team rank LAST expects 8 bytes from rank 0, which sends 4)",
     2},
    {"gatherv-size-mismatch", false,
     R"(error: upccoll_gatherv, call #1 of a team of LAST1: team rank 0 expects 8 bytes from rank LAST, which )"
     R"(sends 4)",
     2},
    {"different-operations", false,
     R"(error: upccoll: the members of a team of LAST1 disagree on its call #1: team rank \d+ \(thread \d+\) is )"
     R"(in upccoll_allreduce \((UPC_ADD|UPC_MAX) on UPC_INT\), team rank \d+ \(thread \d+\) in )"
     R"(upccoll_allreduce \((UPC_MAX|UPC_ADD) on UPC_INT\))",
     2},
    {"refused-alone", false, REFUSED_ALONE("RECVBUF"), 2},
    {"refused-oversized", false, REFUSED_ALONE("SIZE"), 2},
    {"skipped-nonblocking", false, SKIPPED("upccoll_bcast"), 2},
    {"exit-instead-of-collective", false,
     R"(error: thread LAST finished main \(returned or called exit\) while thread \d+ waits in upccoll_allreduce, )"
     R"(call #1 of a team of LAST1, which thread LAST never initiated)",
     2},
    {"finalize-instead-of-collective", false,
     R"(error: (thread LAST called upccoll_finalize after 0 calls of a team of LAST1 while thread \d+ waits in )"
     R"(upccoll_allreduce, call #1 of that team, which thread LAST never initiated|thread \d+ initiated call #1 )"
     R"(of a team of LAST1, which thread LAST, in upccoll_finalize after 0 calls, never will))",
     2},
    {"barrier-instead-of-collective", false,
     R"(error: thread LAST waits in its collective operation #\d+, upc_barrier, which needs thread (\d+), while )"
     R"(thread \1 waits in upccoll_allreduce, call #1 of a team of LAST1, which thread LAST has not initiated)",
     2},
    {"skipped-broadcast", false, SKIPPED("upccoll_bcast"), 2},
    {"crash-inside-collective", true,
     R"(pgasrun: thread LAST \(pid \d+\) was killed by signal 11 \(Segmentation fault\))", 1},
};

class Coll2Misuse : public launcher_test::LauncherParamTest<std::tuple<Case, int>> {};

TEST_P(Coll2Misuse, EndsTheJobWithOneMessage) {
  auto [c, threads] = GetParam();
  auto result = run_pgasrun({"-n", std::to_string(threads), COLL2_ERROR_PROGRAM, c.mode});
  const std::string pattern = launcher_test::with_thread_numbers(c.message, threads);
  if (c.crash) {
    EXPECT_EQ(result.exit_code, 128 + 11) << result.err;
    EXPECT_TRUE(std::regex_search(result.err, std::regex(pattern))) << result.err;
    EXPECT_LT(result.seconds, 15.0);
    return;
  }
  launcher_test::expect_stopped_by_misuse(result, pattern, 15.0);
  EXPECT_EQ(launcher_test::error_count(result.err), 1u) << result.err;
}

INSTANTIATE_TEST_SUITE_P(Modes, Coll2Misuse,
                         testing::ValuesIn(launcher_test::runs_at(kCases, {1, 2, 3, 4, 8})),
                         launcher_test::mode_and_threads);

}  // namespace
