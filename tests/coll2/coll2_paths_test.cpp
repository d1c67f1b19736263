// Both paths of a Collectives 2.0 call on shm in one run: contributions on each side of the inline limit
// (4160 bytes of send data and piece ends per member by default, PGAS_COLL2_INLINE), so that one call has
// sources whose data is in their slots and sources whose data is staged in call blocks, and many such calls
// in flight, more than the ring holds, completed in reverse order. CMake runs the binary also with
// PGAS_COLL2_INLINE=0 (every call through the block engine) and =64 (most data staged).
#include <gtest/gtest.h>

#include <memory>
#include <pgas/upc.hpp>

#include "coll2_util.hpp"

using namespace coll2_test;

namespace {

// Elements rank r sends: a few on even ranks (inline), more than 4 KiB of longs on odd ranks (staged).
std::size_t mine_of(int rank) { return rank % 2 == 0 ? 3 : 700; }
long value(int rank, std::size_t i) { return rank * 100000L + static_cast<long>(i) + 1; }

TEST(Coll2Paths, InlineAndStagedSourcesInOneCall) {
  Library library;
  const auto n = static_cast<std::size_t>(THREADS);
  std::vector<std::size_t> counts(n), displs(n);
  std::size_t total = 0;
  for (std::size_t t = 0; t < n; ++t) {
    counts[t] = mine_of(static_cast<int>(t));
    displs[t] = total;
    total += counts[t];
  }
  const std::size_t mine = mine_of(MYTHREAD);
  Buffer<long> send(mine), all(total), gathered(total);
  for (std::size_t i = 0; i < mine; ++i) send[i] = value(MYTHREAD, i);
  ASSERT_EQ(upccoll_allgatherv(send.pointer, mine, UPC_LONG, all.pointer, counts.data(), displs.data(),
                               UPC_LONG, UPC_TEAM_ALL, 0, nullptr),
            UPCCOLL_SUCCESS);
  ASSERT_EQ(upccoll_gatherv(send.pointer, mine, UPC_LONG, gathered.pointer, counts.data(), displs.data(),
                            UPC_LONG, THREADS - 1, UPC_TEAM_ALL, 0, nullptr),
            UPCCOLL_SUCCESS);
  for (std::size_t t = 0; t < n; ++t)
    for (std::size_t i = 0; i < counts[t]; ++i) {
      EXPECT_EQ(all[displs[t] + i], value(static_cast<int>(t), i)) << "allgatherv from " << t << " at " << i;
      if (MYTHREAD == THREADS - 1) {
        EXPECT_EQ(gathered[displs[t] + i], value(static_cast<int>(t), i)) << "gatherv from " << t;
      }
    }
  // alltoallv: r sends mine_of(r) elements to every rank; t receives counts[r] from r at displs[r].
  std::vector<std::size_t> scounts(n, mine), sdispls(n);
  for (std::size_t t = 0; t < n; ++t) sdispls[t] = t * mine;
  Buffer<long> rows(mine * n), exchanged(total);
  for (std::size_t i = 0; i < mine * n; ++i) rows[i] = value(MYTHREAD, i);
  ASSERT_EQ(upccoll_alltoallv(rows.pointer, scounts.data(), sdispls.data(), UPC_LONG, exchanged.pointer,
                              counts.data(), displs.data(), UPC_LONG, UPC_TEAM_ALL, 0, nullptr),
            UPCCOLL_SUCCESS);
  for (std::size_t t = 0; t < n; ++t)
    for (std::size_t i = 0; i < counts[t]; ++i)
      EXPECT_EQ(exchanged[displs[t] + i],
                value(static_cast<int>(t), static_cast<std::size_t>(MYTHREAD) * counts[t] + i))
          << "alltoallv from " << t;
}

// Allreduces of one element (inline) and of 600 (staged) alternate, 300 in flight on one team, then are
// completed newest first; the send buffers are overwritten at once (MYSYNC).
TEST(Coll2Paths, RingWrapsWithInlineAndStagedCallsInFlight) {
  Library library;
  constexpr int kCalls = 300;  // more than two rings (kRing is 128)
  std::vector<std::unique_ptr<Buffer<long>>> sends, recvs;
  std::vector<upccoll_handle_t> handles(kCalls);
  auto elements = [](int call) { return call % 2 == 0 ? std::size_t{1} : std::size_t{600}; };
  for (int call = 0; call < kCalls; ++call) {
    const std::size_t k = elements(call);
    sends.push_back(std::make_unique<Buffer<long>>(k));
    recvs.push_back(std::make_unique<Buffer<long>>(k));
    for (std::size_t i = 0; i < k; ++i) (*sends.back())[i] = MYTHREAD * 7 + call + static_cast<long>(i);
    ASSERT_EQ(upccoll_allreduce(sends.back()->pointer, recvs.back()->pointer, k, UPC_LONG, UPC_ADD,
                                UPC_TEAM_ALL, 0, &handles[static_cast<std::size_t>(call)]),
              UPCCOLL_SUCCESS);
    for (std::size_t i = 0; i < k; ++i) (*sends.back())[i] = -1;
  }
  const long threads = THREADS;
  for (int call = kCalls; call-- > 0;) {
    upccoll_wait(handles[static_cast<std::size_t>(call)]);
    auto &recv = *recvs[static_cast<std::size_t>(call)];
    for (std::size_t i = 0; i < elements(call); i += 97)
      EXPECT_EQ(recv[i], 7 * threads * (threads - 1) / 2 + threads * (call + static_cast<long>(i)))
          << "call " << call << " element " << i;
  }
}

// Broadcasts on each side of where the data stops sharing the started flag's line and of the inline limit.
TEST(Coll2Paths, BroadcastOfEachSizeAroundTheLimit) {
  Library library;
  for (const std::size_t bytes : {1, 8, 40, 41, 4151, 4152, 4153, 8192}) {
    Buffer<unsigned char> send(bytes), recv(bytes);
    for (std::size_t i = 0; i < bytes; ++i) send[i] = static_cast<unsigned char>(i * 7 + MYTHREAD);
    const int root = static_cast<int>(bytes % static_cast<std::size_t>(THREADS));
    ASSERT_EQ(upccoll_bcast(send.pointer, bytes, UPC_BYTE, recv.pointer, bytes, UPC_BYTE, root, UPC_TEAM_ALL,
                            0, nullptr),
              UPCCOLL_SUCCESS);
    for (std::size_t i = 0; i < bytes; ++i)
      ASSERT_EQ(recv[i], static_cast<unsigned char>(i * 7 + static_cast<std::size_t>(root)))
          << bytes << " bytes, byte " << i;
  }
}

}  // namespace

// Calls of hundreds of KiB per member (staged in call blocks on the small path too).
TEST(Coll2Paths, LargeCalls) {
  Library library;
  const auto n = static_cast<std::size_t>(THREADS);
  constexpr std::size_t kBcast = 1 << 20, kReduced = 40000, kBlock = 100000;
  Buffer<unsigned char> send(kBcast), recv(kBcast);
  for (std::size_t i = 0; i < kBcast; ++i) send[i] = static_cast<unsigned char>(i * 13 + MYTHREAD);
  const int root = THREADS - 1;
  ASSERT_EQ(upccoll_bcast(send.pointer, kBcast, UPC_BYTE, recv.pointer, kBcast, UPC_BYTE, root, UPC_TEAM_ALL,
                          0, nullptr),
            UPCCOLL_SUCCESS);
  for (std::size_t i = 0; i < kBcast; ++i)
    ASSERT_EQ(recv[i], static_cast<unsigned char>(i * 13 + static_cast<std::size_t>(root)))
        << "bcast byte " << i;
  Buffer<double> values(kReduced), sums(kReduced);
  for (std::size_t i = 0; i < kReduced; ++i) values[i] = static_cast<double>(i) + MYTHREAD;
  ASSERT_EQ(upccoll_allreduce(values.pointer, sums.pointer, kReduced, UPC_DOUBLE, UPC_ADD, UPC_TEAM_ALL, 0,
                              nullptr),
            UPCCOLL_SUCCESS);
  const double threads = THREADS;
  for (std::size_t i = 0; i < kReduced; ++i)
    ASSERT_EQ(sums[i], threads * static_cast<double>(i) + threads * (threads - 1) / 2) << "allreduce " << i;
  Buffer<int> rows(kBlock * n), columns(kBlock * n);
  for (std::size_t i = 0; i < kBlock * n; ++i) rows[i] = static_cast<int>(i) + MYTHREAD * 1000000;
  ASSERT_EQ(upccoll_alltoall(rows.pointer, kBlock, UPC_INT, columns.pointer, kBlock, UPC_INT, UPC_TEAM_ALL, 0,
                             nullptr),
            UPCCOLL_SUCCESS);
  for (std::size_t t = 0; t < n; ++t)
    for (std::size_t i = 0; i < kBlock; i += 7)
      ASSERT_EQ(columns[t * kBlock + i], static_cast<int>(static_cast<std::size_t>(MYTHREAD) * kBlock + i) +
                                             static_cast<int>(t) * 1000000)
          << "alltoall from " << t << " element " << i;
}
