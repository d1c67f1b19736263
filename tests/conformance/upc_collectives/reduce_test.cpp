// upc_all_reduceT and upc_all_prefix_reduceT for every type of the text's table and every operation it
// allows for the type (the bitwise ones on integer types only), with the values of upc_flag_t taken in
// turn, on four views: `shared [3] TYPE` from a pointer at phase 1, `shared [] TYPE` (blk_size 0), and
// cyclic ones with fewer elements than THREADS and with one element. Expected values: reduce_model.hpp, from
// the text's definitions; exact for every type (the operands keep every partial result exact).
#include <gtest/gtest.h>

#include <pgas/upc.hpp>
#include <source_location>
#include <vector>

#include "coll_conf_util.hpp"
#include "reduce_model.hpp"
#include "reduce_runner.hpp"

using namespace ccoll;

namespace {

struct View {
  std::size_t block, start, nelems;
};

// Element counts that are no multiple of the blocks or of THREADS.
std::vector<View> views() {
  const std::size_t few = T() > 1 ? T() - 1 : 1;
  return {{3, 4, 6 * T() + 2}, {0, 2, 17}, {1, T() + 1, few}, {1, 2 * T() - 1, 1}};
}

template <class X>
void every_op(std::size_t &salt) {
  Agreement agree;
  for (const View &v : views()) {
    const std::size_t unit = v.block == 0 ? 1 : v.block * T();
    const std::size_t n = ((v.start + v.nelems + 4 + unit - 1) / unit) * unit;
    pgas::shared_array<X> src(n, v.block), dst(n, v.block), res(T());
    reset_parts<X>({&src, &dst, &res});
    for (const Op &op : kOps) {
      if (!allowed<X>(op.op)) continue;
      const int variants = op.op == UPC_LOGAND || op.op == UPC_LOGOR ? 2 : 1;
      for (int variant = 0; variant < variants; ++variant) {
        for (bool prefix : {false, true}) {
          const Sync &sync = kSyncs[salt % std::size(kSyncs)];
          Reduction<X> r{src,
                         prefix ? &dst : nullptr,
                         prefix ? nullptr : &res,
                         salt % T(),
                         contiguous(v.start, v.nelems),
                         v.block,
                         op,
                         variant,
                         sync,
                         salt % 5 == 0,
                         salt};
          run_reduction(r);
          ++salt;
          ASSERT_TRUE(agree.all_ok(!testing::Test::HasFailure())) << r.what();
        }
      }
    }
  }
}

// The text's table of T and TYPE, spelled out here rather than taken from the header.
#define CCOLL_TYPE_TEST(S, TYPE)             \
  TEST(EveryTypeAndOp, S) {                  \
    std::size_t salt = sizeof(TYPE) * 3 + 1; \
    every_op<TYPE>(salt);                    \
  }
CCOLL_TYPE_TEST(C, signed char)
CCOLL_TYPE_TEST(UC, unsigned char)
CCOLL_TYPE_TEST(S, short)
CCOLL_TYPE_TEST(US, unsigned short)
CCOLL_TYPE_TEST(I, int)
CCOLL_TYPE_TEST(UI, unsigned int)
CCOLL_TYPE_TEST(L, long)
CCOLL_TYPE_TEST(UL, unsigned long)
CCOLL_TYPE_TEST(F, float)
CCOLL_TYPE_TEST(D, double)
CCOLL_TYPE_TEST(LD, long double)
#undef CCOLL_TYPE_TEST

// The same call (same pointers, op, counts and flags) four times in a row with new values each time: each
// call combines the values it finds.
template <class X>
void repeated(const Op &op) {
  Agreement agree;
  const std::size_t blk = 3, start = 2, nelems = 3 * T() + 4;
  pgas::shared_array<X> src(nelems + start + 1, blk), dst(nelems + start + 1, blk), res(T());
  const upc_flag_t flags[] = {0, UPC_IN_MYSYNC | UPC_OUT_MYSYNC, UPC_IN_NOSYNC | UPC_OUT_NOSYNC};
  for (upc_flag_t f : flags) {
    for (bool prefix : {false, true}) {
      for (std::size_t repeat = 0; repeat < 4; ++repeat) {
        upc_barrier;  // the previous call is over everywhere (whatever its flags)
        std::vector<X> values(nelems);
        for (std::size_t i = 0; i < nelems; ++i)
          values[i] = op.op == UPC_NONCOMM_FUNC
                          ? static_cast<X>((1 + (i + repeat) % 10) * 11 + (i * repeat) % 11)
                          : static_cast<X>(static_cast<int>((i * 5 + repeat * 3) % 7) - 3);
        for (std::size_t i = 0; i < nelems; ++i)
          if (place_of(start + i, blk, T()).thread == me()) src[start + i] = values[i];
        upc_barrier;
        const std::vector<X> expected = prefixes(op.op, values);
        if (prefix) {
          Entry<X>::prefix(&dst[start], &src[start], op.op, nelems, blk, func_for<X>(op.op), f,
                           std::source_location::current());
        } else {
          Entry<X>::reduce(&res[0], &src[start], op.op, nelems, blk, func_for<X>(op.op), f,
                           std::source_location::current());
        }
        upc_barrier;
        std::size_t wrong = 0;
        if (prefix) {
          for (std::size_t i = 0; i < nelems; ++i)
            if (place_of(start + i, blk, T()).thread == me() && !(X(dst[start + i]) == expected[i])) ++wrong;
        } else if (me() == 0 && !(X(res[0]) == expected.back())) {
          ++wrong;
        }
        EXPECT_EQ(wrong, 0u) << Entry<X>::name << " " << op.name << (prefix ? " prefix" : " reduce")
                             << " flags " << f << ", call " << repeat << " of 4";
        ASSERT_TRUE(agree.all_ok(!testing::Test::HasFailure()));
      }
    }
  }
}

TEST(RepeatedReductions, NewValuesEachCall) {
  repeated<int>({UPC_ADD, "UPC_ADD"});
  repeated<int>({UPC_NONCOMM_FUNC, "UPC_NONCOMM_FUNC"});
  repeated<double>({UPC_ADD, "UPC_ADD"});
  repeated<double>({UPC_MAX, "UPC_MAX"});
}

// IN_MYSYNC|OUT_MYSYNC calls back to back with no barrier: each thread writes only its own elements before
// a call (all IN_MYSYNC allows), and the elements with affinity to it are complete when it returns
// (OUT_MYSYNC): the result on the root thread, and each thread's own prefixes.
TEST(ReductionChain, MysyncCallsBackToBack) {
  const std::size_t blk = 3, nelems = 4 * T() + 2, rounds = scaled(60);
  pgas::shared_array<long> src(nelems + 1, blk), dst(nelems + 1, blk), res(T());
  const upc_flag_t my = UPC_IN_MYSYNC | UPC_OUT_MYSYNC;
  long bad_round = -1;
  for (std::size_t round = 0; round < rounds; ++round) {
    std::vector<long> values(nelems);
    for (std::size_t i = 0; i < nelems; ++i) values[i] = static_cast<long>((i * 13 + round * 7) % 29) - 14;
    for (std::size_t i = 0; i < nelems; ++i)
      if (place_of(i + 1, blk, T()).thread == me()) src[i + 1] = values[i];
    if (round % 4 == 0) skew(round);
    const std::size_t root = round % T();
    const Op op = round % 2 ? Op{UPC_ADD, "UPC_ADD"} : Op{UPC_MAX, "UPC_MAX"};
    const std::vector<long> expected = prefixes(op.op, values);
    if (round % 3 == 2) {
      upc_all_prefix_reduceL(&dst[1], &src[1], op.op, nelems, blk, nullptr, my);
      for (std::size_t i = 0; i < nelems; ++i)
        if (place_of(i + 1, blk, T()).thread == me() && long(dst[i + 1]) != expected[i])
          bad_round = static_cast<long>(round);
    } else {
      upc_all_reduceL(&res[root], &src[1], op.op, nelems, blk, nullptr, my);
      if (me() == root && long(res[root]) != expected.back()) bad_round = static_cast<long>(round);
    }
  }
  EXPECT_EQ(bad_round, -1) << "thread " << MYTHREAD << " saw a wrong result";
  upc_barrier;
}

}  // namespace
