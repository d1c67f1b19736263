// Collectives 2.0 conformance: the error codes of [C2 3.1.6] ("returned by every function in our library"),
// each for an argument the seed's text makes invalid. Every thread makes the same invalid call (a refused
// member would leave the others waiting); after the errors a valid call must still work (nothing was
// initiated). Where the seed names a code but not the case, the case is pgas/upccoll.h's (said so below).
#include <gtest/gtest.h>

#include <cfloat>
#include <pgas/upc.hpp>

#include "conf_coll2.hpp"

using namespace conf2;

namespace {

// A valid allreduce on `team` (nothing left over from refused calls).
void expect_working(upccoll_team_t team, int n) {
  Blocks<int> one(1), sum(1);
  one[0] = 1;
  ASSERT_EQ(upccoll_allreduce(one.at(), sum.at(), 1, UPC_INT, UPC_ADD, team, 0, nullptr), UPCCOLL_SUCCESS);
  EXPECT_EQ(sum[0], n);
}

// [3.1.6] UPCCOLL_ERROR_ROOT: a root outside 0..|team|-1 ([3.5.11] 1: root in 0..|team|-1), on every team
// (|team| itself is a valid thread of UPC_TEAM_ALL's larger teams but not a rank of a smaller team).
TEST(Coll2Errors, BadRoot) {
  std::vector<Team> teams = team_cases();
  for (const Team &team : teams) {
    SCOPED_TRACE(team.name);
    const int n = team.size();
    const std::size_t nn = static_cast<std::size_t>(n);
    Blocks<int> send(2 * nn), recv(2 * nn);
    std::vector<std::size_t> counts(nn, 1), displs(nn);
    for (std::size_t t = 0; t < nn; ++t) displs[t] = t;
    for (int root : {-1, n, n + 7}) {
      SCOPED_TRACE("root " + std::to_string(root));
      const upccoll_team_t tm = team.team;
      EXPECT_EQ(upccoll_bcast(send.at(), 1, UPC_INT, recv.at(), 1, UPC_INT, root, tm, 0, nullptr),
                UPCCOLL_ERROR_ROOT);
      EXPECT_EQ(upccoll_scatter(send.at(), 1, UPC_INT, recv.at(), 1, UPC_INT, root, tm, 0, nullptr),
                UPCCOLL_ERROR_ROOT);
      EXPECT_EQ(upccoll_scatterv(send.at(), counts.data(), displs.data(), UPC_INT, recv.at(), 1, UPC_INT,
                                 root, tm, 0, nullptr),
                UPCCOLL_ERROR_ROOT);
      EXPECT_EQ(upccoll_gather(send.at(), 1, UPC_INT, recv.at(), 1, UPC_INT, root, tm, 0, nullptr),
                UPCCOLL_ERROR_ROOT);
      EXPECT_EQ(upccoll_gatherv(send.at(), 1, UPC_INT, recv.at(), counts.data(), displs.data(), UPC_INT, root,
                                tm, 0, nullptr),
                UPCCOLL_ERROR_ROOT);
      upccoll_handle_t h = UPCCOLL_INVALID_HANDLE;
      EXPECT_EQ(upccoll_reduce(send.at(), recv.at(), 1, UPC_INT, UPC_ADD, root, tm, 0, &h),
                UPCCOLL_ERROR_ROOT);
      EXPECT_EQ(upccoll_reduce(send.at(), recv.at(), 1, UPC_INT, UPC_ADD, root, tm, UPC_ASYNC_FENCE, nullptr),
                UPCCOLL_ERROR_ROOT);
    }
    expect_working(team.team, n);
  }
  upccoll_fence();
  free_teams(teams);
}

// [3.1.6] UPCCOLL_ERROR_TEAM: a team handle that no split returned ([3.4] 2: teams are identified by the
// handles the team functions give).
TEST(Coll2Errors, BadTeam) {
  long not_a_team[16] = {};
  const upccoll_team_t bad = static_cast<upccoll_team_t>(not_a_team);
  int v = -1;
  upccoll_team_t made = nullptr;
  Blocks<int> a(4), b(4);
  EXPECT_EQ(upccoll_team_rank(bad, &v), UPCCOLL_ERROR_TEAM);
  EXPECT_EQ(upccoll_team_size(bad, &v), UPCCOLL_ERROR_TEAM);
  EXPECT_EQ(upccoll_team_split(bad, 0, 0, &made), UPCCOLL_ERROR_TEAM);
  EXPECT_EQ(upccoll_barrier(bad, 0, nullptr), UPCCOLL_ERROR_TEAM);
  EXPECT_EQ(upccoll_bcast(a.at(), 1, UPC_INT, b.at(), 1, UPC_INT, 0, bad, 0, nullptr), UPCCOLL_ERROR_TEAM);
  EXPECT_EQ(upccoll_allreduce(a.at(), b.at(), 1, UPC_INT, UPC_ADD, bad, 0, nullptr), UPCCOLL_ERROR_TEAM);
  expect_working(UPC_TEAM_ALL, THREADS);
}

// [3.1.6] UPCCOLL_ERROR_DATATYPE for the combining calls' dt, _SENDTYPE and _RECVTYPE for the data-moving
// calls' sendtype and recvtype: values that are not types of [3.1.5].
TEST(Coll2Errors, BadTypes) {
  const std::size_t n = static_cast<std::size_t>(THREADS);
  Blocks<int> a(4 * n), b(4 * n);
  std::vector<std::size_t> counts(n, 1), displs(n);
  for (std::size_t t = 0; t < n; ++t) displs[t] = t;
  for (upccoll_dtype_t bad :
       {-1, 9999, static_cast<upccoll_dtype_t>(UPC_PTS)}) {  // UPC_PTS: UPC 1.3 atomics only
    SCOPED_TRACE("type " + std::to_string(bad));
    const upccoll_team_t all = UPC_TEAM_ALL;
    EXPECT_EQ(upccoll_allreduce(a.at(), b.at(), 1, bad, UPC_ADD, all, 0, nullptr), UPCCOLL_ERROR_DATATYPE);
    EXPECT_EQ(upccoll_reduce(a.at(), b.at(), 1, bad, UPC_ADD, 0, all, 0, nullptr), UPCCOLL_ERROR_DATATYPE);
    EXPECT_EQ(upccoll_scan(a.at(), b.at(), 1, bad, UPC_ADD, all, 0, nullptr), UPCCOLL_ERROR_DATATYPE);
    EXPECT_EQ(upccoll_exscan(a.at(), b.at(), 1, bad, UPC_ADD, all, 0, nullptr), UPCCOLL_ERROR_DATATYPE);
    EXPECT_EQ(upccoll_reduce_scatter(a.at(), b.at(), 1, bad, UPC_ADD, all, 0, nullptr),
              UPCCOLL_ERROR_DATATYPE);
    EXPECT_EQ(upccoll_reduce_scatterv(a.at(), b.at(), counts.data(), bad, UPC_ADD, all, 0, nullptr),
              UPCCOLL_ERROR_DATATYPE);
    std::size_t bytes = 0;
    EXPECT_EQ(upccoll_type_size(bad, &bytes), UPCCOLL_ERROR_DATATYPE);
    EXPECT_EQ(upccoll_allgather(a.at(), 1, bad, b.at(), 1, UPC_INT, all, 0, nullptr), UPCCOLL_ERROR_SENDTYPE);
    EXPECT_EQ(upccoll_allgather(a.at(), 1, UPC_INT, b.at(), 1, bad, all, 0, nullptr), UPCCOLL_ERROR_RECVTYPE);
    EXPECT_EQ(upccoll_alltoall(a.at(), 1, bad, b.at(), 1, UPC_INT, all, 0, nullptr), UPCCOLL_ERROR_SENDTYPE);
    EXPECT_EQ(upccoll_alltoall(a.at(), 1, UPC_INT, b.at(), 1, bad, all, 0, nullptr), UPCCOLL_ERROR_RECVTYPE);
    EXPECT_EQ(
        upccoll_allgatherv(a.at(), 1, bad, b.at(), counts.data(), displs.data(), UPC_INT, all, 0, nullptr),
        UPCCOLL_ERROR_SENDTYPE);
    EXPECT_EQ(upccoll_alltoallv(a.at(), counts.data(), displs.data(), UPC_INT, b.at(), counts.data(),
                                displs.data(), bad, all, 0, nullptr),
              UPCCOLL_ERROR_RECVTYPE);
    // Every thread is a root of its own singleton team: the root's sendtype is used ([3.5.2] 2) and every
    // thread's recvtype ([3.5.2] 3).
    upccoll_team_t self = nullptr;
    ASSERT_EQ(upccoll_team_split(UPC_TEAM_ALL, MYTHREAD, 0, &self), UPCCOLL_SUCCESS);
    EXPECT_EQ(upccoll_bcast(a.at(), 1, bad, b.at(), 1, UPC_INT, 0, self, 0, nullptr), UPCCOLL_ERROR_SENDTYPE);
    EXPECT_EQ(upccoll_bcast(a.at(), 1, UPC_INT, b.at(), 1, bad, 0, self, 0, nullptr), UPCCOLL_ERROR_RECVTYPE);
    EXPECT_EQ(upccoll_scatter(a.at(), 1, bad, b.at(), 1, UPC_INT, 0, self, 0, nullptr),
              UPCCOLL_ERROR_SENDTYPE);
    EXPECT_EQ(upccoll_gather(a.at(), 1, UPC_INT, b.at(), 1, bad, 0, self, 0, nullptr),
              UPCCOLL_ERROR_RECVTYPE);
    upccoll_team_free(self);
  }
  expect_working(UPC_TEAM_ALL, THREADS);
}

// [3.1.6] UPCCOLL_ERROR_UPC_OP: values that are no operation; [3.1.3] 2: the bitwise operators are not
// defined for floating point operands; [3.1.3] 3: MINLOC/MAXLOC as in MPI, on the pair types only; [3.1.4]
// 3: a freed user operation.
TEST(Coll2Errors, BadOperations) {
  Blocks<long double> a(4), b(4);
  const upccoll_team_t all = UPC_TEAM_ALL;
  for (upccoll_op_t bad : {-1, 0, 3, 12345}) {
    EXPECT_EQ(upccoll_allreduce(a.at(), b.at(), 1, UPC_INT, bad, all, 0, nullptr), UPCCOLL_ERROR_UPC_OP)
        << bad;
  }
  for (upccoll_dtype_t real : {UPC_FLOAT, UPC_DOUBLE, UPC_LONGDOUBLE})
    for (upccoll_op_t bitwise : {UPC_AND, UPC_OR, UPC_XOR}) {
      SCOPED_TRACE("type " + std::to_string(real) + ", op " + std::to_string(bitwise));
      EXPECT_EQ(upccoll_allreduce(a.at(), b.at(), 1, real, bitwise, all, 0, nullptr), UPCCOLL_ERROR_UPC_OP);
      EXPECT_EQ(upccoll_reduce(a.at(), b.at(), 1, real, bitwise, 0, all, 0, nullptr), UPCCOLL_ERROR_UPC_OP);
      EXPECT_EQ(upccoll_scan(a.at(), b.at(), 1, real, bitwise, all, 0, nullptr), UPCCOLL_ERROR_UPC_OP);
    }
  for (upccoll_op_t loc : {UPC_MINLOC, UPC_MAXLOC})
    for (upccoll_dtype_t plain : {UPC_INT, UPC_DOUBLE}) {
      EXPECT_EQ(upccoll_allreduce(a.at(), b.at(), 1, plain, loc, all, 0, nullptr), UPCCOLL_ERROR_UPC_OP);
    }
  upccoll_op_t user = -1;
  ASSERT_EQ(upccoll_op_create([](void *, void *, size_t, upccoll_dtype_t) {}, 0, &user), UPCCOLL_SUCCESS);
  ASSERT_EQ(upccoll_op_free(user), UPCCOLL_SUCCESS);
  EXPECT_EQ(upccoll_allreduce(a.at(), b.at(), 1, UPC_INT, user, all, 0, nullptr), UPCCOLL_ERROR_UPC_OP);
  EXPECT_EQ(upccoll_op_free(user), UPCCOLL_ERROR_UPC_OP);
  EXPECT_EQ(upccoll_op_free(UPC_ADD), UPCCOLL_ERROR_UPC_OP);  // a predefined operation is not a user's
  expect_working(all, THREADS);
}

// [3.1.6] UPCCOLL_ERROR_FLAGS: [3.1.2] names one IN and one OUT mode per call; two IN or two OUT modes
// together are an invalid combination.
TEST(Coll2Errors, BadFlagCombinations) {
  Blocks<int> a(4), b(4);
  for (upccoll_flag_t bad :
       {UPC_IN_MYSYNC | UPC_IN_ALLSYNC, UPC_IN_NOSYNC | UPC_IN_MYSYNC, UPC_OUT_NOSYNC | UPC_OUT_ALLSYNC,
        UPC_OUT_MYSYNC | UPC_OUT_ALLSYNC | UPC_ASYNC_FENCE}) {
    SCOPED_TRACE("flags " + std::to_string(bad));
    upccoll_handle_t h = UPCCOLL_INVALID_HANDLE;
    EXPECT_EQ(upccoll_allreduce(a.at(), b.at(), 1, UPC_INT, UPC_ADD, UPC_TEAM_ALL, bad, nullptr),
              UPCCOLL_ERROR_FLAGS);
    EXPECT_EQ(upccoll_bcast(a.at(), 1, UPC_INT, b.at(), 1, UPC_INT, 0, UPC_TEAM_ALL, bad, &h),
              UPCCOLL_ERROR_FLAGS);
    EXPECT_EQ(upccoll_alltoall(a.at(), 1, UPC_INT, b.at(), 1, UPC_INT, UPC_TEAM_ALL, bad, nullptr),
              UPCCOLL_ERROR_FLAGS);
  }
  upccoll_fence();
  expect_working(UPC_TEAM_ALL, THREADS);
}

}  // namespace
