// Collectives 2.0 conformance: initialization and termination [C2 3.2], once per program as the seed allows
// (a gtest environment around all the tests): no call works before upccoll_initialize, which keeps the
// arguments not addressed to the library; UPC_ASYNC_FENCE calls still in flight complete at
// upccoll_finalize; no call works after it.
#include <gtest/gtest.h>

#include <pgas/upc.hpp>

#include "conf_coll2.hpp"

using namespace conf2;

namespace {

// [3.2] 1, 3: "No UPC Collectives 2.0 functions should be called before initialization" nor after
// finalization; UPCCOLL_ERROR_UNINITIALIZED is pgas/upccoll.h's code for such calls (the seed's
// "un-initialized parameter").
void expect_uninitialized(const char *when) {
  SCOPED_TRACE(when);
  Blocks<int> a(4), b(4);
  int v = -1;
  upccoll_team_t t = nullptr;
  upccoll_op_t op = -1;
  std::size_t bytes = 0;
  EXPECT_EQ(upccoll_team_rank(UPC_TEAM_ALL, &v), UPCCOLL_ERROR_UNINITIALIZED);
  EXPECT_EQ(upccoll_team_size(UPC_TEAM_ALL, &v), UPCCOLL_ERROR_UNINITIALIZED);
  EXPECT_EQ(upccoll_team_split(UPC_TEAM_ALL, 0, MYTHREAD, &t), UPCCOLL_ERROR_UNINITIALIZED);
  EXPECT_EQ(upccoll_op_create([](void *, void *, size_t, upccoll_dtype_t) {}, 1, &op),
            UPCCOLL_ERROR_UNINITIALIZED);
  EXPECT_EQ(upccoll_type_size(UPC_INT, &bytes), UPCCOLL_ERROR_UNINITIALIZED);
  EXPECT_EQ(upccoll_barrier(UPC_TEAM_ALL, 0, nullptr), UPCCOLL_ERROR_UNINITIALIZED);
  EXPECT_EQ(upccoll_bcast(a.at(), 1, UPC_INT, b.at(), 1, UPC_INT, 0, UPC_TEAM_ALL, 0, nullptr),
            UPCCOLL_ERROR_UNINITIALIZED);
  EXPECT_EQ(upccoll_allreduce(a.at(), b.at(), 1, UPC_INT, UPC_ADD, UPC_TEAM_ALL, 0, nullptr),
            UPCCOLL_ERROR_UNINITIALIZED);
  EXPECT_EQ(upccoll_finalize(), UPCCOLL_ERROR_UNINITIALIZED);
}

class Coll2Environment : public testing::Environment {
 public:
  void SetUp() override {
    expect_uninitialized("before upccoll_initialize");
    // [3.2] 2: the initializer may remove only the options "it interprets as addressed to the UPC
    // Collectives 2.0 library": arguments that are not such options stay as they are.
    char prog[] = "program", plain[] = "plain", option[] = "--gtest_like=1", dash[] = "-n";
    char *args[] = {prog, plain, option, dash, nullptr};
    int argc = 4;
    char **argv = args;
    ASSERT_EQ(upccoll_initialize(&argc, &argv), UPCCOLL_SUCCESS);
    EXPECT_EQ(argc, 4);
    if (argc == 4) {
      const char *expected[] = {"program", "plain", "--gtest_like=1", "-n"};
      for (int i = 0; i < 4; ++i) EXPECT_STREQ(argv[i], expected[i]);
    }
  }

  // [3.3] 2: UPC_ASYNC_FENCE calls "will complete upon the next invocation of upccoll_fence or
  // upccoll_finalize"; [3.2] 3: "All UPC Collectives 2.0 operations are considered terminated upon return"
  // from upccoll_finalize, which "has barrier semantics".
  void TearDown() override {
    const std::size_t n = static_cast<std::size_t>(THREADS);
    Blocks<long> send(n), bcast(1), sum(1), swapped(n);
    for (std::size_t i = 0; i < n; ++i) send[i] = 100L * MYTHREAD + static_cast<long>(i);
    const upccoll_flag_t f = UPC_ASYNC_FENCE;
    EXPECT_EQ(
        upccoll_bcast(send.at(), 1, UPC_LONG, bcast.at(), 1, UPC_LONG, THREADS - 1, UPC_TEAM_ALL, f, nullptr),
        UPCCOLL_SUCCESS);
    EXPECT_EQ(upccoll_allreduce(send.at(), sum.at(), 1, UPC_LONG, UPC_ADD, UPC_TEAM_ALL, f, nullptr),
              UPCCOLL_SUCCESS);
    EXPECT_EQ(upccoll_alltoall(send.at(), 1, UPC_LONG, swapped.at(), 1, UPC_LONG, UPC_TEAM_ALL, f, nullptr),
              UPCCOLL_SUCCESS);
    EXPECT_EQ(upccoll_barrier(UPC_TEAM_ALL, f, nullptr), UPCCOLL_SUCCESS);
    ASSERT_EQ(upccoll_finalize(), UPCCOLL_SUCCESS);
    EXPECT_EQ(bcast[0], 100L * (THREADS - 1));
    EXPECT_EQ(sum[0], 100L * THREADS * (THREADS - 1) / 2);
    for (std::size_t t = 0; t < n; ++t)
      EXPECT_EQ(swapped[t], 100L * static_cast<long>(t) + MYTHREAD) << "alltoall from " << t;
    expect_uninitialized("after upccoll_finalize");
    upc_barrier;  // every thread done before the buffers go
  }
};

testing::Environment *const g_environment = testing::AddGlobalTestEnvironment(new Coll2Environment);

}  // namespace
