// The EXAMPLEs of the relocalization functions in upc-lib-collectives.tex, written as the text writes them
// (declarations, casts and flags), with "Initialize A" filled with distinct values and the result the
// description gives checked element by element, on every thread.
#include <gtest/gtest.h>

#include <pgas/upc.hpp>

#include "coll_conf_util.hpp"
#include "reloc_model.hpp"

using namespace ccoll;
using pgas::global_ptr;
using pgas::shared_array;

namespace {

constexpr std::size_t NELEMS = 10;
int value(std::size_t i) { return static_cast<int>(1000 + 7 * i); }

// upc_all_broadcast EXAMPLE 1: B[i] == A[1] for every i.
TEST(BroadcastExamples, Example1FromA1) {
  if (THREADS < 2) GTEST_SKIP() << "&A[1] needs THREADS >= 2";
  shared_array<int> A(T()), B(T());
  A[me()] = value(me());
  upc_barrier;
  upc_all_broadcast(B, &A[1], sizeof(int), UPC_IN_NOSYNC | UPC_OUT_NOSYNC);
  upc_barrier;
  for (std::size_t i = 0; i < T(); ++i) EXPECT_EQ(int(B[i]), value(1)) << "B[" << i << "]";
  upc_barrier;
}

// EXAMPLE 2: `shared [] int A[NELEMS]` to `shared [NELEMS] int B[NELEMS*THREADS]`: B[t*NELEMS+j] == A[j].
TEST(BroadcastExamples, Example2IndefiniteSource) {
  shared_array<int> A(NELEMS, pgas::indefinite), B(NELEMS * T(), NELEMS);
  if (MYTHREAD == 0)
    for (std::size_t j = 0; j < NELEMS; ++j) A[j] = value(j);
  upc_all_broadcast(B, A, sizeof(int) * NELEMS, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
  for (std::size_t i = 0; i < NELEMS * T(); ++i) EXPECT_EQ(int(B[i]), value(i % NELEMS)) << "B[" << i << "]";
  upc_barrier;
}

// EXAMPLE 3: "(A[3],A[4]) is broadcast to (B[0],B[1]), (B[10],B[11]), ..., (B[NELEMS*(THREADS-1)],
// B[NELEMS*(THREADS-1)+1])"; the other elements of B keep their values.
TEST(BroadcastExamples, Example3FromInsideABlock) {
  shared_array<int> A(NELEMS * T(), NELEMS), B(NELEMS * T(), NELEMS);
  for (std::size_t i = 0; i < NELEMS * T(); ++i)
    if (A[i].is_local()) A[i] = value(i), B[i] = -1;
  upc_barrier;
  upc_all_broadcast(B, &A[3], sizeof(int) * 2, UPC_IN_NOSYNC | UPC_OUT_NOSYNC);
  upc_barrier;
  for (std::size_t i = 0; i < NELEMS * T(); ++i) {
    const int expected = i % NELEMS == 0 ? value(3) : i % NELEMS == 1 ? value(4) : -1;
    EXPECT_EQ(int(B[i]), expected) << "B[" << i << "]";
  }
  upc_barrier;
}

// upc_all_scatter EXAMPLE 1 (dynamic THREADS): SRC_THREAD's row of A, `(shared [] int *) &A[SRC_THREAD]`,
// is scattered: B[t*NUMELEMS+j] == srcA[t*NUMELEMS+j].
TEST(ScatterExamples, Example1RowOfAnAllAllocArray) {
  constexpr std::size_t NUMELEMS = 10;
  const std::size_t SRC_THREAD = T() >= 2 ? 1 : 0;
  shared_array<int> B(NUMELEMS * T(), NUMELEMS);
  global_ptr<int> A = upc_all_alloc(T(), T() * NUMELEMS * sizeof(int));
  global_ptr<int, pgas::indefinite> myA(&A[me()]);
  for (std::size_t i = 0; i < NUMELEMS * T(); i++) myA[i] = static_cast<int>(i + NUMELEMS * T() * me());
  global_ptr<int, pgas::indefinite> srcA(&A[SRC_THREAD]);
  upc_barrier;
  upc_all_scatter(B, srcA, sizeof(int) * NUMELEMS, UPC_IN_NOSYNC | UPC_OUT_NOSYNC);
  upc_barrier;
  for (std::size_t i = 0; i < NUMELEMS * T(); ++i)
    EXPECT_EQ(int(B[i]), static_cast<int>(i + NUMELEMS * T() * SRC_THREAD)) << "B[" << i << "]";
  upc_barrier;
  upc_all_free(A);
}

// EXAMPLE 2 (static THREADS): `shared [] int A[NELEMS*THREADS]` scattered to B: B[i] == A[i].
TEST(ScatterExamples, Example2IndefiniteSource) {
  shared_array<int> A(NELEMS * T(), pgas::indefinite), B(NELEMS * T(), NELEMS);
  if (MYTHREAD == 0)
    for (std::size_t i = 0; i < NELEMS * T(); ++i) A[i] = value(i);
  upc_all_scatter(B, A, sizeof(int) * NELEMS, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
  for (std::size_t i = 0; i < NELEMS * T(); ++i) EXPECT_EQ(int(B[i]), value(i)) << "B[" << i << "]";
  upc_barrier;
}

// upc_all_gather EXAMPLE 1: B[i] == A[i] (B indefinite, on thread 0).
TEST(GatherExamples, Example1IndefiniteDestination) {
  shared_array<int> A(NELEMS * T(), NELEMS), B(NELEMS * T(), pgas::indefinite);
  for (std::size_t i = 0; i < NELEMS * T(); ++i)
    if (A[i].is_local()) A[i] = value(i);
  upc_all_gather(B, A, sizeof(int) * NELEMS, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
  for (std::size_t i = 0; i < NELEMS * T(); ++i) EXPECT_EQ(int(B[i]), value(i)) << "B[" << i << "]";
  upc_barrier;
}

// EXAMPLE 2 (dynamic THREADS): B = (shared [] int *) upc_all_alloc(1, NELEMS*THREADS*sizeof(int)).
TEST(GatherExamples, Example2AllAllocDestination) {
  shared_array<int> A(NELEMS * T(), NELEMS);
  global_ptr<int, pgas::indefinite> B(upc_all_alloc(1, NELEMS * T() * sizeof(int)));
  for (std::size_t i = 0; i < NELEMS * T(); ++i)
    if (A[i].is_local()) A[i] = value(i);
  upc_barrier;
  upc_all_gather(B, A, sizeof(int) * NELEMS, UPC_IN_NOSYNC | UPC_OUT_NOSYNC);
  upc_barrier;
  for (std::size_t i = 0; i < NELEMS * T(); ++i) EXPECT_EQ(int(B[i]), value(i)) << "B[" << i << "]";
  upc_barrier;
  upc_all_free(B);
}

// upc_all_gather_all EXAMPLE 1: `shared [NELEMS*THREADS] int B[THREADS][NELEMS*THREADS]`: every row of B
// is A.
TEST(GatherAllExamples, Example1RowPerThread) {
  shared_array<int> A(NELEMS * T(), NELEMS);
  pgas::shared_array2d<int> B(T(), NELEMS * T(), NELEMS * T());
  for (std::size_t i = 0; i < NELEMS * T(); ++i)
    if (A[i].is_local()) A[i] = value(i);
  upc_barrier;
  upc_all_gather_all(B.flat(), A, sizeof(int) * NELEMS, UPC_IN_NOSYNC | UPC_OUT_NOSYNC);
  upc_barrier;
  for (std::size_t t = 0; t < T(); ++t)
    for (std::size_t j = 0; j < NELEMS * T(); ++j)
      EXPECT_EQ(int(B[t][j]), value(j)) << "B[" << t << "][" << j << "]";
  upc_barrier;
}

// EXAMPLE 2 (dynamic THREADS): Bdata = upc_all_alloc(THREADS*THREADS, NELEMS*sizeof(int)); "myB is
// MYTHREAD's row of Bdata", and each row is A.
TEST(GatherAllExamples, Example2AllAllocRows) {
  shared_array<int> A(NELEMS * T(), NELEMS);
  global_ptr<int> Bdata = upc_all_alloc(T() * T(), NELEMS * sizeof(int));
  global_ptr<int, pgas::indefinite> myB(&Bdata[me()]);
  for (std::size_t i = 0; i < NELEMS * T(); ++i)
    if (A[i].is_local()) A[i] = value(i);
  upc_all_gather_all(Bdata, A, NELEMS * sizeof(int), UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
  for (std::size_t j = 0; j < NELEMS * T(); ++j) EXPECT_EQ(int(myB[j]), value(j)) << "myB[" << j << "]";
  upc_barrier;
  upc_all_free(Bdata);
}

// upc_all_exchange EXAMPLE 1: B[i][j*NELEMS+e] == A[j][i*NELEMS+e].
TEST(ExchangeExamples, Example1RowPerThread) {
  pgas::shared_array2d<int> A(T(), NELEMS * T(), NELEMS * T()), B(T(), NELEMS * T(), NELEMS * T());
  for (std::size_t j = 0; j < NELEMS * T(); ++j) A[me()][j] = value(me() * NELEMS * T() + j);
  upc_barrier;
  upc_all_exchange(B.flat(), A.flat(), NELEMS * sizeof(int), UPC_IN_NOSYNC | UPC_OUT_NOSYNC);
  upc_barrier;
  for (std::size_t i = 0; i < T(); ++i)
    for (std::size_t j = 0; j < T(); ++j)
      for (std::size_t e = 0; e < NELEMS; ++e)
        EXPECT_EQ(int(B[i][j * NELEMS + e]), value(j * NELEMS * T() + i * NELEMS + e))
            << "B[" << i << "][" << j * NELEMS + e << "]";
  upc_barrier;
}

// EXAMPLE 2 (dynamic THREADS): rows myA, myB of two upc_all_alloc'ed arrays; thread i's block j of myB is
// thread j's block i of myA.
TEST(ExchangeExamples, Example2AllAllocRows) {
  global_ptr<int> Adata = upc_all_alloc(T() * T(), NELEMS * sizeof(int));
  global_ptr<int, pgas::indefinite> myA(&Adata[me()]);
  global_ptr<int> Bdata = upc_all_alloc(T() * T(), NELEMS * sizeof(int));
  global_ptr<int, pgas::indefinite> myB(&Bdata[me()]);
  for (std::size_t i = 0; i < NELEMS * T(); i++) myA[i] = static_cast<int>(me() * 1000 + i);
  upc_all_exchange(Bdata, Adata, NELEMS * sizeof(int), UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
  for (std::size_t j = 0; j < T(); ++j)
    for (std::size_t e = 0; e < NELEMS; ++e)
      EXPECT_EQ(int(myB[j * NELEMS + e]), static_cast<int>(j * 1000 + me() * NELEMS + e))
          << "myB[" << j * NELEMS + e << "]";
  upc_barrier;
  upc_all_free(Adata);
  upc_all_free(Bdata);
}

// upc_all_permute EXAMPLE 1: thread i's block of A goes to thread P[i]'s block of B.
TEST(PermuteExamples, Example1) {
  shared_array<int> A(NELEMS * T(), NELEMS), B(NELEMS * T(), NELEMS);
  shared_array<int> P(T());
  for (std::size_t i = 0; i < NELEMS * T(); ++i)
    if (A[i].is_local()) A[i] = value(i);
  P[me()] = static_cast<int>((T() - 1 - me() + 1) % T());  // a permutation: i -> (THREADS - i) % THREADS
  upc_barrier;
  upc_all_permute(B, A, P, sizeof(int) * NELEMS, UPC_IN_NOSYNC | UPC_OUT_NOSYNC);
  upc_barrier;
  for (std::size_t i = 0; i < T(); ++i)
    for (std::size_t e = 0; e < NELEMS; ++e) {
      const std::size_t to = (T() - i) % T();
      EXPECT_EQ(int(B[to * NELEMS + e]), value(i * NELEMS + e)) << "B[" << to * NELEMS + e << "]";
    }
  upc_barrier;
}

// The single-thread views (`shared [] char[...]`: broadcast and scatter's src, gather's dst) in memory one
// thread allocated for itself with upc_alloc: "a block of memory with affinity to a single thread" need not
// be part of a collectively allocated object.
TEST(SingleThreadViews, InMemoryFromUpcAlloc) {
  constexpr std::size_t nbytes = 6, kAt = 3;
  const std::size_t root = T() - 1, span = nbytes * T();
  shared_array<global_ptr<unsigned char>> slot(1);
  Area<unsigned char> dst(span * T(), span, "dst");
  if (me() == root) {
    global_ptr<unsigned char, pgas::indefinite> mine(upc_alloc(2 * span + kAt));
    for (std::size_t b = 0; b < 2 * span + kAt; ++b) mine[b] = pattern(1, root, b);
    slot[0] = global_ptr<unsigned char>(mine);
  }
  upc_barrier;
  const global_ptr<unsigned char> published = slot[0];
  const global_ptr<unsigned char, pgas::indefinite> area(published);
  upc_all_broadcast(&dst.array()[0], area + kAt, nbytes, 0);
  for (std::size_t b = 0; b < nbytes; ++b)
    EXPECT_EQ(dst.mine()[b], pattern(1, root, kAt + b)) << "broadcast byte " << b;
  upc_all_scatter(&dst.array()[0], area + kAt, nbytes, 0);
  for (std::size_t b = 0; b < nbytes; ++b)
    EXPECT_EQ(dst.mine()[b], pattern(1, root, kAt + me() * nbytes + b)) << "scatter byte " << b;
  for (std::size_t b = 0; b < span; ++b) dst.mine()[b] = pattern(2, me(), b);
  upc_all_gather(area + span + kAt, &dst.array()[0], nbytes, 0);
  if (me() == root) {
    for (std::size_t b = 0; b < 2 * span + kAt; ++b) {
      const unsigned char want = b < span + kAt
                                     ? pattern(1, root, b)
                                     : pattern(2, (b - span - kAt) / nbytes, (b - span - kAt) % nbytes);
      EXPECT_EQ(static_cast<unsigned char>(area[b]), want) << "gathered area byte " << b;
    }
  }
  upc_barrier;
  if (me() == root) upc_free(area);
}

}  // namespace
