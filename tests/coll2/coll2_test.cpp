// Collectives 2.0 (pgas/upccoll.h): every collective against a sequential reference on UPC_TEAM_ALL and on
// split teams (odd/even, reversed keys, singletons, a team of teams), blocking, with handles and with
// UPC_ASYNC_FENCE, in the MYSYNC and ALLSYNC modes.
#include <gtest/gtest.h>

#include <numeric>
#include <pgas/upc.hpp>

#include "coll2_util.hpp"

using namespace coll2_test;

namespace {

// What rank r contributes as element i: differs per rank and element.
int value(int rank, std::size_t i) { return rank * 1000 + static_cast<int>(i) + 1; }

struct Completion {
  const char *name;
  upccoll_flag_t flags;
  bool with_handle;
};
const Completion kCompletions[] = {
    {"blocking MYSYNC", 0, false},
    {"handle MYSYNC", 0, true},
    {"fence", UPC_ASYNC_FENCE, false},
    {"blocking ALLSYNC", UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC, false},
    {"handle IN_ALLSYNC", UPC_IN_ALLSYNC | UPC_OUT_MYSYNC, true},
    {"handle OUT_ALLSYNC", UPC_IN_MYSYNC | UPC_OUT_ALLSYNC, true},
    {"fence NOSYNC (treated as MYSYNC)", UPC_ASYNC_FENCE | UPC_IN_NOSYNC | UPC_OUT_NOSYNC, false}};

// Runs a call made by `start(flags, handle)` to completion in the given flavour.
template <class Start>
void run(const Completion &how, Start start) {
  upccoll_handle_t h = UPCCOLL_INVALID_HANDLE;
  ASSERT_EQ(start(how.flags, how.with_handle ? &h : nullptr), UPCCOLL_SUCCESS);
  if (how.with_handle) {
    ASSERT_NE(h, nullptr);
    while (upccoll_test(h) == 0) {
    }
    upccoll_wait(h);
  } else if ((how.flags & UPC_ASYNC_FENCE) != 0) {
    upccoll_fence();
  }
}

void check_team(const TeamCase &c, const Completion &how) {
  SCOPED_TRACE(c.name + std::string(", ") + how.name);
  int rank = -1, size = -1;
  ASSERT_EQ(upccoll_team_rank(c.team, &rank), UPCCOLL_SUCCESS);
  ASSERT_EQ(upccoll_team_size(c.team, &size), UPCCOLL_SUCCESS);
  ASSERT_EQ(size, static_cast<int>(c.members.size()));
  ASSERT_EQ(c.members[static_cast<std::size_t>(rank)], MYTHREAD);
  const auto n = static_cast<std::size_t>(size);
  const std::size_t k = 3;  // elements per piece
  const int root = size - 1;

  run(how, [&](upccoll_flag_t f, upccoll_handle_t *h) { return upccoll_barrier(c.team, f, h); });

  {  // allgather of the threads: the members in rank order
    Buffer<int> send(1), recv(n);
    send[0] = MYTHREAD;
    run(how, [&](upccoll_flag_t f, upccoll_handle_t *h) {
      return upccoll_allgather(send.pointer, 1, UPC_INT, recv.pointer, 1, UPC_INT, c.team, f, h);
    });
    EXPECT_EQ(recv.values(), c.members);
  }
  {  // bcast
    Buffer<int> send(k), recv(k);
    for (std::size_t i = 0; i < k; ++i) send[i] = value(rank, i);
    run(how, [&](upccoll_flag_t f, upccoll_handle_t *h) {
      return upccoll_bcast(send.pointer, k, UPC_INT, recv.pointer, k, UPC_INT, root, c.team, f, h);
    });
    for (std::size_t i = 0; i < k; ++i) EXPECT_EQ(recv[i], value(root, i)) << "bcast element " << i;
  }
  {  // scatter and gather
    Buffer<int> send(k * n), piece(k), gathered(k * n);
    for (std::size_t i = 0; i < k * n; ++i) send[i] = value(rank, i);
    run(how, [&](upccoll_flag_t f, upccoll_handle_t *h) {
      return upccoll_scatter(send.pointer, k, UPC_INT, piece.pointer, k, UPC_INT, 0, c.team, f, h);
    });
    for (std::size_t i = 0; i < k; ++i) EXPECT_EQ(piece[i], value(0, static_cast<std::size_t>(rank) * k + i));
    run(how, [&](upccoll_flag_t f, upccoll_handle_t *h) {
      return upccoll_gather(piece.pointer, k, UPC_INT, gathered.pointer, k, UPC_INT, root, c.team, f, h);
    });
    if (rank == root) {
      for (std::size_t i = 0; i < k * n; ++i) EXPECT_EQ(gathered[i], value(0, i)) << "gather element " << i;
    }
  }
  {  // the v forms: rank t gets t + 1 elements, placed in reverse rank order with a gap of one
    std::vector<std::size_t> counts(n), displs(n);
    std::size_t at = 0;
    for (std::size_t t = n; t-- > 0;) {
      counts[t] = t + 1;
      displs[t] = at;
      at += t + 2;
    }
    const std::size_t mine = static_cast<std::size_t>(rank) + 1;
    Buffer<int> send(at), piece(mine), gathered(at), all(at);
    for (std::size_t i = 0; i < at; ++i) send[i] = value(rank, i);
    run(how, [&](upccoll_flag_t f, upccoll_handle_t *h) {
      return upccoll_scatterv(send.pointer, counts.data(), displs.data(), UPC_INT, piece.pointer, mine,
                              UPC_INT, root, c.team, f, h);
    });
    for (std::size_t i = 0; i < mine; ++i)
      EXPECT_EQ(piece[i], value(root, displs[static_cast<std::size_t>(rank)] + i)) << "scatterv " << i;
    run(how, [&](upccoll_flag_t f, upccoll_handle_t *h) {
      return upccoll_gatherv(piece.pointer, mine, UPC_INT, gathered.pointer, counts.data(), displs.data(),
                             UPC_INT, 0, c.team, f, h);
    });
    run(how, [&](upccoll_flag_t f, upccoll_handle_t *h) {
      return upccoll_allgatherv(piece.pointer, mine, UPC_INT, all.pointer, counts.data(), displs.data(),
                                UPC_INT, c.team, f, h);
    });
    for (std::size_t t = 0; t < n; ++t)
      for (std::size_t i = 0; i < counts[t]; ++i) {
        if (rank == 0) {
          EXPECT_EQ(gathered[displs[t] + i], value(root, displs[t] + i)) << "gatherv " << t;
        }
        EXPECT_EQ(all[displs[t] + i], value(root, displs[t] + i)) << "allgatherv " << t;
      }
  }
  {  // alltoall and alltoallv: rank r sends to t the elements of r's row t
    Buffer<int> send(k * n), recv(k * n);
    for (std::size_t i = 0; i < k * n; ++i) send[i] = value(rank, i);
    run(how, [&](upccoll_flag_t f, upccoll_handle_t *h) {
      return upccoll_alltoall(send.pointer, k, UPC_INT, recv.pointer, k, UPC_INT, c.team, f, h);
    });
    for (std::size_t t = 0; t < n; ++t)
      for (std::size_t i = 0; i < k; ++i)
        EXPECT_EQ(recv[t * k + i], value(static_cast<int>(t), static_cast<std::size_t>(rank) * k + i));
    // v: r sends (r + t) % 3 elements to t, from offset 3t; t puts them at offset 3r.
    std::vector<std::size_t> scounts(n), sdispls(n), rcounts(n), rdispls(n);
    for (std::size_t t = 0; t < n; ++t) {
      scounts[t] = (static_cast<std::size_t>(rank) + t) % 3;
      rcounts[t] = scounts[t];
      sdispls[t] = rdispls[t] = 3 * t;
    }
    Buffer<int> vrecv(3 * n);
    run(how, [&](upccoll_flag_t f, upccoll_handle_t *h) {
      return upccoll_alltoallv(send.pointer, scounts.data(), sdispls.data(), UPC_INT, vrecv.pointer,
                               rcounts.data(), rdispls.data(), UPC_INT, c.team, f, h);
    });
    for (std::size_t t = 0; t < n; ++t)
      for (std::size_t i = 0; i < 3; ++i)
        EXPECT_EQ(vrecv[3 * t + i],
                  i < rcounts[t] ? value(static_cast<int>(t), 3 * static_cast<std::size_t>(rank) + i) : 0)
            << "alltoallv from " << t;
  }
  {  // reductions
    Buffer<int> send(k * n), recv(k * n);
    for (std::size_t i = 0; i < k * n; ++i) send[i] = value(rank, i);
    auto sum = [&](std::size_t i, int upto) {  // ranks [0, upto)
      int total = 0;
      for (int r = 0; r < upto; ++r) total += value(r, i);
      return total;
    };
    run(how, [&](upccoll_flag_t f, upccoll_handle_t *h) {
      return upccoll_reduce(send.pointer, recv.pointer, k, UPC_INT, UPC_ADD, root, c.team, f, h);
    });
    if (rank == root) {
      for (std::size_t i = 0; i < k; ++i) EXPECT_EQ(recv[i], sum(i, size)) << "reduce " << i;
    }
    run(how, [&](upccoll_flag_t f, upccoll_handle_t *h) {
      return upccoll_allreduce(send.pointer, recv.pointer, k, UPC_INT, UPC_MAX, c.team, f, h);
    });
    for (std::size_t i = 0; i < k; ++i) EXPECT_EQ(recv[i], value(size - 1, i)) << "allreduce max " << i;
    run(how, [&](upccoll_flag_t f, upccoll_handle_t *h) {
      return upccoll_reduce_scatter(send.pointer, recv.pointer, k, UPC_INT, UPC_ADD, c.team, f, h);
    });
    for (std::size_t i = 0; i < k; ++i) EXPECT_EQ(recv[i], sum(static_cast<std::size_t>(rank) * k + i, size));
    std::vector<std::size_t> counts(n);
    for (std::size_t t = 0; t < n; ++t) counts[t] = t % 3;
    const std::size_t before = std::accumulate(counts.begin(), counts.begin() + rank, std::size_t{0});
    run(how, [&](upccoll_flag_t f, upccoll_handle_t *h) {
      return upccoll_reduce_scatterv(send.pointer, recv.pointer, counts.data(), UPC_INT, UPC_ADD, c.team, f,
                                     h);
    });
    for (std::size_t i = 0; i < counts[static_cast<std::size_t>(rank)]; ++i)
      EXPECT_EQ(recv[i], sum(before + i, size)) << "reduce_scatterv " << i;
    run(how, [&](upccoll_flag_t f, upccoll_handle_t *h) {
      return upccoll_scan(send.pointer, recv.pointer, k, UPC_INT, UPC_ADD, c.team, f, h);
    });
    for (std::size_t i = 0; i < k; ++i) EXPECT_EQ(recv[i], sum(i, rank + 1)) << "scan " << i;
    for (std::size_t i = 0; i < k; ++i) recv[i] = -5;
    run(how, [&](upccoll_flag_t f, upccoll_handle_t *h) {
      return upccoll_exscan(send.pointer, recv.pointer, k, UPC_INT, UPC_ADD, c.team, f, h);
    });
    for (std::size_t i = 0; i < k; ++i) EXPECT_EQ(recv[i], rank == 0 ? -5 : sum(i, rank)) << "exscan " << i;
  }
}

TEST(Coll2, EveryCollectiveOnEveryTeamInEveryCompletion) {
  Library library;
  const std::vector<TeamCase> cases = team_cases();
  for (const Completion &how : kCompletions)
    for (const TeamCase &c : cases) check_team(c, how);
  free_teams(cases);
}

// Several calls in flight on one team, of the same kind too, completed in reverse order of initiation.
TEST(Coll2, SeveralOutstandingCompletedInAnyOrder) {
  Library library;
  constexpr int kCalls = 20;
  std::vector<std::unique_ptr<Buffer<long>>> sends, recvs;
  std::vector<upccoll_handle_t> handles(kCalls);
  for (int call = 0; call < kCalls; ++call) {
    sends.push_back(std::make_unique<Buffer<long>>(2));
    recvs.push_back(std::make_unique<Buffer<long>>(2));
    (*sends.back())[0] = MYTHREAD + call;
    (*sends.back())[1] = call;
    ASSERT_EQ(
        upccoll_allreduce(sends.back()->pointer, recvs.back()->pointer, 2, UPC_LONG, UPC_ADD, UPC_TEAM_ALL,
                          call % 3 == 0 ? UPC_IN_ALLSYNC : 0, &handles[static_cast<std::size_t>(call)]),
        UPCCOLL_SUCCESS);
    (*sends.back())[0] = -1;  // MYSYNC: the send buffer is the user's again at return
  }
  for (int call = kCalls; call-- > 0;) {
    if (call % 2 == 0)
      upccoll_wait(handles[static_cast<std::size_t>(call)]);
    else {
      while (upccoll_test(handles[static_cast<std::size_t>(call)]) != 1) {
      }
      upccoll_wait(handles[static_cast<std::size_t>(call)]);
    }
    const long threads = THREADS;
    if (call % 3 != 0) {
      EXPECT_EQ((*recvs[static_cast<std::size_t>(call)])[0], threads * (threads - 1) / 2 + threads * call);
    }
    EXPECT_EQ((*recvs[static_cast<std::size_t>(call)])[1], threads * call);
  }
}

// Seed Figure 1: EX1 (a lock held across the start) and EX2 (across the wait) end, with ALLSYNC flags.
TEST(Coll2, Figure1LockAcrossStartAndAcrossWait) {
  Library library;
  upc_lock_t *lock = upc_all_lock_alloc();
  // With ALLSYNC (the proposal's case) and without (under mpirun: the MPI engine's non-blocking collectives,
  // which progress while a member waits for the lock).
  for (const upccoll_flag_t flags : {UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC, 0})
    for (int example = 1; example <= 2; ++example) {
      Buffer<int> send(1), recv(1);
      send[0] = MYTHREAD + 1;
      upccoll_handle_t h = UPCCOLL_INVALID_HANDLE;
      if (example == 1) {
        upc_lock(lock);
        ASSERT_EQ(upccoll_allreduce(send.pointer, recv.pointer, 1, UPC_INT, UPC_ADD, UPC_TEAM_ALL, flags, &h),
                  UPCCOLL_SUCCESS);
        upc_unlock(lock);
        upccoll_wait(h);
      } else {
        ASSERT_EQ(upccoll_allreduce(send.pointer, recv.pointer, 1, UPC_INT, UPC_ADD, UPC_TEAM_ALL, flags, &h),
                  UPCCOLL_SUCCESS);
        upc_lock(lock);
        upccoll_wait(h);
        upc_unlock(lock);
      }
      EXPECT_EQ(recv[0], THREADS * (THREADS + 1) / 2) << "EX" << example << " flags " << flags;
    }
  upc_barrier;
  if (MYTHREAD == 0) upc_lock_free(lock);
}

// More calls in flight than the team's ring of call slots: the oldest are completed at the next
// initiations, the results are still right whatever the completion order.
TEST(Coll2, MoreOutstandingThanTheRing) {
  Library library;
  constexpr std::size_t kCalls = 300;  // kRing is 128
  Buffer<int> send(kCalls), recv(kCalls);
  std::vector<upccoll_handle_t> handles(kCalls);
  for (std::size_t call = 0; call < kCalls; ++call) {
    send[call] = static_cast<int>(call) + MYTHREAD;
    ASSERT_EQ(
        upccoll_allreduce(send.at(call), recv.at(call), 1, UPC_INT, UPC_ADD, UPC_TEAM_ALL, 0, &handles[call]),
        UPCCOLL_SUCCESS);
  }
  for (std::size_t call = kCalls; call-- > 0;) upccoll_wait(handles[call]);
  for (std::size_t call = 0; call < kCalls; ++call)
    EXPECT_EQ(recv[call], THREADS * static_cast<int>(call) + THREADS * (THREADS - 1) / 2) << "call " << call;
}

// With UPC_ASYNC_FENCE a handle pointer receives UPCCOLL_INVALID_HANDLE: the call completes at the fence.
TEST(Coll2, FenceCallsHaveNoHandle) {
  Library library;
  Buffer<int> send(1), recv(1);
  send[0] = 2;
  int not_set = 0;
  upccoll_handle_t h = &not_set;
  ASSERT_EQ(
      upccoll_allreduce(send.pointer, recv.pointer, 1, UPC_INT, UPC_MULT, UPC_TEAM_ALL, UPC_ASYNC_FENCE, &h),
      UPCCOLL_SUCCESS);
  EXPECT_EQ(h, nullptr);
  EXPECT_EQ(upccoll_test(h), -UPCCOLL_ERROR_HANDLE);
  upccoll_fence();
  EXPECT_EQ(recv[0], 1 << THREADS);
}

// upccoll_finalize completes what is still outstanding (UPC_ASYNC_FENCE calls and unwaited handles).
TEST(Coll2, FinalizeCompletesOutstandingCalls) {
  Buffer<int> send(2), recv(2);
  send[0] = MYTHREAD;
  send[1] = 1;
  {
    Library library;
    ASSERT_EQ(upccoll_allreduce(send.pointer, recv.pointer, 1, UPC_INT, UPC_ADD, UPC_TEAM_ALL,
                                UPC_ASYNC_FENCE | UPC_IN_ALLSYNC, nullptr),
              UPCCOLL_SUCCESS);
    upccoll_handle_t h = UPCCOLL_INVALID_HANDLE;
    ASSERT_EQ(
        upccoll_allreduce(send.at(1), recv.at(1), 1, UPC_INT, UPC_ADD, UPC_TEAM_ALL, UPC_IN_ALLSYNC, &h),
        UPCCOLL_SUCCESS);
  }
  EXPECT_EQ(recv[0], THREADS * (THREADS - 1) / 2);
  EXPECT_EQ(recv[1], THREADS);
}

}  // namespace
