// The six relocalization collectives (upc-lib-collectives.tex, "Relocalization Operations") in every
// value of upc_flag_t the text gives a meaning to (upc-lib-mem-semantics.tex: each IN with each OUT, each
// alone, and 0), for nbytes of 1, odd sizes and larger, with the single thread (broadcast and scatter's
// source, gather's destination) moving round by round. The expected bytes come from the text's "effect is
// equivalent to" paragraphs, on images of whole objects (reloc_model.hpp): bytes outside the blocks the
// text names must stay as they were, and the sources must not change.
#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <numeric>
#include <pgas/upc.hpp>
#include <random>
#include <vector>

#include "coll_conf_util.hpp"
#include "reloc_model.hpp"

using namespace ccoll;

namespace {

// A permutation of 0..THREADS-1, the same on every thread, written to the cyclic `perm` (perm[i] on thread
// i, as `shared const int *perm` indexes it), followed by a barrier.
std::vector<int> set_permutation(const pgas::shared_array<int> &perm, unsigned seed) {
  std::vector<int> p(T());
  std::iota(p.begin(), p.end(), 0);
  std::mt19937 gen(seed);
  for (std::size_t i = p.size(); i > 1; --i) std::swap(p[i - 1], p[gen() % i]);
  perm[me()] = p[me()];
  upc_barrier;
  return p;
}

// Byte areas with a part of `part` bytes on every thread (`shared [part] unsigned char[part*THREADS]`).
std::unique_ptr<AnyArea> bytes_per_thread(std::size_t part, const char *what) {
  return std::make_unique<Area<unsigned char>>(part * T(), part, what);
}

// src at address field 3 of its thread's part, dst at 5: inside the objects, so the bytes before and after
// the views are checked to stay untouched.
constexpr std::size_t kSrcOff = 3, kDstOff = 5, kSlack = 11;

class EverySyncMode : public testing::TestWithParam<Kind> {};

TEST_P(EverySyncMode, MovesExactlyTheBlocksTheTextNames) {
  const Kind kind = GetParam();
  pgas::shared_array<int> perm(T());
  Agreement agree;
  std::size_t salt = 1;
  for (std::size_t nbytes : {std::size_t{1}, std::size_t{13}, std::size_t{113}, std::size_t{4100}}) {
    const auto src = bytes_per_thread(src_span(kind, nbytes) + kSlack, "src");
    const auto dst = bytes_per_thread(dst_span(kind, nbytes) + kSlack, "dst");
    const std::size_t sp = src->part_bytes(0), dp = dst->part_bytes(0);
    for (const Sync &sync : kSyncs) {
      const std::size_t root = salt % T();
      Round r{kind, *src, 0, *dst, 0, nbytes, sync, salt, salt % 2 == 0, perm.ptr(), {}};
      r.sk = (src_on_zero(kind) ? 0 : root * sp) + kSrcOff;
      r.dk = (dst_on_zero(kind) ? 0 : root * dp) + kDstOff;
      if (kind == Kind::permute) r.perm = set_permutation(perm, static_cast<unsigned>(salt));
      run_round(r);
      salt += 2;
      ASSERT_TRUE(agree.all_ok(!HasFailure()))
          << r.what();  // every thread runs every round: no early stop on one only
    }
  }
}

// Blocks far larger than the small sizes above (about 100 KB on each thread), with MYSYNC, NOSYNC and 0.
TEST_P(EverySyncMode, LargeBlocks) {
  const Kind kind = GetParam();
  pgas::shared_array<int> perm(T());
  Agreement agree;
  const std::size_t nbytes = 100001 / (src_span(kind, 1) * dst_span(kind, 1) > 1 ? T() : 1);
  const auto src = bytes_per_thread(src_span(kind, nbytes) + kSlack, "src");
  const auto dst = bytes_per_thread(dst_span(kind, nbytes) + kSlack, "dst");
  std::size_t salt = 5;
  for (const Sync *sync : {&kSyncs[4], &kSyncs[0], &kSyncs[9]}) {
    const std::size_t root = (salt + 1) % T();
    Round r{kind, *src, 0, *dst, 0, nbytes, *sync, salt, true, perm.ptr(), {}};
    r.sk = (src_on_zero(kind) ? 0 : root * src->part_bytes(0)) + kSrcOff;
    r.dk = (dst_on_zero(kind) ? 0 : root * dst->part_bytes(0)) + kDstOff;
    if (kind == Kind::permute) r.perm = set_permutation(perm, static_cast<unsigned>(salt));
    run_round(r);
    salt += 2;
    ASSERT_TRUE(agree.all_ok(!HasFailure())) << r.what();
  }
}

// The same call (same pointers, nbytes and flags; for permute the same perm pointer) four times in a row
// with new data each time, and for permute new perm contents: each call moves the data it finds.
TEST_P(EverySyncMode, RepeatedCallsWithNewData) {
  const Kind kind = GetParam();
  pgas::shared_array<int> perm(T());
  Agreement agree;
  std::size_t salt = 9;
  for (std::size_t nbytes : {std::size_t{8}, std::size_t{3000}}) {
    const auto src = bytes_per_thread(src_span(kind, nbytes) + kSlack, "src");
    const auto dst = bytes_per_thread(dst_span(kind, nbytes) + kSlack, "dst");
    for (const Sync *sync : {&kSyncs[4], &kSyncs[0], &kSyncs[9], &kSyncs[7], &kSyncs[3]}) {
      const std::size_t root = T() - 1;
      for (int repeat = 0; repeat < 4; ++repeat, salt += 2) {
        Round r{kind, *src, 0, *dst, 0, nbytes, *sync, salt, repeat == 2, perm.ptr(), {}};
        r.sk = (src_on_zero(kind) ? 0 : root * src->part_bytes(0)) + kSrcOff;
        r.dk = (dst_on_zero(kind) ? 0 : root * dst->part_bytes(0)) + kDstOff;
        if (kind == Kind::permute) r.perm = set_permutation(perm, static_cast<unsigned>(salt));
        run_round(r);
        ASSERT_TRUE(agree.all_ok(!HasFailure())) << r.what() << ", call " << repeat << " of 4";
      }
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Relocalization, EverySyncMode, testing::ValuesIn(kKinds),
                         [](const auto &info) { return std::string(name_of(info.param)); });

// A chain of IN_MYSYNC|OUT_MYSYNC calls with no barrier between them: each thread touches only its own data
// between calls, which is all the flags allow it, and each call's result is there on return.
TEST(RelocalizationChain, MysyncCallsBackToBack) {
  const std::size_t nbytes = 24, rounds = scaled(60);
  const auto src = bytes_per_thread(nbytes * T(), "src");
  const auto dst = bytes_per_thread(nbytes * T(), "dst");
  const upc_flag_t my = UPC_IN_MYSYNC | UPC_OUT_MYSYNC;
  long bad_round = -1;
  for (std::size_t round = 0; round < rounds; ++round) {
    const std::size_t root = round % T();
    for (std::size_t b = 0; b < src->part_bytes(me()); ++b) src->mine()[b] = pattern(round, me(), b);
    if (round % 4 == 0) skew(round);
    const Kind kind = kKinds[round % 5];  // permute has its own test (perm must be in place beforehand)
    const std::size_t sk = src_on_zero(kind) ? 0 : root * src->part_bytes(0);
    const std::size_t dk = dst_on_zero(kind) ? 0 : root * dst->part_bytes(0);
    call(kind, dst->ptr(dk), src->ptr(sk), nullptr, nbytes, my);
    // This thread's dst bytes, from the text (only the part with affinity to this thread is complete).
    for (std::size_t j = 0; j < dst_span(kind, nbytes) / nbytes && bad_round < 0; ++j) {
      if (kind == Kind::gather && me() != root) break;
      for (std::size_t b = 0; b < nbytes; ++b) {
        std::size_t from_t = 0, from_off = b;
        switch (kind) {
          case Kind::broadcast:
            from_t = root;
            break;
          case Kind::scatter:
            from_t = root, from_off = me() * nbytes + b;
            break;
          case Kind::gather:
          case Kind::gather_all:
            from_t = j;
            break;
          default:
            from_t = j, from_off = me() * nbytes + b;
            break;  // exchange
        }
        if (dst->mine()[j * nbytes + b] != pattern(round, from_t, from_off))
          bad_round = static_cast<long>(round);
      }
    }
  }
  EXPECT_EQ(bad_round, -1) << "thread " << MYTHREAD << " got a wrong block";
  upc_barrier;
}

}  // namespace
