// Which elements upc_all_reduceT and upc_all_prefix_reduceT combine (upc-lib-collectives.tex, "The
// upc_all_reduce and upc_all_prefix_reduce functions"):
//  - "If the value of blk_size ... is greater than 0 then they treat the src pointer as if it pointed to a
//    shared memory area of nelems elements of type TYPE and blocking factor blk_size", "If ... 0 ... with an
//    indefinite layout qualifier", and "The phase of the src pointer is respected when referencing array
//    elements": from &A[k] of a `shared [blk_size]` array, src[i] is A[k+i], at every phase and thread k
//    has; from any pointer with blk_size 0, src[i] is the i-th element after it in its thread's memory.
//  - prefix reduce "treats the dst pointer equivalently" and requires src and dst at the same thread and
//    phase; reduce "treats the dst pointer as having type shared TYPE *": one element, wherever it is.
// Plus EXAMPLE 1 and EXAMPLE 2 of the text.
#include <gtest/gtest.h>

#include <pgas/upc.hpp>
#include <vector>

#include "coll_conf_util.hpp"
#include "reduce_model.hpp"
#include "reduce_runner.hpp"

using namespace ccoll;

namespace {

const Op kAdd{UPC_ADD, "UPC_ADD"}, kNoncomm{UPC_NONCOMM_FUNC, "UPC_NONCOMM_FUNC"};

// Counts of elements around the multiples of the layout: 1, fewer than THREADS, one block per thread, ...
std::size_t nelems_for(std::size_t round, std::size_t blk) {
  const std::size_t b = blk == 0 ? 1 : blk;
  const std::size_t counts[] = {1, T() > 1 ? T() - 1 : 2, T() + 1, b * T(), b * T() + 1, 2 * b * T() + 3};
  return counts[round % 6];
}

// From every start element in the first blk*(THREADS+1) of a `shared [blk]` array (so every phase on
// every thread, and the second block of thread 0), reduce and prefix reduce, ADD and NONCOMM_FUNC.
template <class X>
void every_phase(std::size_t blk, std::size_t &salt) {
  Agreement agree;
  const std::size_t unit = blk == 0 ? 1 : blk * T();
  const std::size_t starts = blk == 0 ? 6 : blk * (T() + 1);
  const std::size_t most = starts + 2 * (blk == 0 ? 1 : blk) * T() + 3 + 2;
  const std::size_t n = ((most + unit - 1) / unit) * unit;
  pgas::shared_array<X> src(n, blk), dst(n, blk), res(T());
  reset_parts<X>({&src, &dst, &res});
  for (std::size_t start = 0; start < starts; ++start) {
    const std::size_t nelems = nelems_for(start + blk, blk);
    const bool prefix = start % 2 == 1;
    const Op &op = (start / 2) % 2 ? kAdd : kNoncomm;
    const Sync &sync = kSyncs[salt % std::size(kSyncs)];
    Reduction<X> r{src,
                   prefix ? &dst : nullptr,
                   prefix ? nullptr : &res,
                   salt % T(),
                   contiguous(start, nelems),
                   blk,
                   op,
                   0,
                   sync,
                   false,
                   salt};
    run_reduction(r);
    ++salt;
    ASSERT_TRUE(agree.all_ok(!testing::Test::HasFailure())) << r.what();
  }
}

TEST(ReduceViews, EveryPhaseOfEveryBlockSize) {
  std::size_t salt = 3;
  for (std::size_t blk : {std::size_t{1}, std::size_t{2}, std::size_t{3}, std::size_t{5}, std::size_t{0}}) {
    every_phase<int>(blk, salt);
    every_phase<double>(blk, salt);
    every_phase<unsigned char>(blk, salt);
  }
}

// blk_size 0 from a pointer into a blocked or cyclic array: the `shared [] TYPE[nelems]` view runs through
// the memory of the pointer's thread, across the array's own blocks (that thread's blocks follow each
// other). src and dst at the same thread and phase, as prefix reduce requires.
TEST(ReduceViews, BlockSizeZeroRunsThroughOneThreadsMemory) {
  Agreement agree;
  std::size_t salt = 11;
  for (std::size_t array_block : {std::size_t{4}, std::size_t{1}}) {
    const std::size_t n = array_block * T() * 4;
    pgas::shared_array<long> src(n, array_block), dst(n, array_block), res(T());
    reset_parts<long>({&src, &dst, &res});
    for (std::size_t t = 0; t < T(); ++t) {
      for (bool prefix : {false, true}) {
        const std::size_t first_local = array_block == 4 ? 2 : 1, nelems = array_block == 4 ? 9 : 3;
        std::vector<std::size_t> idx;
        for (std::size_t i = 0; i < nelems; ++i)
          idx.push_back(index_of(t, first_local + i, array_block, T()));
        Reduction<long> r{src,
                          prefix ? &dst : nullptr,
                          prefix ? nullptr : &res,
                          (t + 1) % T(),
                          idx,
                          0,
                          prefix ? kAdd : kNoncomm,
                          0,
                          kSyncs[salt % std::size(kSyncs)],
                          false,
                          salt};
        run_reduction(r);
        ++salt;
        ASSERT_TRUE(agree.all_ok(!testing::Test::HasFailure())) << r.what();
      }
    }
  }
}

// The array indices of the view `shared [blk] TYPE[nelems]` from element `start` of an array with blocking
// factor `array_block`. The pointer reaches the function as a `shared void *`, which keeps its phase, and
// becomes the view's pointer with that phase (UPC 1.3 6.4.3: a generic pointer-to-shared cast to another
// block size keeps the phase when it is in range); then UPC's pointer arithmetic (6.4.2): element i is at
// phase (phase + i) % blk of block k = (phase + i) / blk after the pointer's, on thread (t0 + k) % THREADS,
// a course of blocks further each time the threads wrap around; blk 0 stays on the pointer's thread.
std::vector<std::size_t> view_indices(std::size_t start, std::size_t array_block, std::size_t blk,
                                      std::size_t nelems) {
  const Place p = place_of(start, array_block, T());
  std::vector<std::size_t> idx;
  for (std::size_t i = 0; i < nelems; ++i) {
    std::size_t thread = p.thread, local = p.local + i;
    if (blk > 0) {
      const std::size_t q = p.phase + i, k = q / blk;
      thread = (p.thread + k) % T(), local = p.local - p.phase + ((p.thread + k) / T()) * blk + q % blk;
    }
    idx.push_back(index_of(thread, local, array_block, T()));
  }
  return idx;
}

// blk_size other than the array's own blocking factor: the text's view, not the array, says which
// elements are src[0], src[1], ... (as if the pointer were cast to `shared [blk_size] TYPE *`).
TEST(ReduceViews, BlockSizeOtherThanTheArraysOwn) {
  Agreement agree;
  std::size_t salt = 17;
  for (std::size_t array_block : {std::size_t{1}, std::size_t{4}}) {
    const std::size_t n = 24 * T() * (array_block == 4 ? 2 : 1);
    pgas::shared_array<int> src(n, array_block), dst(n, array_block), res(T());
    reset_parts<int>({&src, &dst, &res});
    // Elements on thread 0, on thread 1 % THREADS and in a later course of thread 0, at phase 0, and for
    // the blocked array also at phases 1 and 2.
    std::vector<std::size_t> starts = {0, array_block, 2 * array_block * T()};
    if (array_block == 4) starts.insert(starts.end(), {1, 6});
    for (std::size_t start : starts) {
      for (std::size_t blk : {std::size_t{2}, std::size_t{3}, std::size_t{5}}) {
        if (blk == array_block || start % array_block >= blk) continue;  // a phase the view cannot have
        const bool prefix = (start + blk) % 2 == 0;
        Reduction<int> r{src,
                         prefix ? &dst : nullptr,
                         prefix ? nullptr : &res,
                         salt % T(),
                         view_indices(start, array_block, blk, 2 * blk * T() + 1),
                         blk,
                         prefix ? kAdd : kNoncomm,
                         0,
                         kSyncs[salt % std::size(kSyncs)],
                         false,
                         salt};
        run_reduction(r);
        ++salt;
        ASSERT_TRUE(agree.all_ok(!testing::Test::HasFailure())) << r.what();
      }
    }
  }
}

// reduce's dst is `shared TYPE *`: the result is the one element it points to, here inside a blocked
// array at a phase other than 0; no other element changes.
TEST(ReduceViews, ReduceDstIsOneElementAnywhere) {
  const std::size_t nelems = 3 * T() + 1;
  pgas::shared_array<long> src(nelems, 2), out(4 * T(), 4);
  for (std::size_t i = 0; i < nelems; ++i)
    if (src[i].is_local()) src[i] = static_cast<long>(i * i);
  for (std::size_t i = 0; i < 4 * T(); ++i)
    if (out[i].is_local()) out[i] = -1;
  const std::size_t at = 5 % (4 * T());  // thread 1 at phase 1 (thread 0 at phase 1 when THREADS == 1)
  upc_all_reduceL(&out[at], src, UPC_ADD, nelems, 2, nullptr, 0);
  long sum = 0;
  for (std::size_t i = 0; i < nelems; ++i) sum += static_cast<long>(i * i);
  for (std::size_t i = 0; i < 4 * T(); ++i) EXPECT_EQ(long(out[i]), i == at ? sum : -1) << "out[" << i << "]";
  upc_barrier;
}

// src and dst in one array without overlapping: "If any of the elements referenced by src and dst overlap,
// the behavior is undefined", and these do not. Prefix reduce from &A[1] into &A[1 + 3*THREADS*2] (the
// same thread and phase, two courses of blocks further); reduce from &A[1] into A[0].
TEST(ReduceViews, SrcAndDstInOneArray) {
  constexpr std::size_t blk = 3;
  const std::size_t nelems = 2 * blk * T() - 1, to = 1 + 2 * blk * T();
  pgas::shared_array<int> A(5 * blk * T(), blk);
  std::vector<int> values(nelems);
  for (std::size_t i = 0; i < nelems; ++i) values[i] = static_cast<int>((i * 7) % 11) - 5;
  for (std::size_t i = 0; i < A.size(); ++i)
    if (A[i].is_local()) A[i] = i >= 1 && i <= nelems ? values[i - 1] : -1000;
  upc_all_prefix_reduceI(&A[to], &A[1], UPC_ADD, nelems, blk, nullptr, 0);
  upc_all_reduceI(&A[0], &A[1], UPC_MAX, nelems, blk, nullptr, 0);
  const std::vector<int> sums = prefixes(UPC_ADD, values), maxima = prefixes(UPC_MAX, values);
  for (std::size_t i = 0; i < A.size(); ++i) {
    int want = -1000;
    if (i == 0) want = maxima.back();
    if (i >= 1 && i <= nelems) want = values[i - 1];
    if (i >= to && i < to + nelems) want = sums[i - to];
    EXPECT_EQ(int(A[i]), want) << "A[" << i << "]";
  }
  upc_barrier;
}

// EXAMPLE 1: upc_all_reduceL of `shared [BLK_SIZE] long A[NELEMS*THREADS]` into B (on thread 0, where the
// text says the result is defined).
TEST(ReduceExamples, Example1) {
  constexpr std::size_t BLK_SIZE = 3, NELEMS = 10;
  pgas::shared_array<long> A(NELEMS * T(), BLK_SIZE);
  pgas::global_ptr<long> B = upc_all_alloc(1, sizeof(long));
  for (std::size_t i = 0; i < NELEMS * T(); ++i)
    if (A[i].is_local()) A[i] = static_cast<long>(3 * i + 1);
  upc_barrier;
  upc_all_reduceL(B, A, UPC_ADD, NELEMS * T(), BLK_SIZE, nullptr, UPC_IN_NOSYNC | UPC_OUT_NOSYNC);
  upc_barrier;
  long sum = 0;
  for (std::size_t i = 0; i < NELEMS * T(); ++i) sum += static_cast<long>(3 * i + 1);
  if (MYTHREAD == 0) {
    EXPECT_EQ(long(*B), sum);
  }
  upc_barrier;
  upc_all_free(B);
}

// EXAMPLE 2: upc_all_prefix_reduceL from `shared [BLK_SIZE] long A` into B of the same layout.
TEST(ReduceExamples, Example2Prefix) {
  constexpr std::size_t BLK_SIZE = 3, NELEMS = 10;
  pgas::shared_array<long> A(NELEMS * T(), BLK_SIZE), B(NELEMS * T(), BLK_SIZE);
  for (std::size_t i = 0; i < NELEMS * T(); ++i)
    if (A[i].is_local()) A[i] = static_cast<long>(i % 7) - 2;
  upc_all_prefix_reduceL(B, A, UPC_ADD, NELEMS * T(), BLK_SIZE, nullptr, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
  long sum = 0;
  for (std::size_t i = 0; i < NELEMS * T(); ++i) {
    sum += static_cast<long>(i % 7) - 2;
    EXPECT_EQ(long(B[i]), sum) << "B[" << i << "]";
  }
  upc_barrier;
}

}  // namespace
