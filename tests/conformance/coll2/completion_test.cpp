// Collectives 2.0 conformance: completion management [C2 3.3] and [C2 2.5.2]: many calls of every kind in
// flight at once on overlapping teams ("even of the same kind", [2.5]), completed in a different order on
// every thread ("completion calls are allowed to be in any order"); upccoll_test returning 1 means complete
// (results readable before upccoll_wait); UPC_ASYNC_FENCE calls complete at the next upccoll_fence or at
// upccoll_finalize (that one in environment_test.cpp); blocking calls complete on return.
#include <gtest/gtest.h>

#include <memory>
#include <numeric>
#include <pgas/upc.hpp>

#include "conf_coll2.hpp"

using namespace conf2;

namespace {

// One call in flight: its buffers, how it is checked once complete.
struct Call {
  std::unique_ptr<Blocks<long>> send, recv;
  std::function<void()> check;
  upccoll_handle_t handle = UPCCOLL_INVALID_HANDLE;
  bool fenced = false;
};

enum Mode { kHandle, kFence, kBlocking };

// Initiates call number c (its kind chosen by c) on `team`: with a handle, UPC_ASYNC_FENCE, or blocking.
Call initiate(int c, const Team &team, Mode mode) {
  const bool fenced = mode == kFence;
  const int rank = team.rank(), n = team.size();
  const std::size_t nn = static_cast<std::size_t>(n), k = 1 + static_cast<std::size_t>(c) % 3;
  Call call;
  call.fenced = fenced;
  call.send = std::make_unique<Blocks<long>>(k * nn);
  call.recv = std::make_unique<Blocks<long>>(k * nn);
  Blocks<long> &s = *call.send, &r = *call.recv;
  for (std::size_t i = 0; i < k * nn; ++i) s[i] = 100L * c + 10 * rank + static_cast<long>(i);
  const upccoll_flag_t f = fenced ? UPC_ASYNC_FENCE : 0;
  upccoll_handle_t *h = mode == kHandle ? &call.handle : nullptr;
  const std::string what = team.name + ", call " + std::to_string(c);
  upccoll_return_t rc = UPCCOLL_SUCCESS;
  const int root = c % n;
  switch (c % 5) {
    case 0:
      rc = upccoll_bcast(s.at(), k, UPC_LONG, r.at(), k, UPC_LONG, root, team.team, f, h);
      call.check = [&r, c, k, root, what] {
        for (std::size_t i = 0; i < k; ++i)
          EXPECT_EQ(r[i], 100L * c + 10 * root + static_cast<long>(i)) << what;
      };
      break;
    case 1:
      rc = upccoll_allreduce(s.at(), r.at(), k, UPC_LONG, UPC_ADD, team.team, f, h);
      call.check = [&r, c, k, n, what] {
        for (std::size_t i = 0; i < k; ++i)
          EXPECT_EQ(r[i], n * (100L * c + static_cast<long>(i)) + 10L * n * (n - 1) / 2) << what;
      };
      break;
    case 2:
      rc = upccoll_alltoall(s.at(), k, UPC_LONG, r.at(), k, UPC_LONG, team.team, f, h);
      call.check = [&r, c, k, n, rank, what] {
        for (int t = 0; t < n; ++t)
          for (std::size_t i = 0; i < k; ++i)
            EXPECT_EQ(r[static_cast<std::size_t>(t) * k + i],
                      100L * c + 10 * t + static_cast<long>(static_cast<std::size_t>(rank) * k + i))
                << what;
      };
      break;
    case 3:
      rc = upccoll_scan(s.at(), r.at(), k, UPC_LONG, UPC_MAX, team.team, f, h);
      call.check = [&r, c, k, rank, what] {
        for (std::size_t i = 0; i < k; ++i)
          EXPECT_EQ(r[i], 100L * c + 10 * rank + static_cast<long>(i)) << what;
      };
      break;
    default:
      rc = upccoll_barrier(team.team, f, h);
      call.check = [] {};
      break;
  }
  EXPECT_EQ(rc, UPCCOLL_SUCCESS) << what;
  return call;
}

// 40 calls in flight, alternating between UPC_TEAM_ALL and an uneven split with reversed keys (every thread
// initiates them in the same order: the ordering graph of [2.5.1] is acyclic), some with handles, some with
// UPC_ASYNC_FENCE; each thread completes the handles in its own order (reversed, or odd positions first),
// with upccoll_fence between the two halves.
TEST(Coll2Completion, ManyCallsInFlightCompletedInAnyOrder) {
  const Team all = team_all();
  const Team thirds = split(
      "thirds reversed", all, [](int r) { return r % 3 == 0 ? 1 : 0; },
      [](int p, int m) { return m - 1 - p; });
  std::vector<Call> calls;
  for (int c = 0; c < 40; ++c)
    calls.push_back(initiate(c, c % 2 == 0 ? all : thirds, c % 7 == 3 ? kFence : kHandle));
  std::vector<std::size_t> order(calls.size());
  std::iota(order.begin(), order.end(), 0);
  if (MYTHREAD % 2 == 0) {
    std::reverse(order.begin(), order.end());
  } else {
    std::stable_partition(order.begin(), order.end(), [](std::size_t i) { return i % 2 == 1; });
  }
  for (std::size_t j = 0; j < order.size(); ++j) {
    if (j == order.size() / 2) upccoll_fence();
    Call &call = calls[order[j]];
    if (!call.fenced) upccoll_wait(call.handle);
  }
  for (Call &call : calls) call.check();
  free_team(thirds);
}

// [2.5.2] advice: "guaranteed to be complete ... upon upccoll_test returning the value 1": the results are
// read before upccoll_wait, which must still be called ([3.3] 7).
TEST(Coll2Completion, TestReturningOneMeansComplete) {
  std::vector<Team> teams = team_cases();
  for (const Team &team : teams) {
    std::vector<Call> calls;
    for (int c = 0; c < 5; ++c) calls.push_back(initiate(c, team, kHandle));
    for (auto it = calls.rbegin(); it != calls.rend(); ++it) {
      int done = 0;
      while ((done = upccoll_test(it->handle)) == 0) std::this_thread::yield();
      EXPECT_EQ(done, 1) << team.name;
      it->check();
      EXPECT_EQ(upccoll_test(it->handle), 1) << team.name;  // still complete, and still a valid handle
    }
    for (Call &call : calls) upccoll_wait(call.handle);
  }
  free_teams(teams);
}

// [3.3] 4: no UPC_ASYNC_FENCE and a NULL handle pointer: blocking, complete on return; a fence with nothing
// outstanding returns at once; [3.5.1] 2: the barrier ignores buffer ownership flags.
TEST(Coll2Completion, BlockingCallsAndEmptyFence) {
  upccoll_fence();
  const Team all = team_all();
  for (int c = 0; c < 5; ++c) {
    Call call = initiate(c, all, kBlocking);
    call.check();
  }
  for (upccoll_flag_t f : {UPC_IN_ALLSYNC, UPC_OUT_ALLSYNC, UPC_IN_NOSYNC | UPC_OUT_NOSYNC, UPC_IN_MYSYNC})
    EXPECT_EQ(upccoll_barrier(UPC_TEAM_ALL, f, nullptr), UPCCOLL_SUCCESS);
  upccoll_fence();
}

}  // namespace
