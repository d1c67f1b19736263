// The large-message path on shm (runtime/src/coll2/direct.hpp): calls whose pieces reach PGAS_COLL2_DIRECT
// bytes (32 KiB by default; 4x for broadcasts, half for scans, which are split by segments) read each
// source's sendbuf in place. Every
// collective just below and at both limits against a sequential reference, on UPC_TEAM_ALL and a split team,
// blocking, with handles (several outstanding, completed newest first) and with fences, in
// MYSYNC and ALLSYNC modes, with a non-commutative user operation; a source's blocking call does not return
// before its readers have read its sendbuf (it overwrites it at once); a source waits only for its readers'
// initiations (it fills a reader that initiated and then waits in a barrier); in-place calls.
#include <gtest/gtest.h>

#include <array>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <pgas/upc.hpp>
#include <thread>

#include "coll2_util.hpp"

using namespace coll2_test;

namespace {

constexpr std::size_t kLimit = 32 * 1024;  // the default PGAS_COLL2_DIRECT, in bytes

unsigned value(int rank, std::size_t i) {
  return static_cast<unsigned>(rank) * 7919u + static_cast<unsigned>(i) * 3u + 1u;
}

// x_from op ... op x_(to-1) of the members' sendbufs, element block [at, at + k) (k a multiple of 4).
std::vector<unsigned> fold(int from, int to, std::size_t at, std::size_t k) {
  std::vector<unsigned> result(k);
  for (std::size_t i = 0; i < k; ++i) result[i] = value(to - 1, at + i);
  for (int r = to - 1; r-- > from;) {
    std::vector<unsigned> x(k);
    for (std::size_t i = 0; i < k; ++i) x[i] = value(r, at + i);
    matrix_product(x.data(), result.data(), k, UPC_UINT);
  }
  return result;
}

// One call in flight: its buffers, how to check it, and its handle.
struct Pending {
  std::unique_ptr<Buffer<unsigned>> send, recv;
  std::function<void()> check;
  upccoll_handle_t handle = UPCCOLL_INVALID_HANDLE;
};

// Starts every collective with `k` elements per piece on `team` (its members' count `n`, this thread's
// rank `rank`) with `flags` (and handles when `handles`); returns them to complete.
std::vector<Pending> start_all(upccoll_team_t team, int rank, int n, std::size_t k, upccoll_flag_t flags,
                               bool handles, upccoll_op_t op) {
  std::vector<Pending> calls;
  const auto un = static_cast<std::size_t>(n);
  const int root = n - 1;
  auto add = [&](std::size_t send_count, std::size_t recv_count, auto start,
                 std::function<void(Buffer<unsigned> &)> check) {
    Pending p;
    p.send = std::make_unique<Buffer<unsigned>>(send_count);
    p.recv = std::make_unique<Buffer<unsigned>>(recv_count);
    for (std::size_t i = 0; i < send_count; ++i) (*p.send)[i] = value(rank, i);
    for (std::size_t i = 0; i < recv_count; ++i) (*p.recv)[i] = 0xdeadu;
    ASSERT_EQ(start(*p.send, *p.recv, handles ? &p.handle : nullptr), UPCCOLL_SUCCESS);
    Buffer<unsigned> *recv = p.recv.get();
    p.check = [check, recv] { check(*recv); };
    calls.push_back(std::move(p));
  };
  using B = Buffer<unsigned>;
  using H = upccoll_handle_t *;
  add(
      k, k,
      [&](B &s, B &r, H h) {
        return upccoll_bcast(s.pointer, k, UPC_UINT, r.pointer, k, UPC_UINT, root, team, flags, h);
      },
      [=](B &r) {
        for (std::size_t i = 0; i < k; ++i) ASSERT_EQ(r[i], value(root, i)) << "bcast " << i;
      });
  add(
      k * un, k,
      [&](B &s, B &r, H h) {
        return upccoll_scatter(s.pointer, k, UPC_UINT, r.pointer, k, UPC_UINT, 0, team, flags, h);
      },
      [=](B &r) {
        for (std::size_t i = 0; i < k; ++i)
          ASSERT_EQ(r[i], value(0, static_cast<std::size_t>(rank) * k + i)) << "scatter " << i;
      });
  add(
      k, k * un,
      [&](B &s, B &r, H h) {
        return upccoll_gather(s.pointer, k, UPC_UINT, r.pointer, k, UPC_UINT, root, team, flags, h);
      },
      [=](B &r) {
        if (rank != root) return;
        for (std::size_t i = 0; i < k * un; ++i)
          ASSERT_EQ(r[i], value(static_cast<int>(i / k), i % k)) << "gather " << i;
      });
  add(
      k, k * un,
      [&](B &s, B &r, H h) {
        return upccoll_allgather(s.pointer, k, UPC_UINT, r.pointer, k, UPC_UINT, team, flags, h);
      },
      [=](B &r) {
        for (std::size_t i = 0; i < k * un; ++i)
          ASSERT_EQ(r[i], value(static_cast<int>(i / k), i % k)) << "allgather " << i;
      });
  add(
      k * un, k * un,
      [&](B &s, B &r, H h) {
        return upccoll_alltoall(s.pointer, k, UPC_UINT, r.pointer, k, UPC_UINT, team, flags, h);
      },
      [=](B &r) {
        for (std::size_t i = 0; i < k * un; ++i)
          ASSERT_EQ(r[i], value(static_cast<int>(i / k), static_cast<std::size_t>(rank) * k + i % k))
              << "alltoall " << i;
      });
  const auto expect_fold = [](B &r, std::size_t at, std::size_t count, int from, int to, const char *what) {
    const std::vector<unsigned> want = fold(from, to, at, count);
    for (std::size_t i = 0; i < count; ++i) ASSERT_EQ(r[i], want[i]) << what << " " << i;
  };
  add(
      k, k,
      [&](B &s, B &r, H h) {
        return upccoll_reduce(s.pointer, r.pointer, k, UPC_UINT, op, root, team, flags, h);
      },
      [=](B &r) {
        if (rank == root) expect_fold(r, 0, k, 0, n, "reduce");
      });
  add(
      k, k,
      [&](B &s, B &r, H h) {
        return upccoll_allreduce(s.pointer, r.pointer, k, UPC_UINT, op, team, flags, h);
      },
      [=](B &r) { expect_fold(r, 0, k, 0, n, "allreduce"); });
  add(
      k * un, k,
      [&](B &s, B &r, H h) {
        return upccoll_reduce_scatter(s.pointer, r.pointer, k, UPC_UINT, op, team, flags, h);
      },
      [=](B &r) { expect_fold(r, static_cast<std::size_t>(rank) * k, k, 0, n, "reduce_scatter"); });
  add(
      k, k,
      [&](B &s, B &r, H h) { return upccoll_scan(s.pointer, r.pointer, k, UPC_UINT, op, team, flags, h); },
      [=](B &r) { expect_fold(r, 0, k, 0, rank + 1, "scan"); });
  add(
      k, k,
      [&](B &s, B &r, H h) { return upccoll_exscan(s.pointer, r.pointer, k, UPC_UINT, op, team, flags, h); },
      [=](B &r) {
        if (rank == 0) {
          for (std::size_t i = 0; i < k; ++i) ASSERT_EQ(r[i], 0xdeadu) << "exscan leaves rank 0's recvbuf";
        } else {
          expect_fold(r, 0, k, 0, rank, "exscan");
        }
      });
  return calls;
}

struct Mode {
  const char *name;
  upccoll_flag_t flags;
  bool handles;
};
const Mode kModes[] = {{"blocking MYSYNC", 0, false},
                       {"handles MYSYNC, newest first", 0, true},
                       {"fence MYSYNC", UPC_ASYNC_FENCE, false},
                       {"blocking ALLSYNC", UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC, false},
                       {"handles IN_ALLSYNC", UPC_IN_ALLSYNC, true},
                       {"handles OUT_ALLSYNC", UPC_OUT_ALLSYNC, true}};

TEST(Coll2Direct, EveryCollectiveAcrossTheLimit) {
  Library library;
  upccoll_op_t product = 0;
  ASSERT_EQ(upccoll_op_create(matrix_product, 0, &product), UPCCOLL_SUCCESS);
  std::vector<TeamCase> cases = team_cases();
  cases.resize(2);  // UPC_TEAM_ALL and odd/even
  for (const TeamCase &c : cases) {
    int rank = -1, n = -1;
    ASSERT_EQ(upccoll_team_rank(c.team, &rank), UPCCOLL_SUCCESS);
    ASSERT_EQ(upccoll_team_size(c.team, &n), UPCCOLL_SUCCESS);
    // Elements per piece (multiples of the matrices' 4): below and at 2 / n of the limit's bytes and half of
    // them (the scans'), the limit and 4x the limit (the broadcast's).
    const std::size_t crowded = (2 * kLimit / static_cast<std::size_t>(n) + 15) / 16 * 4;
    for (const std::size_t k :
         {crowded - 4, crowded, kLimit / 8 - 4, kLimit / 8, kLimit / 4 - 4, kLimit / 4, kLimit - 4, kLimit})
      for (const Mode &mode : kModes) {
        SCOPED_TRACE(c.name + ", " + mode.name + ", " + std::to_string(k * 4) + " bytes per piece");
        std::vector<Pending> calls = start_all(c.team, rank, n, k, mode.flags, mode.handles, product);
        ASSERT_FALSE(HasFatalFailure());
        if ((mode.flags & UPC_ASYNC_FENCE) != 0) upccoll_fence();
        for (std::size_t i = calls.size(); i-- > 0;) {
          if (mode.handles) upccoll_wait(calls[i].handle);
          calls[i].check();
        }
      }
  }
  free_teams(cases);
  EXPECT_EQ(upccoll_op_free(product), UPCCOLL_SUCCESS);
}

// A root's blocking broadcast holds its sendbuf until every receiver has read it: overwritten at once, the
// receivers (late on purpose) still get the old data.
TEST(Coll2Direct, BlockingSourceReturnsAfterItsReaders) {
  Library library;
  constexpr std::size_t kBytes = 1 << 20;
  Buffer<unsigned char> send(kBytes), recv(kBytes);
  for (int round = 0; round < 3; ++round) {
    const int root = round % THREADS;
    for (std::size_t i = 0; i < kBytes; ++i) send[i] = static_cast<unsigned char>(i + 5 * round + 1);
    if (MYTHREAD != root) std::this_thread::sleep_for(std::chrono::milliseconds(2 * (MYTHREAD + 1)));
    ASSERT_EQ(upccoll_bcast(send.pointer, kBytes, UPC_BYTE, recv.pointer, kBytes, UPC_BYTE, root,
                            UPC_TEAM_ALL, 0, nullptr),
              UPCCOLL_SUCCESS);
    if (MYTHREAD == root) std::memset(send.data(), 0, kBytes);
    for (std::size_t i = 0; i < kBytes; ++i)
      ASSERT_EQ(recv[i], static_cast<unsigned char>(i + 5 * round + 1)) << "round " << round << " byte " << i;
    upc_barrier;
  }
}

// A source waits only for its readers' initiations: a receiver that initiated with a handle and then waits in
// a barrier for the root is filled by the root (else both would wait forever).
TEST(Coll2Direct, SourceFillsAReaderThatWaitsElsewhere) {
  if (on_mpi_engine())
    GTEST_SKIP() << "members block and wait with a handle in one call: not on the MPI engine";
  Library library;
  constexpr std::size_t kCount = 64 * 1024;
  Buffer<long> send(kCount), recv(kCount);
  for (std::size_t i = 0; i < kCount; ++i) send[i] = static_cast<long>(i) * 3 + MYTHREAD;
  const int root = 0;
  if (MYTHREAD == root) {
    ASSERT_EQ(upccoll_bcast(send.pointer, kCount, UPC_LONG, recv.pointer, kCount, UPC_LONG, root,
                            UPC_TEAM_ALL, 0, nullptr),
              UPCCOLL_SUCCESS);
    upc_barrier;
  } else {
    upccoll_handle_t h = UPCCOLL_INVALID_HANDLE;
    ASSERT_EQ(upccoll_bcast(send.pointer, kCount, UPC_LONG, recv.pointer, kCount, UPC_LONG, root,
                            UPC_TEAM_ALL, 0, &h),
              UPCCOLL_SUCCESS);
    upc_barrier;
    upccoll_wait(h);
  }
  for (std::size_t i = 0; i < kCount; ++i) ASSERT_EQ(recv[i], static_cast<long>(i) * 3 + root) << i;
}

// In-place calls: an allgather whose sendbuf is the caller's own piece of its recvbuf, and an allreduce
// whose sendbuf is its recvbuf (such a source stages its data instead of being read in place).
TEST(Coll2Direct, InPlaceCalls) {
  Library library;
  const auto n = static_cast<std::size_t>(THREADS);
  constexpr std::size_t kCount = 20000;
  const auto me = static_cast<std::size_t>(MYTHREAD);
  Buffer<unsigned> all(kCount * n);
  for (std::size_t i = 0; i < kCount; ++i) all[me * kCount + i] = value(MYTHREAD, i);
  ASSERT_EQ(upccoll_allgather(all.at(me * kCount), kCount, UPC_UINT, all.pointer, kCount, UPC_UINT,
                              UPC_TEAM_ALL, 0, nullptr),
            UPCCOLL_SUCCESS);
  for (std::size_t i = 0; i < kCount * n; ++i)
    ASSERT_EQ(all[i], value(static_cast<int>(i / kCount), i % kCount)) << i;
  Buffer<unsigned> both(kCount);
  for (std::size_t i = 0; i < kCount; ++i) both[i] = value(MYTHREAD, i);
  ASSERT_EQ(
      upccoll_allreduce(both.pointer, both.pointer, kCount, UPC_UINT, UPC_ADD, UPC_TEAM_ALL, 0, nullptr),
      UPCCOLL_SUCCESS);
  for (std::size_t i = 0; i < kCount; ++i) {
    unsigned sum = 0;
    for (int r = 0; r < THREADS; ++r) sum += value(r, i);
    ASSERT_EQ(both[i], sum) << i;
  }
}

}  // namespace
