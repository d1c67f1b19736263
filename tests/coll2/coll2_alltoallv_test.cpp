// upccoll_alltoallv through every path it takes on shm (the fast lane for repeated small calls, the block
// path, large pieces), on UPC_TEAM_ALL and split teams: counts that vary per source and destination (zeros
// among them) and change between calls, also in place in the same arrays (the fast lane compares their
// contents), displacements out of order and with gaps (which must stay untouched), each result against a
// sequential reference; then argument errors after repeated good calls, and a good call after them.
#include <gtest/gtest.h>

#include <pgas/upc.hpp>
#include <vector>

#include "coll2_util.hpp"

using namespace coll2_test;

namespace {

constexpr long kUntouched = -1;

// Elements team rank `from` sends to team rank `to` in shape `shape`: 0, 1 or 2 times `scale`, plus `least`.
std::size_t count(int from, int to, int shape, std::size_t scale, std::size_t least) {
  return static_cast<std::size_t>((from + 2 * to + shape) % 3) * scale + least;
}

// Element i of what `from` sends to `to` in round `round`.
long value(int from, int to, std::size_t i, int round) {
  return ((static_cast<long>(from) * 64 + to) * 100000 + static_cast<long>(i)) * 16 + round % 16;
}

// The four arrays of one member's call, refilled in place for every shape.
struct Arrays {
  explicit Arrays(int n)
      : sendcnts(static_cast<std::size_t>(n)),
        sdispls(sendcnts.size()),
        recvcnts(sendcnts.size()),
        rdispls(sendcnts.size()) {}
  // Send pieces in reverse rank order with a gap of one element, receive pieces in rank order with gaps of
  // two. Returns the elements the send and receive buffers must hold.
  std::pair<std::size_t, std::size_t> fill(int n, int me, int shape, std::size_t scale,
                                           std::size_t least = 0) {
    std::size_t send_end = 0, recv_end = 0;
    for (int k = n - 1; k >= 0; --k) {
      const auto t = static_cast<std::size_t>(k);
      sendcnts[t] = count(me, k, shape, scale, least);
      sdispls[t] = send_end;
      send_end += sendcnts[t] + 1;
    }
    for (int k = 0; k < n; ++k) {
      const auto t = static_cast<std::size_t>(k);
      recvcnts[t] = count(k, me, shape, scale, least);
      rdispls[t] = recv_end;
      recv_end += recvcnts[t] + 2;
    }
    return {send_end, recv_end};
  }
  std::vector<size_t> sendcnts, sdispls, recvcnts, rdispls;
};

upccoll_return_t alltoallv(Buffer<long> &send, Arrays &a, Buffer<long> &recv, upccoll_team_t team,
                           upccoll_handle_t *handle = nullptr) {
  return upccoll_alltoallv(send.pointer, a.sendcnts.data(), a.sdispls.data(), UPC_LONG, recv.pointer,
                           a.recvcnts.data(), a.rdispls.data(), UPC_LONG, team, 0, handle);
}

// Fills this member's send pieces for `round` and marks the whole recvbuf untouched.
void prepare(Buffer<long> &send, const Arrays &a, Buffer<long> &recv, int n, int me, int round) {
  for (std::size_t i = 0; i < send.count; ++i) send[i] = kUntouched;
  for (int k = 0; k < n; ++k) {
    const auto t = static_cast<std::size_t>(k);
    for (std::size_t i = 0; i < a.sendcnts[t]; ++i) send[a.sdispls[t] + i] = value(me, k, i, round);
  }
  for (std::size_t i = 0; i < recv.count; ++i) recv[i] = kUntouched;
}

// Whether this member's recvbuf holds what every source sent it in `round`, and nothing else.
void expect_received(Buffer<long> &recv, const Arrays &a, int n, int me, int round, const std::string &what) {
  std::vector<long> expected(recv.count, kUntouched);
  for (int k = 0; k < n; ++k) {
    const auto t = static_cast<std::size_t>(k);
    for (std::size_t i = 0; i < a.recvcnts[t]; ++i) expected[a.rdispls[t] + i] = value(k, me, i, round);
  }
  ASSERT_EQ(recv.values(), expected) << what;
}

TEST(Coll2Alltoallv, CountsVaryAndChangeBetweenRepeatedCalls) {
  Library library;
  const std::vector<TeamCase> cases = team_cases();
  // Elements per unit of count, and the fewest in a piece: inline in the slots, staged in blocks, pieces
  // above the large-call limit (read in place), and large pieces next to one-element ones (staged).
  const std::pair<std::size_t, std::size_t> scales[] = {{1, 0}, {3, 0}, {60, 0}, {5000, 0}, {5000, 1}};
  const std::size_t most =
      2 * 5001 * static_cast<std::size_t>(THREADS) + 2 * static_cast<std::size_t>(THREADS);
  Buffer<long> send(most), recv(most);
  int round = 0;
  for (const TeamCase &tc : cases) {
    int n = 0, me = 0;
    ASSERT_EQ(upccoll_team_size(tc.team, &n), UPCCOLL_SUCCESS);
    ASSERT_EQ(upccoll_team_rank(tc.team, &me), UPCCOLL_SUCCESS);
    ASSERT_EQ(n, static_cast<int>(tc.members.size()));
    Arrays a(n);
    for (const auto &[scale, least] : scales)
      for (int shape = 0; shape < 3; ++shape) {
        a.fill(n, me, shape, scale, least);  // the same arrays, new contents
        for (int repeat = 0; repeat < 4; ++repeat) {
          const std::string what = tc.name + ", scale " + std::to_string(scale) + "+" +
                                   std::to_string(least) + ", shape " + std::to_string(shape) + ", repeat " +
                                   std::to_string(repeat);
          ++round;
          prepare(send, a, recv, n, me, round);
          if (repeat == 2) {  // a non-blocking call between blocking ones with the same arguments
            upccoll_handle_t h = UPCCOLL_INVALID_HANDLE;
            ASSERT_EQ(alltoallv(send, a, recv, tc.team, &h), UPCCOLL_SUCCESS) << what;
            upccoll_wait(h);
          } else {
            ASSERT_EQ(alltoallv(send, a, recv, tc.team), UPCCOLL_SUCCESS) << what;
          }
          expect_received(recv, a, n, me, round, what);
        }
      }
  }
  free_teams(cases);
}

TEST(Coll2Alltoallv, ArgumentErrorsAfterRepeatedCalls) {
  Library library;
  const int n = THREADS, me = MYTHREAD;
  Arrays a(n);
  const auto [send_elements, recv_elements] = a.fill(n, me, 1, 2, 1);  // no empty piece
  Buffer<long> send(send_elements), recv(recv_elements);
  int round = 0;
  const auto good_calls = [&](const std::string &what) {
    for (int repeat = 0; repeat < 3; ++repeat) {
      prepare(send, a, recv, n, me, ++round);
      ASSERT_EQ(alltoallv(send, a, recv, UPC_TEAM_ALL), UPCCOLL_SUCCESS) << what;
      expect_received(recv, a, n, me, round, what);
    }
  };
  good_calls("before the errors");
  const auto refused = [&](upccoll_return_t expected, const std::string &what) {
    EXPECT_EQ(alltoallv(send, a, recv, UPC_TEAM_ALL), expected) << what;
  };
  // Every member changes the same entry in place (so every member's call is refused, none initiated).
  std::vector<size_t> *arrays[] = {&a.sendcnts, &a.sdispls, &a.recvcnts, &a.rdispls};
  const upccoll_return_t past_the_buffer[] = {UPCCOLL_ERROR_SENDBUF, UPCCOLL_ERROR_SENDBUF,
                                              UPCCOLL_ERROR_RECVBUF, UPCCOLL_ERROR_RECVBUF};
  for (int i = 0; i < 4; ++i) {
    std::vector<size_t> &array = *arrays[i];
    const size_t kept = array.back();
    array.back() = kept + std::max(send.count, recv.count);  // the piece ends past the buffer
    refused(past_the_buffer[i], "array " + std::to_string(i) + " past the buffer");
    array.back() = SIZE_MAX / sizeof(long) + 1;  // wraps to 0 bytes
    refused(UPCCOLL_ERROR_SIZE, "array " + std::to_string(i) + " wrapping");
    array.back() = kept;
    good_calls("after array " + std::to_string(i));
  }
  EXPECT_EQ(upccoll_alltoallv(send.pointer, nullptr, a.sdispls.data(), UPC_LONG, recv.pointer,
                              a.recvcnts.data(), a.rdispls.data(), UPC_LONG, UPC_TEAM_ALL, 0, nullptr),
            UPCCOLL_ERROR_SENDCNTS);
  EXPECT_EQ(upccoll_alltoallv(send.pointer, a.sendcnts.data(), a.sdispls.data(), UPC_LONG, recv.pointer,
                              a.recvcnts.data(), nullptr, UPC_LONG, UPC_TEAM_ALL, 0, nullptr),
            UPCCOLL_ERROR_RDISPLS);
  EXPECT_EQ(upccoll_alltoallv(send.pointer, a.sendcnts.data(), a.sdispls.data(), UPC_LONG, recv.pointer,
                              a.recvcnts.data(), a.rdispls.data(), UPC_LONG, UPC_TEAM_ALL, 42, nullptr),
            UPCCOLL_ERROR_FLAGS);
  good_calls("after the errors");
}

}  // namespace

// Large pieces, read in place from their sources' sendbufs: team rank 0 initiates with a handle and waits in
// a barrier before it completes; the others' blocking calls return only once rank 0's recvbuf is filled, so
// they fill it themselves (without that, a hang that pgasrun's timeout ends).
TEST(Coll2Alltoallv, LargeSourcesFillAReaderThatWaitsElsewhere) {
  if (on_mpi_engine())
    GTEST_SKIP() << "members block and wait with a handle in one call: not on the MPI engine";
  Library library;
  const int n = THREADS, me = MYTHREAD;
  Arrays a(n);
  const auto [send_elements, recv_elements] = a.fill(n, me, 0, 5000);
  Buffer<long> send(send_elements), recv(recv_elements);
  for (int round = 1; round <= 3; ++round) {
    prepare(send, a, recv, n, me, round);
    if (me == 0) {
      upccoll_handle_t h = UPCCOLL_INVALID_HANDLE;
      ASSERT_EQ(alltoallv(send, a, recv, UPC_TEAM_ALL, &h), UPCCOLL_SUCCESS);
      upc_barrier;
      upccoll_wait(h);
    } else {
      ASSERT_EQ(alltoallv(send, a, recv, UPC_TEAM_ALL), UPCCOLL_SUCCESS);
      for (std::size_t i = 0; i < send.count; ++i) send[i] = kUntouched;  // the sendbuf is the caller's again
      upc_barrier;
    }
    expect_received(recv, a, n, me, round, "round " + std::to_string(round));
    upc_barrier;
  }
}
