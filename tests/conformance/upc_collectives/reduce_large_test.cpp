// upc_all_reduceT and upc_all_prefix_reduceT over many elements (about 40 000 on shared memory, fewer over
// TCP), on cyclic, blocked and indefinite views, against the same reference as the small cases
// (reduce_model.hpp): an implementation may combine long views differently (by pieces, in parallel), and
// the results must still be the text's src[0] (+) ... (+) src[i].
#include <gtest/gtest.h>

#include <pgas/upc.hpp>
#include <vector>

#include "coll_conf_util.hpp"
#include "reduce_model.hpp"
#include "reduce_runner.hpp"

using namespace ccoll;

namespace {

template <class X>
void long_views(std::initializer_list<upc_op_t> ops, std::size_t &salt) {
  Agreement agree;
  const std::size_t nelems = scaled(40009);
  for (std::size_t blk : {std::size_t{1}, std::size_t{7}, std::size_t{4096}, std::size_t{0}}) {
    const std::size_t start = blk == 0 ? 5 : blk + 1;  // thread 1 % THREADS, phase 1 (0 when cyclic)
    const std::size_t unit = blk == 0 ? 1 : blk * T();
    const std::size_t n = ((start + nelems + 1 + unit - 1) / unit) * unit;
    pgas::shared_array<X> src(n, blk), dst(n, blk), res(T());
    reset_parts<X>({&src, &dst, &res});
    for (upc_op_t op : ops) {
      const Op *named = nullptr;
      for (const Op &o : kOps)
        if (o.op == op) named = &o;
      for (bool prefix : {false, true}) {
        // Flags whose IN is not ALLSYNC: IN_ALLSYNC has each thread write another's elements one by one.
        const Sync &sync = kSyncs[(salt * 5) % 6];
        Reduction<X> r{src,
                       prefix ? &dst : nullptr,
                       prefix ? nullptr : &res,
                       salt % T(),
                       contiguous(start, nelems),
                       blk,
                       *named,
                       0,
                       sync,
                       false,
                       salt};
        run_reduction(r);
        ++salt;
        ASSERT_TRUE(agree.all_ok(!testing::Test::HasFailure())) << r.what();
      }
    }
  }
}

TEST(LongViews, Int) {
  std::size_t salt = 1;
  long_views<int>({UPC_ADD, UPC_NONCOMM_FUNC, UPC_MIN, UPC_XOR}, salt);
}
TEST(LongViews, UnsignedChar) {
  std::size_t salt = 2;
  long_views<unsigned char>({UPC_ADD, UPC_MAX}, salt);  // sums wrap modulo 256
}
TEST(LongViews, Double) {
  std::size_t salt = 3;
  long_views<double>({UPC_ADD, UPC_MULT, UPC_FUNC}, salt);
}
TEST(LongViews, LongDouble) {
  std::size_t salt = 4;
  long_views<long double>({UPC_ADD, UPC_LOGOR}, salt);
}

}  // namespace
