// The error codes of pgas/upccoll.h 3.1.6, each returned by the call whose argument is wrong (the same
// wrong argument on every thread, so no thread initiates a call the others do not), after which the team
// still works.
#include <gtest/gtest.h>

#include <pgas/upc.hpp>

#include "coll2_util.hpp"

using namespace coll2_test;

namespace {

TEST(Coll2Errors, UninitializedBeforeAndAfter) {
  EXPECT_EQ(upccoll_barrier(UPC_TEAM_ALL, 0, nullptr), UPCCOLL_ERROR_UNINITIALIZED);
  int rank = 0;
  EXPECT_EQ(upccoll_team_rank(UPC_TEAM_ALL, &rank), UPCCOLL_ERROR_UNINITIALIZED);
  size_t bytes = 0;
  EXPECT_EQ(upccoll_type_size(UPC_INT, &bytes), UPCCOLL_ERROR_UNINITIALIZED) << "before initialize";
  { Library library; }
  EXPECT_EQ(upccoll_barrier(UPC_TEAM_ALL, 0, nullptr), UPCCOLL_ERROR_UNINITIALIZED);
  EXPECT_EQ(upccoll_type_size(UPC_INT, &bytes), UPCCOLL_ERROR_UNINITIALIZED) << "after finalize";
  EXPECT_EQ(upccoll_finalize(), UPCCOLL_ERROR_UNINITIALIZED);
}

// Every rooted call refuses every root outside 0 .. size - 1 (-1 and -2 included: -1 is no "no root"
// marker for the user), on both engines; the team works afterwards.
TEST(Coll2Errors, EveryRootOutsideTheTeam) {
  Library library;
  const std::size_t n = static_cast<std::size_t>(THREADS);
  Buffer<int> send(4 * n), recv(4 * n);
  std::vector<size_t> counts(n, 1), displs(n, 0);
  for (std::size_t t = 0; t < n; ++t) displs[t] = t;
  for (const int root : {-1, -2, THREADS, THREADS + 1, INT32_MIN}) {
    const std::string what = "root " + std::to_string(root);
    const auto s = send.pointer, r = recv.pointer;
    EXPECT_EQ(upccoll_bcast(s, 1, UPC_INT, r, 1, UPC_INT, root, UPC_TEAM_ALL, 0, nullptr), UPCCOLL_ERROR_ROOT)
        << "bcast, " << what;
    EXPECT_EQ(upccoll_scatter(s, 1, UPC_INT, r, 1, UPC_INT, root, UPC_TEAM_ALL, 0, nullptr),
              UPCCOLL_ERROR_ROOT)
        << "scatter, " << what;
    EXPECT_EQ(upccoll_scatterv(s, counts.data(), displs.data(), UPC_INT, r, 1, UPC_INT, root, UPC_TEAM_ALL, 0,
                               nullptr),
              UPCCOLL_ERROR_ROOT)
        << "scatterv, " << what;
    EXPECT_EQ(upccoll_gather(s, 1, UPC_INT, r, 1, UPC_INT, root, UPC_TEAM_ALL, 0, nullptr),
              UPCCOLL_ERROR_ROOT)
        << "gather, " << what;
    EXPECT_EQ(upccoll_gatherv(s, 1, UPC_INT, r, counts.data(), displs.data(), UPC_INT, root, UPC_TEAM_ALL, 0,
                              nullptr),
              UPCCOLL_ERROR_ROOT)
        << "gatherv, " << what;
    EXPECT_EQ(upccoll_reduce(s, r, 1, UPC_INT, UPC_ADD, root, UPC_TEAM_ALL, 0, nullptr), UPCCOLL_ERROR_ROOT)
        << "reduce, " << what;
  }
  send[0] = 2;
  ASSERT_EQ(upccoll_allreduce(send.pointer, recv.pointer, 1, UPC_INT, UPC_ADD, UPC_TEAM_ALL, 0, nullptr),
            UPCCOLL_SUCCESS);
  EXPECT_EQ(recv[0], 2 * THREADS);
}

// A member that sends a piece to itself gives its size twice (the v forms: a count array's own entry and
// the other side's count); sizes that disagree there are UPCCOLL_ERROR_COUNT (header: "Sizes that disagree on
// one thread"), named by the v call, on every member that has them, and nothing is initiated.
TEST(Coll2Errors, OwnSizesThatDisagreeInTheVariableForms) {
  Library library;
  const std::size_t n = static_cast<std::size_t>(THREADS), me = static_cast<std::size_t>(MYTHREAD);
  Buffer<int> send(4 * n), recv(4 * n);
  std::vector<size_t> counts(n, 1), doubled(n, 1), displs(n, 0);
  for (std::size_t t = 0; t < n; ++t) displs[t] = 2 * t;
  doubled[me] = 2;  // my own entry says 2 elements, the other side 1
  const auto s = send.pointer, r = recv.pointer;
  // The rooted forms in a team of one, where every member is its root (only a root has both sizes).
  upccoll_team_t solo = nullptr;
  ASSERT_EQ(upccoll_team_split(UPC_TEAM_ALL, MYTHREAD, 0, &solo), UPCCOLL_SUCCESS);
  std::vector<size_t> two(1, 2), zero(1, 0);
  EXPECT_EQ(upccoll_scatterv(s, two.data(), zero.data(), UPC_INT, r, 1, UPC_INT, 0, solo, 0, nullptr),
            UPCCOLL_ERROR_COUNT);
  EXPECT_EQ(upccoll_gatherv(s, 1, UPC_INT, r, two.data(), zero.data(), UPC_INT, 0, solo, 0, nullptr),
            UPCCOLL_ERROR_COUNT);
  upccoll_team_free(solo);
  // The rootless forms: every member refuses.
  EXPECT_EQ(
      upccoll_allgatherv(s, 1, UPC_INT, r, doubled.data(), displs.data(), UPC_INT, UPC_TEAM_ALL, 0, nullptr),
      UPCCOLL_ERROR_COUNT);
  EXPECT_EQ(upccoll_alltoallv(s, doubled.data(), displs.data(), UPC_INT, r, counts.data(), displs.data(),
                              UPC_INT, UPC_TEAM_ALL, 0, nullptr),
            UPCCOLL_ERROR_COUNT);
  EXPECT_EQ(upccoll_alltoallv(s, counts.data(), displs.data(), UPC_INT, r, doubled.data(), displs.data(),
                              UPC_INT, UPC_TEAM_ALL, 0, nullptr),
            UPCCOLL_ERROR_COUNT);
}

TEST(Coll2Errors, EveryDetectableCode) {
  Library library;
  Buffer<int> send(4 * static_cast<std::size_t>(THREADS)), recv(4 * static_cast<std::size_t>(THREADS));
  const upccoll_shared_ptr_t none = nullptr;
  int rank = 0, not_a_team = 0;
  upccoll_team_t team = nullptr;
  // Teams, ranks, out-parameters.
  EXPECT_EQ(upccoll_team_rank(&not_a_team, &rank), UPCCOLL_ERROR_TEAM);
  EXPECT_EQ(upccoll_barrier(&not_a_team, 0, nullptr), UPCCOLL_ERROR_TEAM);
  EXPECT_EQ(upccoll_team_rank(UPC_TEAM_ALL, nullptr), UPCCOLL_ERROR);
  EXPECT_EQ(upccoll_team_split(UPC_TEAM_ALL, 0, -1, &team), UPCCOLL_ERROR_RANK);
  ASSERT_EQ(upccoll_team_split(UPC_TEAM_ALL, 0, 0, &team), UPCCOLL_SUCCESS);
  upccoll_team_free(team);
  EXPECT_EQ(upccoll_barrier(team, 0, nullptr), UPCCOLL_ERROR_TEAM) << "a freed team";
  // Handles.
  EXPECT_EQ(upccoll_test(&not_a_team), -UPCCOLL_ERROR_HANDLE);
  EXPECT_EQ(upccoll_test(UPCCOLL_INVALID_HANDLE), -UPCCOLL_ERROR_HANDLE);
  upccoll_handle_t h = UPCCOLL_INVALID_HANDLE;
  ASSERT_EQ(upccoll_barrier(UPC_TEAM_ALL, 0, &h), UPCCOLL_SUCCESS);
  upccoll_wait(h);
  EXPECT_EQ(upccoll_test(h), -UPCCOLL_ERROR_HANDLE) << "a handle already waited for";
  // Buffers.
  EXPECT_EQ(upccoll_allreduce(none, recv.pointer, 1, UPC_INT, UPC_ADD, UPC_TEAM_ALL, 0, nullptr),
            UPCCOLL_ERROR_SENDBUF);
  EXPECT_EQ(upccoll_allreduce(send.pointer, none, 1, UPC_INT, UPC_ADD, UPC_TEAM_ALL, 0, nullptr),
            UPCCOLL_ERROR_RECVBUF);
  EXPECT_EQ(upccoll_allreduce(send.pointer, recv.pointer, 1000, UPC_INT, UPC_ADD, UPC_TEAM_ALL, 0, nullptr),
            UPCCOLL_ERROR_SENDBUF)
      << "a send buffer too small";
  pgas::shared_array<int> spread(static_cast<std::size_t>(THREADS));
  if (THREADS > 1) {  // element (MYTHREAD + 1) % THREADS has affinity to another thread
    EXPECT_EQ(upccoll_allreduce(send.pointer, &spread[static_cast<std::size_t>((MYTHREAD + 1) % THREADS)], 1,
                                UPC_INT, UPC_ADD, UPC_TEAM_ALL, 0, nullptr),
              UPCCOLL_ERROR_RECVBUF);
  }
  // Counts, types, operations, flags, roots.
  EXPECT_EQ(upccoll_allreduce(send.pointer, recv.pointer, 0, UPC_INT, UPC_ADD, UPC_TEAM_ALL, 0, nullptr),
            UPCCOLL_ERROR_COUNT);
  EXPECT_EQ(upccoll_allgather(send.pointer, 2, UPC_INT, recv.pointer, 1, UPC_INT, UPC_TEAM_ALL, 0, nullptr),
            UPCCOLL_ERROR_COUNT);
  EXPECT_EQ(upccoll_allreduce(send.pointer, recv.pointer, 1, 999, UPC_ADD, UPC_TEAM_ALL, 0, nullptr),
            UPCCOLL_ERROR_DATATYPE);
  size_t bytes = 0;
  EXPECT_EQ(upccoll_type_size(999, &bytes), UPCCOLL_ERROR_DATATYPE);
  EXPECT_EQ(upccoll_type_size(UPC_INT, nullptr), UPCCOLL_ERROR);
  EXPECT_EQ(upccoll_allgather(send.pointer, 1, 999, recv.pointer, 1, UPC_INT, UPC_TEAM_ALL, 0, nullptr),
            UPCCOLL_ERROR_SENDTYPE);
  EXPECT_EQ(upccoll_allgather(send.pointer, 1, UPC_INT, recv.pointer, 1, 999, UPC_TEAM_ALL, 0, nullptr),
            UPCCOLL_ERROR_RECVTYPE);
  EXPECT_EQ(upccoll_allreduce(send.pointer, recv.pointer, 1, UPC_INT, 12345, UPC_TEAM_ALL, 0, nullptr),
            UPCCOLL_ERROR_UPC_OP);
  EXPECT_EQ(upccoll_allreduce(send.pointer, recv.pointer, 1, UPC_DOUBLE, UPC_AND, UPC_TEAM_ALL, 0, nullptr),
            UPCCOLL_ERROR_UPC_OP);
  EXPECT_EQ(upccoll_allreduce(send.pointer, recv.pointer, 1, UPC_INT, UPC_MINLOC, UPC_TEAM_ALL, 0, nullptr),
            UPCCOLL_ERROR_UPC_OP);
  EXPECT_EQ(upccoll_op_free(UPC_ADD), UPCCOLL_ERROR_UPC_OP);
  EXPECT_EQ(upccoll_op_create(nullptr, 1, nullptr), UPCCOLL_ERROR_UPC_OP);
  EXPECT_EQ(upccoll_barrier(UPC_TEAM_ALL, UPC_IN_ALLSYNC | UPC_IN_MYSYNC, nullptr), UPCCOLL_ERROR_FLAGS);
  EXPECT_EQ(upccoll_barrier(UPC_TEAM_ALL, UPC_OUT_NOSYNC | UPC_OUT_ALLSYNC, nullptr), UPCCOLL_ERROR_FLAGS);
  EXPECT_EQ(upccoll_barrier(UPC_TEAM_ALL, 1 << 12, nullptr), UPCCOLL_ERROR_FLAGS);
  EXPECT_EQ(
      upccoll_bcast(send.pointer, 1, UPC_INT, recv.pointer, 1, UPC_INT, THREADS, UPC_TEAM_ALL, 0, nullptr),
      UPCCOLL_ERROR_ROOT);
  EXPECT_EQ(upccoll_reduce(send.pointer, recv.pointer, 1, UPC_INT, UPC_ADD, -1, UPC_TEAM_ALL, 0, nullptr),
            UPCCOLL_ERROR_ROOT);
  // The arrays of the v forms.
  std::vector<size_t> counts(static_cast<std::size_t>(THREADS), 1),
      displs(static_cast<std::size_t>(THREADS), 0);
  EXPECT_EQ(upccoll_alltoallv(send.pointer, nullptr, displs.data(), UPC_INT, recv.pointer, counts.data(),
                              displs.data(), UPC_INT, UPC_TEAM_ALL, 0, nullptr),
            UPCCOLL_ERROR_SENDCNTS);
  EXPECT_EQ(upccoll_alltoallv(send.pointer, counts.data(), nullptr, UPC_INT, recv.pointer, counts.data(),
                              displs.data(), UPC_INT, UPC_TEAM_ALL, 0, nullptr),
            UPCCOLL_ERROR_SDISPLS);
  EXPECT_EQ(upccoll_alltoallv(send.pointer, counts.data(), displs.data(), UPC_INT, recv.pointer, nullptr,
                              displs.data(), UPC_INT, UPC_TEAM_ALL, 0, nullptr),
            UPCCOLL_ERROR_RECVCNTS);
  EXPECT_EQ(upccoll_alltoallv(send.pointer, counts.data(), displs.data(), UPC_INT, recv.pointer,
                              counts.data(), nullptr, UPC_INT, UPC_TEAM_ALL, 0, nullptr),
            UPCCOLL_ERROR_RDISPLS);
  // Sizes in bytes that do not fit in size_t (they would wrap to a few bytes that the buffers hold).
  constexpr size_t kWraps = SIZE_MAX / sizeof(int) + 3;  // kWraps * sizeof(int) wraps to 8
  EXPECT_EQ(upccoll_allreduce(send.pointer, recv.pointer, kWraps, UPC_INT, UPC_ADD, UPC_TEAM_ALL, 0, nullptr),
            UPCCOLL_ERROR_SIZE);
  EXPECT_EQ(upccoll_allgather(send.pointer, kWraps, UPC_INT, recv.pointer, kWraps, UPC_INT, UPC_TEAM_ALL, 0,
                              nullptr),
            UPCCOLL_ERROR_SIZE);
  EXPECT_EQ(
      upccoll_reduce_scatter(send.pointer, recv.pointer, kWraps, UPC_INT, UPC_ADD, UPC_TEAM_ALL, 0, nullptr),
      UPCCOLL_ERROR_SIZE);
  std::vector<size_t> far(static_cast<std::size_t>(THREADS), SIZE_MAX / sizeof(int) + 1);  // wraps to 0
  EXPECT_EQ(upccoll_alltoallv(send.pointer, counts.data(), far.data(), UPC_INT, recv.pointer, counts.data(),
                              displs.data(), UPC_INT, UPC_TEAM_ALL, 0, nullptr),
            UPCCOLL_ERROR_SIZE)
      << "a displacement";
  std::vector<size_t> halves(static_cast<std::size_t>(THREADS), SIZE_MAX / 2 / sizeof(int) + 1);
  if (THREADS > 1) {  // the last piece ends past size_t
    EXPECT_EQ(upccoll_reduce_scatterv(send.pointer, recv.pointer, halves.data(), UPC_INT, UPC_ADD,
                                      UPC_TEAM_ALL, 0, nullptr),
              UPCCOLL_ERROR_SIZE);
  }
  // Nothing was initiated by the refused calls: the team still agrees.
  send[0] = 1;
  ASSERT_EQ(upccoll_allreduce(send.pointer, recv.pointer, 1, UPC_INT, UPC_ADD, UPC_TEAM_ALL, 0, nullptr),
            UPCCOLL_SUCCESS);
  EXPECT_EQ(recv[0], THREADS);
}

}  // namespace
