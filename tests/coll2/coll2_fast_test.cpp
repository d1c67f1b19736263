// The fast lane on shm (runtime/src/coll2/fast.hpp): a blocking MYSYNC call whose arguments equal the
// team's previous one skips the checks and the operation. Every collective it takes is repeated with the
// same arguments and new data (stale data or a stale remembered call shows), then with one argument changed
// (size, root, operation, type, buffer), interleaved with handle and fence calls and calls on another team,
// each result against a sequential reference; then argument errors after good calls. CMake runs it also
// with PGAS_COLL2_FAST=0 (the general path, same results).
#include <gtest/gtest.h>

#include <optional>
#include <pgas/upc.hpp>
#include <string>

#include "coll2_util.hpp"

using namespace coll2_test;

namespace {

// What rank `rank` sends at element i in round `round`.
long value(int rank, std::size_t i, int round) {
  return (rank + 1) * 1000L + static_cast<long>(i) * 7 + round;
}

// Elements in pairs (m, c), each the map x -> m x + c; the operation composes them, inout = in o inout
// (mod 2^64): associative, not commutative, so the rank order of the combination shows (on every engine).
void compose(const long *in, long *inout) {
  const auto m = static_cast<unsigned long>(in[0]), c = static_cast<unsigned long>(in[1]);
  const auto m2 = static_cast<unsigned long>(inout[0]), c2 = static_cast<unsigned long>(inout[1]);
  inout[0] = static_cast<long>(m * m2);
  inout[1] = static_cast<long>(m * c2 + c);
}

void composed(void *in, void *inout, std::size_t count, upccoll_dtype_t) {
  for (std::size_t i = 0; i + 2 <= count; i += 2)
    compose(static_cast<const long *>(in) + i, static_cast<long *>(inout) + i);
}

// One call's arguments; `op` 0 for the data-moving kinds.
struct Setting {
  std::string kind;
  std::size_t count;
  int root;
  upccoll_op_t op;
};

// The sequential reference of x_first op ... op x_last at element i, in rank order.
long combined(upccoll_op_t op, upccoll_op_t user, int first, int last, std::size_t i, int round) {
  if (op == user) {  // the pair holding element i
    const std::size_t pair = i - i % 2;
    long result[2] = {value(last, pair, round), value(last, pair + 1, round)};
    for (int k = last - 1; k >= first; --k) {
      const long x[2] = {value(k, pair, round), value(k, pair + 1, round)};
      compose(x, result);
    }
    return result[i % 2];
  }
  long result = value(last, i, round);
  for (int k = last - 1; k >= first; --k)
    result = op == UPC_MAX ? std::max(value(k, i, round), result) : value(k, i, round) + result;
  return result;
}

// Runs `s` once on `team` (of `n` members, this thread rank `r`) with buffers `send` and `recv` and checks
// the result.
void run_and_check(const Setting &s, upccoll_team_t team, int n, int r, Buffer<long> &send,
                   Buffer<long> &recv, int round, upccoll_op_t user) {
  const std::size_t c = s.count, un = static_cast<std::size_t>(n);
  const bool rows = s.kind == "alltoall" || s.kind == "scatter" || s.kind == "reduce_scatter";
  for (std::size_t i = 0; i < (rows ? c * un : c); ++i) send[i] = value(r, i, round);
  for (std::size_t i = 0; i < recv.count; ++i) recv[i] = -1;
  upccoll_return_t result = UPCCOLL_ERROR;
  if (s.kind == "bcast")
    result = upccoll_bcast(send.pointer, c, UPC_LONG, recv.pointer, c, UPC_LONG, s.root, team, 0, nullptr);
  else if (s.kind == "scatter")
    result = upccoll_scatter(send.pointer, c, UPC_LONG, recv.pointer, c, UPC_LONG, s.root, team, 0, nullptr);
  else if (s.kind == "gather")
    result = upccoll_gather(send.pointer, c, UPC_LONG, recv.pointer, c, UPC_LONG, s.root, team, 0, nullptr);
  else if (s.kind == "allgather")
    result = upccoll_allgather(send.pointer, c, UPC_LONG, recv.pointer, c, UPC_LONG, team, 0, nullptr);
  else if (s.kind == "alltoall")
    result = upccoll_alltoall(send.pointer, c, UPC_LONG, recv.pointer, c, UPC_LONG, team, 0, nullptr);
  else if (s.kind == "reduce")
    result = upccoll_reduce(send.pointer, recv.pointer, c, UPC_LONG, s.op, s.root, team, 0, nullptr);
  else if (s.kind == "allreduce")
    result = upccoll_allreduce(send.pointer, recv.pointer, c, UPC_LONG, s.op, team, 0, nullptr);
  else if (s.kind == "scan")
    result = upccoll_scan(send.pointer, recv.pointer, c, UPC_LONG, s.op, team, 0, nullptr);
  else if (s.kind == "exscan")
    result = upccoll_exscan(send.pointer, recv.pointer, c, UPC_LONG, s.op, team, 0, nullptr);
  else if (s.kind == "reduce_scatter")
    result = upccoll_reduce_scatter(send.pointer, recv.pointer, c, UPC_LONG, s.op, team, 0, nullptr);
  ASSERT_EQ(result, UPCCOLL_SUCCESS) << s.kind;
  const std::string where = s.kind + " count " + std::to_string(c) + " root " + std::to_string(s.root) +
                            " op " + std::to_string(s.op) + " round " + std::to_string(round);
  // The expected value of recv[at], or nothing (not received).
  const auto expected = [&](std::size_t at) -> std::optional<long> {
    const std::size_t t = at / c, i = at % c;  // for the kinds with a piece per rank
    const int rank = static_cast<int>(t);
    if (s.kind == "bcast" && at < c) return value(s.root, at, round);
    if (s.kind == "scatter" && at < c) return value(s.root, static_cast<std::size_t>(r) * c + at, round);
    if (((s.kind == "gather" && r == s.root) || s.kind == "allgather") && rank < n)
      return value(rank, i, round);
    if (s.kind == "alltoall" && rank < n) return value(rank, static_cast<std::size_t>(r) * c + i, round);
    if (((s.kind == "reduce" && r == s.root) || s.kind == "allreduce") && at < c)
      return combined(s.op, user, 0, n - 1, at, round);
    if (s.kind == "scan" && at < c) return combined(s.op, user, 0, r, at, round);
    if (s.kind == "exscan" && r > 0 && at < c) return combined(s.op, user, 0, r - 1, at, round);
    if (s.kind == "reduce_scatter" && at < c)
      return combined(s.op, user, 0, n - 1, static_cast<std::size_t>(r) * c + at, round);
    return std::nullopt;
  };
  for (std::size_t at = 0; at < recv.count; ++at) {
    const std::optional<long> want = expected(at);
    if (want) {
      EXPECT_EQ(recv[at], *want) << where << " at " << at;
    } else if (s.kind != "exscan") {  // exscan's rank 0 recvbuf is undefined
      EXPECT_EQ(recv[at], -1) << where << " at " << at << ": written, not received";
    }
  }
}

TEST(Coll2Fast, RepeatedAndChangedArgumentsInterleaved) {
  Library library;
  upccoll_op_t user = 0;
  ASSERT_EQ(upccoll_op_create(composed, 0, &user), UPCCOLL_SUCCESS);
  const std::vector<TeamCase> cases = team_cases();
  const std::size_t most = 64 * static_cast<std::size_t>(THREADS);
  Buffer<long> send_a(most), recv_a(most), send_b(most), recv_b(most), other(4);
  int round = 0;
  for (std::size_t which = 0; which < 2; ++which) {  // UPC_TEAM_ALL and odd/even
    const TeamCase &tc = cases[which];
    const int n = static_cast<int>(tc.members.size());
    const int r =
        static_cast<int>(std::find(tc.members.begin(), tc.members.end(), MYTHREAD) - tc.members.begin());
    const std::vector<Setting> settings = {{"allreduce", 1, 0, UPC_ADD},
                                           {"allreduce", 3, 0, UPC_ADD},
                                           {"allreduce", 3, 0, UPC_MAX},
                                           {"allreduce", 2, 0, user},
                                           {"bcast", 1, 0, 0},
                                           {"bcast", 1, n - 1, 0},
                                           {"bcast", 8, n / 2, 0},
                                           {"reduce", 1, n - 1, UPC_ADD},
                                           {"reduce", 4, 0, user},
                                           {"allgather", 1, 0, 0},
                                           {"allgather", 5, 0, 0},
                                           {"alltoall", 1, 0, 0},
                                           {"alltoall", 3, 0, 0},
                                           {"scan", 1, 0, UPC_ADD},
                                           {"scan", 2, 0, user},
                                           {"exscan", 1, 0, UPC_ADD},
                                           {"scatter", 2, n - 1, 0},
                                           {"gather", 2, 0, 0},
                                           {"reduce_scatter", 1, 0, UPC_ADD},
                                           {"reduce_scatter", 3, 0, UPC_MAX},
                                           {"reduce_scatter", 2, 0, user},
                                           {"allreduce", 64, 0, UPC_ADD},
                                           {"allreduce", 1, 0, UPC_ADD}};
    for (std::size_t k = 0; k < settings.size(); ++k) {
      SCOPED_TRACE(tc.name + ", setting " + std::to_string(k));
      // Three times with the same arguments (the fast lane from the second), alternating buffers every
      // other setting (a changed buffer argument).
      Buffer<long> &send = k % 2 == 0 ? send_a : send_b, &recv = k % 2 == 0 ? recv_a : recv_b;
      for (int repeat = 0; repeat < 3; ++repeat)
        run_and_check(settings[k], tc.team, n, r, send, recv, ++round, user);
      // Interleaved: a call with a handle, a fenced call, and a call on UPC_TEAM_ALL (another team when tc is
      // the split).
      other[0] = MYTHREAD + 1;
      upccoll_handle_t h = UPCCOLL_INVALID_HANDLE;
      ASSERT_EQ(upccoll_allreduce(other.at(0), other.at(1), 1, UPC_LONG, UPC_ADD, tc.team, 0, &h),
                UPCCOLL_SUCCESS);
      upccoll_wait(h);
      long sum = 0;
      for (int t : tc.members) sum += t + 1;
      EXPECT_EQ(other[1], sum);
      ASSERT_EQ(upccoll_bcast(other.at(0), 1, UPC_LONG, other.at(2), 1, UPC_LONG, 0, tc.team, UPC_ASYNC_FENCE,
                              nullptr),
                UPCCOLL_SUCCESS);
      upccoll_fence();
      EXPECT_EQ(other[2], tc.members[0] + 1);
      if (k % 3 == 0) {
        ASSERT_EQ(upccoll_allreduce(other.at(0), other.at(3), 1, UPC_LONG, UPC_ADD, UPC_TEAM_ALL, 0, nullptr),
                  UPCCOLL_SUCCESS);
        EXPECT_EQ(other[3], static_cast<long>(THREADS) * (THREADS + 1) / 2);
      }
    }
  }
  free_teams(cases);
  EXPECT_EQ(upccoll_op_free(user), UPCCOLL_SUCCESS);
}

// The combining calls of one piece each way with a built-in operation (fast.cpp's run_whole: slots and
// acknowledgements addressed directly, the next slot checked while waiting) repeated past two rings of
// slots, new data every call, on every team of team_cases (pairs, singletons, reversed keys, teams of
// teams), each result against the sequential reference.
TEST(Coll2Fast, WholeCallsPastTheRing) {
  Library library;
  const std::vector<TeamCase> cases = team_cases();
  const std::size_t most = 8;
  Buffer<long> send(most), recv(most);
  int round = 0;
  for (const TeamCase &tc : cases) {
    const int n = static_cast<int>(tc.members.size());
    const int r =
        static_cast<int>(std::find(tc.members.begin(), tc.members.end(), MYTHREAD) - tc.members.begin());
    const std::vector<Setting> settings = {{"allreduce", 1, 0, UPC_ADD},  {"allreduce", 3, 0, UPC_MAX},
                                           {"reduce", 2, n - 1, UPC_ADD}, {"scan", 1, 0, UPC_ADD},
                                           {"exscan", 2, 0, UPC_MAX},     {"reduce_scatter", 1, 0, UPC_ADD}};
    for (std::size_t k = 0; k < settings.size(); ++k) {
      SCOPED_TRACE(tc.name + ", setting " + std::to_string(k));
      for (int repeat = 0; repeat < 280; ++repeat) {  // kRing is 128
        run_and_check(settings[k], tc.team, n, r, send, recv, ++round, 0);
        if (::testing::Test::HasFailure()) return;
      }
    }
  }
  free_teams(cases);
}

// In place (sendbuf = recvbuf) over and over: each call reads the previous call's result.
TEST(Coll2Fast, InPlaceRepeated) {
  Library library;
  Buffer<long> data(2);
  data[0] = 1;
  data[1] = MYTHREAD;
  long expected = 1;
  for (int call = 0; call < 20; ++call) {
    ASSERT_EQ(upccoll_allreduce(data.pointer, data.pointer, 2, UPC_LONG, UPC_ADD, UPC_TEAM_ALL, 0, nullptr),
              UPCCOLL_SUCCESS);
    expected *= THREADS;
    ASSERT_EQ(data[0], expected) << "call " << call;
  }
}

// Each wrong argument after good calls with the right ones is still reported (the same on every thread, so
// nobody initiates), and the right call works again after it.
TEST(Coll2Fast, ArgumentErrorsAfterGoodCalls) {
  Library library;
  const auto n = static_cast<std::size_t>(THREADS);
  Buffer<long> send(4 * n), recv(4 * n);
  const auto good = [&] {
    for (int i = 0; i < 3; ++i) {
      send[0] = MYTHREAD;
      ASSERT_EQ(upccoll_allreduce(send.pointer, recv.pointer, 1, UPC_LONG, UPC_ADD, UPC_TEAM_ALL, 0, nullptr),
                UPCCOLL_SUCCESS);
      ASSERT_EQ(recv[0], static_cast<long>(THREADS) * (THREADS - 1) / 2);
      ASSERT_EQ(
          upccoll_bcast(send.pointer, 1, UPC_LONG, recv.pointer, 1, UPC_LONG, 0, UPC_TEAM_ALL, 0, nullptr),
          UPCCOLL_SUCCESS);
    }
  };
  const upccoll_shared_ptr_t none = nullptr;
  good();
  EXPECT_EQ(upccoll_allreduce(send.pointer, recv.pointer, 0, UPC_LONG, UPC_ADD, UPC_TEAM_ALL, 0, nullptr),
            UPCCOLL_ERROR_COUNT);
  good();
  EXPECT_EQ(upccoll_allreduce(send.pointer, recv.pointer, 1, 9999, UPC_ADD, UPC_TEAM_ALL, 0, nullptr),
            UPCCOLL_ERROR_DATATYPE);
  good();
  EXPECT_EQ(upccoll_allreduce(send.pointer, recv.pointer, 1, UPC_LONG, 9999, UPC_TEAM_ALL, 0, nullptr),
            UPCCOLL_ERROR_UPC_OP);
  good();
  EXPECT_EQ(
      upccoll_allreduce(send.pointer, recv.pointer, 1, UPC_LONG, UPC_ADD, UPC_TEAM_ALL, 0x7fff, nullptr),
      UPCCOLL_ERROR_FLAGS);
  good();
  EXPECT_EQ(upccoll_allreduce(none, recv.pointer, 1, UPC_LONG, UPC_ADD, UPC_TEAM_ALL, 0, nullptr),
            UPCCOLL_ERROR_SENDBUF);
  good();
  EXPECT_EQ(
      upccoll_allreduce(send.pointer, recv.at(4 * n - 1), 2, UPC_LONG, UPC_ADD, UPC_TEAM_ALL, 0, nullptr),
      UPCCOLL_ERROR_RECVBUF)
      << "a receive buffer too small";
  good();
  EXPECT_EQ(
      upccoll_bcast(send.pointer, 1, UPC_LONG, recv.pointer, 1, UPC_LONG, THREADS, UPC_TEAM_ALL, 0, nullptr),
      UPCCOLL_ERROR_ROOT);
  good();
  EXPECT_EQ(upccoll_bcast(send.pointer, 1, UPC_LONG, recv.pointer, 0, UPC_LONG, 0, UPC_TEAM_ALL, 0, nullptr),
            UPCCOLL_ERROR_COUNT);
  good();
  // A user operation freed after good calls with it.
  upccoll_op_t user = 0;
  ASSERT_EQ(upccoll_op_create(composed, 0, &user), UPCCOLL_SUCCESS);
  for (int i = 0; i < 3; ++i)
    ASSERT_EQ(upccoll_allreduce(send.pointer, recv.pointer, 1, UPC_LONG, user, UPC_TEAM_ALL, 0, nullptr),
              UPCCOLL_SUCCESS);
  ASSERT_EQ(upccoll_op_free(user), UPCCOLL_SUCCESS);
  EXPECT_EQ(upccoll_allreduce(send.pointer, recv.pointer, 1, UPC_LONG, user, UPC_TEAM_ALL, 0, nullptr),
            UPCCOLL_ERROR_UPC_OP)
      << "a freed user operation";
  // A freed team after good calls on it.
  upccoll_team_t team = nullptr;
  ASSERT_EQ(upccoll_team_split(UPC_TEAM_ALL, 0, MYTHREAD, &team), UPCCOLL_SUCCESS);
  for (int i = 0; i < 3; ++i)
    ASSERT_EQ(upccoll_allreduce(send.pointer, recv.pointer, 1, UPC_LONG, UPC_ADD, team, 0, nullptr),
              UPCCOLL_SUCCESS);
  upccoll_team_free(team);
  EXPECT_EQ(upccoll_allreduce(send.pointer, recv.pointer, 1, UPC_LONG, UPC_ADD, team, 0, nullptr),
            UPCCOLL_ERROR_TEAM)
      << "a freed team";
  good();
}

// After finalization the remembered call is gone: the same arguments report the library uninitialized.
TEST(Coll2Fast, UninitializedAfterGoodCalls) {
  {
    Library library;
    Buffer<long> send(1), recv(1);
    for (int i = 0; i < 3; ++i)
      ASSERT_EQ(upccoll_allreduce(send.pointer, recv.pointer, 1, UPC_LONG, UPC_ADD, UPC_TEAM_ALL, 0, nullptr),
                UPCCOLL_SUCCESS);
    ASSERT_EQ(upccoll_finalize(), UPCCOLL_SUCCESS);
    EXPECT_EQ(upccoll_allreduce(send.pointer, recv.pointer, 1, UPC_LONG, UPC_ADD, UPC_TEAM_ALL, 0, nullptr),
              UPCCOLL_ERROR_UNINITIALIZED);
    ASSERT_EQ(upccoll_initialize(nullptr, nullptr), UPCCOLL_SUCCESS);  // for the Library's finalize
  }
}

}  // namespace
