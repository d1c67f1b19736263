// Misused UPC 1.2 collectives under pgasrun at 1-8 threads: each mode of coll_error_program ends the job in
// bounded time with exit status 70 and one message naming the collective, the call site and the thread(s).
#include <gtest/gtest.h>

#include <regex>
#include <string>
#include <vector>

#include "misuse_runs.hpp"

namespace {

using launcher_test::run_pgasrun;

struct Case {
  const char *mode;
  const char *message;  // regular expression; LAST is the last thread's number
  int min_threads;
};

#define AT R"( at coll_error_program.cpp:\d+)"
#define FIRST R"(pgas: thread 0: error: )"

const Case kCases[] = {
    {"nbytes-zero", FIRST "upc_all_broadcast" AT R"(: nbytes is 0)", 1},
    {"nbytes-zero-while-thread-0-is-elsewhere",
     R"(pgas: thread [1-9]\d*: error: upc_all_broadcast)" AT R"(: nbytes is 0)", 2},
    {"overflow", FIRST "upc_all_gather_all" AT R"(: dst: \d+ bytes at byte 0 of thread 0's part overflow)",
     2},
    {"overflow-after-good-calls",
     FIRST "upc_all_broadcast" AT R"(: src: 16 bytes at byte 0 of thread 0's part overflow)", 1},
    {"smaller-array-after-good-calls",
     FIRST "upc_all_gather" AT R"(: dst: \d+ bytes at byte 0 of thread 0's part overflow)", 1},
    {"perm-changed-after-good-calls",
     FIRST "upc_all_permute" AT R"(: perm is not a permutation: perm\[LAST\] is LAST1?, not in)", 1},
    {"perm-changed-after-good-mysync-calls",
     FIRST "upc_all_permute" AT R"(: perm is not a permutation: perm\[LAST\] is LAST1?, not in)", 1},
    {"different-sync-mode-after-good-calls",
     R"(pgas: thread LAST: error: upc_all_broadcast)" AT
     R"( called with different single-valued arguments: sync_mode on thread LAST is \d+ but \d+ on thread 0)",
     2},
    {"different-nbytes-after-good-gathers",
     R"(pgas: thread \d+: error: upc_all_gather)" AT
     R"( called with different single-valued arguments: nbytes on thread \d+ is [48] but [48] on thread \d+)",
     2},
    // Staged: the root finds it checking the sender's digest; direct (the default at 2 threads with a CPU
    // each): the sender finds it comparing its record with thread 0's.
    {"different-sync-mode-after-good-gathers",
     R"(pgas: thread (0|LAST): error: upc_all_gather)" AT
     R"( called with different single-valued arguments: sync_mode on thread )"
     R"((0 is \d+ but \d+ on thread LAST|LAST is \d+ but \d+ on thread 0))",
     2},
    {"different-perm-after-good-calls",
     R"(pgas: thread LAST: error: upc_all_permute)" AT
     R"( called with different single-valued arguments: perm on thread LAST points elsewhere than on thread 0)",
     2},
    {"dst-not-on-thread-0",
     FIRST "upc_all_scatter" AT R"(: dst must have affinity to thread 0 \(it points to thread 1\))", 2},
    {"perm-duplicate",
     FIRST "upc_all_permute" AT R"(: perm is not a permutation: perm\[0\] and perm\[1\] are both 0)", 2},
    {"perm-duplicate-thread-0-late",
     FIRST "upc_all_permute" AT R"(: perm is not a permutation: perm\[0\] and perm\[1\] are both 0)", 2},
    {"perm-out-of-range",
     FIRST "upc_all_permute" AT R"(: perm is not a permutation: perm\[LAST\] is LAST1?, not in)", 1},
    {"bad-sync-mode", FIRST "upc_all_broadcast" AT R"(: sync_mode 0x6 is not one UPC_IN)", 1},
    {"float-and",
     FIRST R"(upc_all_reduce \(upc_all_reduceF\))" AT R"(: op UPC_AND is not defined for a floating type)",
     1},
    {"noncomm-without-func",
     FIRST R"(upc_all_prefix_reduce \(upc_all_prefix_reduceI\))" AT
           R"(: op UPC_FUNC or UPC_NONCOMM_FUNC with a null func)",
     1},
    {"sort-elem-size-zero", FIRST "upc_all_sort" AT R"(: elem_size is 0 \(it must be greater than 0\))", 1},
    {"sort-without-func", FIRST "upc_all_sort" AT R"(: func is null)", 1},
    {"sort-overflow", FIRST "upc_all_sort" AT R"(: A: 4 bytes at byte 4 of thread 0's part overflow)", 1},
    {"different-nbytes",
     R"(pgas: thread LAST: error: upc_all_broadcast)" AT
     R"( called with different single-valued arguments: nbytes on thread LAST is 8 but 4 on thread 0)",
     2},
    // The root may see the other record first (it waits for that thread's done flag).
    {"different-nbytes-mysync",
     R"(pgas: thread \d+: error: upc_all_broadcast)" AT
     R"( called with different single-valued arguments: nbytes on thread \d+ is [48] but [48] on thread \d+)",
     2},
    {"different-src",
     R"(pgas: thread \d+: error: upc_all_exchange)" AT
     R"( called with different single-valued arguments: src on thread \d+ points elsewhere than on thread \d+)",
     2},
    // A small broadcast is staged: its root waits for nobody, so it may be found one call further, in the
    // free of the broadcast's array.
    {"broadcast-against-barrier",
     R"(error: collective operations do not match: thread \d+ is in its collective operation #\d+, )"
     R"((upc_all_broadcast)" AT R"(|the collective free of shared array #\d+ \(allocated)" AT R"(\)))"
     R"(, but thread LAST is in its collective operation #\d+, upc_barrier)",
     2},
    {"gather-against-exchange",
     R"(error: collective operations do not match: thread \d+ is in its collective operation #\d+, )"
     R"(upc_all_(gather|exchange))" AT
     R"(, but thread \d+ is in its collective operation #\d+, upc_all_(exchange|gather))",
     2},
    {"nosync-gather-against-broadcast",
     R"(error: collective operations do not match: thread \d+ is in its collective operation #\d+, )"
     R"(upc_all_(gather|broadcast))" AT
     R"(, but thread \d+ is in its collective operation #\d+, upc_all_(broadcast|gather))",
     2},
    {"nosync-late-thread-0",
     R"(pgas: thread \d+: error: upc_all_broadcast)" AT
     R"( called with different single-valued arguments: nbytes on thread \d+ is 8 but 4 on thread 0)",
     2},
    {"nosync-thread-a-ring-behind",
     R"(pgas: thread LAST: error: upc_all_broadcast)" AT
     R"( called with different single-valued arguments: nbytes on thread LAST is 4 but 8 on thread 0)",
     2},
    {"staged-digest-while-thread-0-is-late",
     R"(pgas: thread LAST: error: upc_all_broadcast)" AT
     R"( called with different single-valued arguments: nbytes on thread LAST is 4 but 8 on thread 1)",
     3},
    // The root waiting in the broadcast, or a thread that went on to the barrier after it, reports it.
    {"return-during-mysync",
     R"(error: thread LAST finished main \(returned or called exit\) while thread \d+ waits in its collective )"
     R"(operation #\d+, (upc_(all_broadcast|barrier))" AT
     R"(|the collective free of shared array #\d+ \(allocated)" AT
     R"(\)), which thread LAST can never reach)",
     2},
};

class CollArgs : public launcher_test::LauncherParamTest<std::tuple<Case, int>> {};

TEST_P(CollArgs, EndsTheJobWithOneMessageNamingTheCollective) {
  auto [c, threads] = GetParam();
  auto result = run_pgasrun({"-n", std::to_string(threads), COLL_ERROR_PROGRAM, c.mode});
  launcher_test::expect_stopped_by_misuse(result, launcher_test::with_thread_numbers(c.message, threads),
                                          15.0);
  EXPECT_EQ(launcher_test::error_count(result.err), 1u) << result.err;
}

// A PGAS_COLL_MYSYNC that is not a list of known words, one of each group, stops the job naming the word.
TEST(CollVariant, AnUnknownOrRepeatedWordIsAnError) {
  const std::pair<const char *, const char *> kBad[] = {
      {"push,bogus", "PGAS_COLL_MYSYNC=push,bogus: unknown word 'bogus'"},
      {"tree,flat", "PGAS_COLL_MYSYNC=tree,flat: 'flat' chooses again between flat and tree"},
  };
  for (const auto &[value, message] : kBad) {
    auto result = run_pgasrun({"-n", "2", COLL_ERROR_PROGRAM, "nbytes-zero"}, {{"PGAS_COLL_MYSYNC", value}});
    EXPECT_EQ(result.exit_code, 70) << result.err;
    EXPECT_NE(result.err.find(message), std::string::npos) << result.err;
    EXPECT_EQ(result.err.find("nbytes is 0"), std::string::npos) << result.err;
  }
}

INSTANTIATE_TEST_SUITE_P(Modes, CollArgs, testing::ValuesIn(launcher_test::runs_at(kCases, {1, 2, 3, 4, 8})),
                         launcher_test::mode_and_threads);

}  // namespace
