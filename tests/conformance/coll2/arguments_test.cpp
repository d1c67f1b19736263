// Collectives 2.0 conformance: error codes for buffers, counts, count and displacement arrays, handles and
// team arguments [C2 3.1.6]. As in errors_test.cpp every thread makes the same invalid call.
#include <gtest/gtest.h>

#include <pgas/upc.hpp>

#include "conf_coll2.hpp"

using namespace conf2;

namespace {

const upccoll_shared_ptr_t kNull = nullptr;

void expect_working() {
  Blocks<int> one(1), sum(1);
  one[0] = 2;
  ASSERT_EQ(upccoll_allreduce(one.at(), sum.at(), 1, UPC_INT, UPC_ADD, UPC_TEAM_ALL, 0, nullptr),
            UPCCOLL_SUCCESS);
  EXPECT_EQ(sum[0], 2 * THREADS);
}

// [3.1.6] UPCCOLL_ERROR_SENDBUF / _RECVBUF "(e.g. NULL)"; [2.2]: buffers must be affine to the calling
// thread, so another thread's buffer is invalid too; [3.5.2] 3: every thread must give bcast a recvbuf.
TEST(Coll2Arguments, BadBuffers) {
  const std::size_t n = static_cast<std::size_t>(THREADS);
  Blocks<int> a(2 * n), b(2 * n);
  std::vector<std::size_t> counts(n, 1), displs(n);
  for (std::size_t t = 0; t < n; ++t) displs[t] = t;
  const upccoll_team_t all = UPC_TEAM_ALL;
  std::vector<upccoll_shared_ptr_t> bad_ones{kNull};
  const auto everyone = everyones(a.pointer);  // collective
  if (THREADS > 1) {
    const pgas::global_ptr<void> &next = everyone[static_cast<std::size_t>((MYTHREAD + 1) % THREADS)];
    bad_ones.push_back(upccoll_shared_ptr_t{next.handle(), next.thread(), next.offset()});
  }
  for (std::size_t which = 0; which < bad_ones.size(); ++which) {
    SCOPED_TRACE(which == 0 ? "NULL" : "the next thread's buffer");
    const upccoll_shared_ptr_t bad = bad_ones[which];
    EXPECT_EQ(upccoll_allreduce(bad, b.at(), 1, UPC_INT, UPC_ADD, all, 0, nullptr), UPCCOLL_ERROR_SENDBUF);
    EXPECT_EQ(upccoll_allreduce(a.at(), bad, 1, UPC_INT, UPC_ADD, all, 0, nullptr), UPCCOLL_ERROR_RECVBUF);
    EXPECT_EQ(upccoll_scan(bad, b.at(), 1, UPC_INT, UPC_ADD, all, 0, nullptr), UPCCOLL_ERROR_SENDBUF);
    EXPECT_EQ(upccoll_reduce_scatter(a.at(), bad, 1, UPC_INT, UPC_ADD, all, 0, nullptr),
              UPCCOLL_ERROR_RECVBUF);
    EXPECT_EQ(upccoll_allgather(bad, 1, UPC_INT, b.at(), 1, UPC_INT, all, 0, nullptr), UPCCOLL_ERROR_SENDBUF);
    EXPECT_EQ(upccoll_allgather(a.at(), 1, UPC_INT, bad, 1, UPC_INT, all, 0, nullptr), UPCCOLL_ERROR_RECVBUF);
    EXPECT_EQ(upccoll_alltoall(bad, 1, UPC_INT, b.at(), 1, UPC_INT, all, 0, nullptr), UPCCOLL_ERROR_SENDBUF);
    EXPECT_EQ(upccoll_alltoallv(a.at(), counts.data(), displs.data(), UPC_INT, bad, counts.data(),
                                displs.data(), UPC_INT, all, 0, nullptr),
              UPCCOLL_ERROR_RECVBUF);
    EXPECT_EQ(
        upccoll_allgatherv(bad, 1, UPC_INT, b.at(), counts.data(), displs.data(), UPC_INT, all, 0, nullptr),
        UPCCOLL_ERROR_SENDBUF);
    EXPECT_EQ(upccoll_bcast(a.at(), 1, UPC_INT, bad, 1, UPC_INT, 0, all, 0, nullptr), UPCCOLL_ERROR_RECVBUF);
    EXPECT_EQ(upccoll_gather(bad, 1, UPC_INT, b.at(), 1, UPC_INT, 0, all, 0, nullptr), UPCCOLL_ERROR_SENDBUF);
    EXPECT_EQ(upccoll_scatter(a.at(), 1, UPC_INT, bad, 1, UPC_INT, 0, all, 0, nullptr),
              UPCCOLL_ERROR_RECVBUF);
    // Singleton teams: every thread is the root, whose sendbuf (bcast, scatter) and recvbuf (gather,
    // reduce) are used.
    upccoll_team_t self = nullptr;
    ASSERT_EQ(upccoll_team_split(all, MYTHREAD, 0, &self), UPCCOLL_SUCCESS);
    EXPECT_EQ(upccoll_bcast(bad, 1, UPC_INT, b.at(), 1, UPC_INT, 0, self, 0, nullptr), UPCCOLL_ERROR_SENDBUF);
    EXPECT_EQ(upccoll_scatter(bad, 1, UPC_INT, b.at(), 1, UPC_INT, 0, self, 0, nullptr),
              UPCCOLL_ERROR_SENDBUF);
    EXPECT_EQ(upccoll_gather(a.at(), 1, UPC_INT, bad, 1, UPC_INT, 0, self, 0, nullptr),
              UPCCOLL_ERROR_RECVBUF);
    EXPECT_EQ(upccoll_reduce(a.at(), bad, 1, UPC_INT, UPC_ADD, 0, self, 0, nullptr), UPCCOLL_ERROR_RECVBUF);
    upccoll_team_free(self);
  }
  expect_working();
  upc_barrier;  // nobody frees its buffer while another still names it
}

// [3.1.6] UPCCOLL_ERROR_COUNT "invalid data count (e.g. 0)": count 0 in the calls with one count.
TEST(Coll2Arguments, ZeroCounts) {
  const std::size_t n = static_cast<std::size_t>(THREADS);
  Blocks<int> a(2 * n), b(2 * n);
  const upccoll_team_t all = UPC_TEAM_ALL;
  EXPECT_EQ(upccoll_bcast(a.at(), 0, UPC_INT, b.at(), 0, UPC_INT, 0, all, 0, nullptr), UPCCOLL_ERROR_COUNT);
  EXPECT_EQ(upccoll_scatter(a.at(), 0, UPC_INT, b.at(), 0, UPC_INT, 0, all, 0, nullptr), UPCCOLL_ERROR_COUNT);
  EXPECT_EQ(upccoll_gather(a.at(), 0, UPC_INT, b.at(), 0, UPC_INT, 0, all, 0, nullptr), UPCCOLL_ERROR_COUNT);
  EXPECT_EQ(upccoll_allgather(a.at(), 0, UPC_INT, b.at(), 0, UPC_INT, all, 0, nullptr), UPCCOLL_ERROR_COUNT);
  EXPECT_EQ(upccoll_alltoall(a.at(), 0, UPC_INT, b.at(), 0, UPC_INT, all, 0, nullptr), UPCCOLL_ERROR_COUNT);
  EXPECT_EQ(upccoll_reduce(a.at(), b.at(), 0, UPC_INT, UPC_ADD, 0, all, 0, nullptr), UPCCOLL_ERROR_COUNT);
  EXPECT_EQ(upccoll_allreduce(a.at(), b.at(), 0, UPC_INT, UPC_ADD, all, 0, nullptr), UPCCOLL_ERROR_COUNT);
  EXPECT_EQ(upccoll_reduce_scatter(a.at(), b.at(), 0, UPC_INT, UPC_ADD, all, 0, nullptr),
            UPCCOLL_ERROR_COUNT);
  EXPECT_EQ(upccoll_scan(a.at(), b.at(), 0, UPC_INT, UPC_ADD, all, 0, nullptr), UPCCOLL_ERROR_COUNT);
  EXPECT_EQ(upccoll_exscan(a.at(), b.at(), 0, UPC_INT, UPC_ADD, all, 0, nullptr), UPCCOLL_ERROR_COUNT);
  upccoll_handle_t h = UPCCOLL_INVALID_HANDLE;
  EXPECT_EQ(upccoll_allreduce(a.at(), b.at(), 0, UPC_INT, UPC_ADD, all, 0, &h), UPCCOLL_ERROR_COUNT);
  EXPECT_EQ(upccoll_alltoall(a.at(), 0, UPC_INT, b.at(), 0, UPC_INT, all, UPC_ASYNC_FENCE, nullptr),
            UPCCOLL_ERROR_COUNT);
  upccoll_fence();
  expect_working();
}

// [3.1.6] UPCCOLL_ERROR_SENDCNTS, _RECVCNTS, _SDISPLS, _RDISPLS: missing (NULL) count and displacement arrays
// where the call uses them.
TEST(Coll2Arguments, MissingCountAndDisplacementArrays) {
  const std::size_t n = static_cast<std::size_t>(THREADS);
  Blocks<int> a(2 * n), b(2 * n);
  std::vector<std::size_t> c(n, 1), d(n);
  for (std::size_t t = 0; t < n; ++t) d[t] = t;
  const upccoll_team_t all = UPC_TEAM_ALL;
  const std::size_t *none = nullptr;
  EXPECT_EQ(upccoll_alltoallv(a.at(), none, d.data(), UPC_INT, b.at(), c.data(), d.data(), UPC_INT, all, 0,
                              nullptr),
            UPCCOLL_ERROR_SENDCNTS);
  EXPECT_EQ(upccoll_alltoallv(a.at(), c.data(), none, UPC_INT, b.at(), c.data(), d.data(), UPC_INT, all, 0,
                              nullptr),
            UPCCOLL_ERROR_SDISPLS);
  EXPECT_EQ(upccoll_alltoallv(a.at(), c.data(), d.data(), UPC_INT, b.at(), none, d.data(), UPC_INT, all, 0,
                              nullptr),
            UPCCOLL_ERROR_RECVCNTS);
  EXPECT_EQ(upccoll_alltoallv(a.at(), c.data(), d.data(), UPC_INT, b.at(), c.data(), none, UPC_INT, all, 0,
                              nullptr),
            UPCCOLL_ERROR_RDISPLS);
  EXPECT_EQ(upccoll_allgatherv(a.at(), 1, UPC_INT, b.at(), none, d.data(), UPC_INT, all, 0, nullptr),
            UPCCOLL_ERROR_RECVCNTS);
  EXPECT_EQ(upccoll_allgatherv(a.at(), 1, UPC_INT, b.at(), c.data(), none, UPC_INT, all, 0, nullptr),
            UPCCOLL_ERROR_RDISPLS);
  EXPECT_EQ(upccoll_reduce_scatterv(a.at(), b.at(), none, UPC_INT, UPC_ADD, all, 0, nullptr),
            UPCCOLL_ERROR_RECVCNTS);
  upccoll_team_t self = nullptr;  // every thread the root of its own team
  ASSERT_EQ(upccoll_team_split(all, MYTHREAD, 0, &self), UPCCOLL_SUCCESS);
  EXPECT_EQ(upccoll_scatterv(a.at(), none, d.data(), UPC_INT, b.at(), 1, UPC_INT, 0, self, 0, nullptr),
            UPCCOLL_ERROR_SENDCNTS);
  EXPECT_EQ(upccoll_scatterv(a.at(), c.data(), none, UPC_INT, b.at(), 1, UPC_INT, 0, self, 0, nullptr),
            UPCCOLL_ERROR_SDISPLS);
  EXPECT_EQ(upccoll_gatherv(a.at(), 1, UPC_INT, b.at(), none, d.data(), UPC_INT, 0, self, 0, nullptr),
            UPCCOLL_ERROR_RECVCNTS);
  EXPECT_EQ(upccoll_gatherv(a.at(), 1, UPC_INT, b.at(), c.data(), none, UPC_INT, 0, self, 0, nullptr),
            UPCCOLL_ERROR_RDISPLS);
  upccoll_team_free(self);
  expect_working();
}

// [3.1.6] UPCCOLL_ERROR_HANDLE "invalid collective handle"; [3.1.1] 2: 0 is not a valid handle; a handle
// already waited for is no longer one. upccoll_test returns an int (1 complete, 0 not); pgas/upccoll.h
// returns the code negated for an invalid handle.
TEST(Coll2Arguments, InvalidHandles) {
  EXPECT_EQ(upccoll_test(UPCCOLL_INVALID_HANDLE), -UPCCOLL_ERROR_HANDLE);
  upccoll_handle_t h = UPCCOLL_INVALID_HANDLE;
  ASSERT_EQ(upccoll_barrier(UPC_TEAM_ALL, 0, &h), UPCCOLL_SUCCESS);
  ASSERT_NE(h, nullptr);
  upccoll_wait(h);
  EXPECT_EQ(upccoll_test(h), -UPCCOLL_ERROR_HANDLE);
  expect_working();
}

// [3.1.6] UPCCOLL_ERROR (generic), for out-parameters that cannot hold the result (pgas/upccoll.h's
// case), and UPCCOLL_ERROR_RANK for a negative split key (pgas/upccoll.h's case: keys are ranks, [3.4.3] 2).
TEST(Coll2Arguments, MissingOutParametersAndNegativeKeys) {
  EXPECT_EQ(upccoll_team_rank(UPC_TEAM_ALL, nullptr), UPCCOLL_ERROR);
  EXPECT_EQ(upccoll_team_size(UPC_TEAM_ALL, nullptr), UPCCOLL_ERROR);
  EXPECT_EQ(upccoll_type_size(UPC_INT, nullptr), UPCCOLL_ERROR);
  EXPECT_EQ(upccoll_op_create([](void *, void *, size_t, upccoll_dtype_t) {}, 1, nullptr), UPCCOLL_ERROR);
  EXPECT_EQ(upccoll_team_split(UPC_TEAM_ALL, 0, MYTHREAD, nullptr), UPCCOLL_ERROR);
  upccoll_team_t t = nullptr;
  EXPECT_EQ(upccoll_team_split(UPC_TEAM_ALL, 0, -1 - MYTHREAD, &t), UPCCOLL_ERROR_RANK);
  expect_working();
}

}  // namespace
