// The relocalization collectives against a sequential reference, for random sizes and roots, in every one
// of the nine sync modes, with threads entering out of order. The test honours exactly what each mode
// promises and no more: with IN_MYSYNC a thread writes its own source right before entering (no barrier),
// with OUT_MYSYNC or OUT_ALLSYNC it checks the data it holds right after returning and then scribbles over
// its source (a peer still reading it would see the scribble); NOSYNC gets barriers around the call.
#include <gtest/gtest.h>

#include <chrono>
#include <cstring>
#include <functional>
#include <pgas/upc.hpp>
#include <thread>
#include <vector>

#include "../mp/mp_util.hpp"
#include "coll_util.hpp"

using namespace pgas;
using coll_test::Mode;

namespace {

std::size_t T() { return static_cast<std::size_t>(THREADS); }
std::size_t me() { return static_cast<std::size_t>(MYTHREAD); }

// The byte a source holds: from thread `t`, block `j`, byte `b`, in round `round`.
unsigned char value(std::size_t round, std::size_t t, std::size_t j, std::size_t b) {
  return static_cast<unsigned char>((round * 131 + t * 29 + j * 17 + b * 7 + b / 253 + 1) & 0xff);
}

constexpr unsigned char kScribble = 0xa5;
constexpr std::size_t kMaxBytes = 300;

// Per thread a part of `per_thread` bytes at the same address field on every thread:
// shared [per_thread] unsigned char[per_thread * THREADS].
struct Parts {
  explicit Parts(std::size_t per_thread) : bytes(per_thread), array(per_thread * T(), per_thread) {}
  global_ptr<unsigned char> of(std::size_t thread) const { return &array[thread * bytes]; }
  unsigned char *mine() const { return array.local_part().data(); }
  std::size_t bytes;
  shared_array<unsigned char> array;
};

// What one collective does: where thread t's source bytes are (its j-th source block), and what thread t's
// destination must hold, as a function of the sources.
struct Collective {
  const char *name;
  std::size_t src_blocks;  // blocks of nbytes in each thread's source part
  std::size_t dst_blocks;
  // Runs it. root is the single thread of broadcast/scatter (src) or gather (dst); perm for permute.
  std::function<void(const Parts &dst, const Parts &src, std::size_t root, const shared_array<int> &perm,
                     std::size_t nbytes, upc_flag_t flags)>
      call;
  // The source (thread, block) whose bytes land in thread t's destination block k; thread -1: none.
  std::function<std::pair<long, std::size_t>(std::size_t t, std::size_t k, std::size_t root,
                                             const std::vector<int> &perm)>
      origin;
  bool single_src;  // only the root's source matters
};

std::vector<Collective> collectives() {
  using P = std::pair<long, std::size_t>;
  return {
      {"upc_all_broadcast", 1, 1,
       [](const Parts &d, const Parts &s, std::size_t root, const shared_array<int> &, std::size_t n,
          upc_flag_t f) { upc_all_broadcast(d.of(0), s.of(root), n, f); },
       [](std::size_t, std::size_t, std::size_t root, const std::vector<int> &) { return P(root, 0); }, true},
      {"upc_all_scatter", 0, 1,  // src_blocks 0: THREADS blocks on the root
       [](const Parts &d, const Parts &s, std::size_t root, const shared_array<int> &, std::size_t n,
          upc_flag_t f) { upc_all_scatter(d.of(0), s.of(root), n, f); },
       [](std::size_t t, std::size_t, std::size_t root, const std::vector<int> &) { return P(root, t); },
       true},
      {"upc_all_gather", 1, 0,
       [](const Parts &d, const Parts &s, std::size_t root, const shared_array<int> &, std::size_t n,
          upc_flag_t f) { upc_all_gather(d.of(root), s.of(0), n, f); },
       [](std::size_t t, std::size_t k, std::size_t root, const std::vector<int> &) {
         return t == root ? P(static_cast<long>(k), 0) : P(-1, 0);
       },
       false},
      {"upc_all_gather_all", 1, 0,
       [](const Parts &d, const Parts &s, std::size_t, const shared_array<int> &, std::size_t n,
          upc_flag_t f) { upc_all_gather_all(d.of(0), s.of(0), n, f); },
       [](std::size_t, std::size_t k, std::size_t, const std::vector<int> &) {
         return P(static_cast<long>(k), 0);
       },
       false},
      {"upc_all_exchange", 0, 0,
       [](const Parts &d, const Parts &s, std::size_t, const shared_array<int> &, std::size_t n,
          upc_flag_t f) { upc_all_exchange(d.of(0), s.of(0), n, f); },
       [](std::size_t t, std::size_t k, std::size_t, const std::vector<int> &) {
         return P(static_cast<long>(k), t);
       },
       false},
      {"upc_all_permute", 1, 1,
       [](const Parts &d, const Parts &s, std::size_t, const shared_array<int> &perm, std::size_t n,
          upc_flag_t f) { upc_all_permute(d.of(0), s.of(0), perm.ptr(), n, f); },
       [](std::size_t t, std::size_t, std::size_t, const std::vector<int> &perm) {
         for (std::size_t i = 0; i < perm.size(); ++i)
           if (static_cast<std::size_t>(perm[i]) == t) return P(static_cast<long>(i), 0);
         return P(-1, 0);
       },
       false},
  };
}

// Blocks in a part: 0 in the table means THREADS.
std::size_t blocks(std::size_t b) { return b == 0 ? T() : b; }

// One round: this thread's source blocks and a scribbled destination, written right before entering, the
// call, and the check of what this thread then holds (whatever the mode, it is complete after the call and
// the barrier NOSYNC gets). Returns the first wrong byte, or -1.
long run_round(const Collective &c, const Parts &src, const Parts &dst, const shared_array<int> &perm,
               const Mode &mode, std::size_t round, std::size_t nbytes, std::size_t root,
               const std::vector<int> &p) {
  const std::size_t src_blocks = blocks(c.src_blocks), dst_blocks = blocks(c.dst_blocks);
  for (std::size_t j = 0; j < src_blocks; ++j)
    for (std::size_t b = 0; b < nbytes; ++b) src.mine()[j * nbytes + b] = value(round, me(), j, b);
  std::memset(dst.mine(), kScribble, dst.bytes);
  if (!mode.in_my) upc_barrier;  // NOSYNC: the data must be ready before anyone enters; ALLSYNC: harmless
  c.call(dst, src, root, perm, nbytes, mode.flags);
  if (mode.out_no) upc_barrier;
  long wrong = -1;
  for (std::size_t k = 0; k < dst_blocks && wrong < 0; ++k) {
    auto [from, j] = c.origin(me(), k, root, p);
    for (std::size_t b = 0; b < nbytes && wrong < 0; ++b) {
      const unsigned char expected =
          from < 0 ? kScribble : value(round, static_cast<std::size_t>(from), j, b);
      if (dst.mine()[k * nbytes + b] != expected) wrong = static_cast<long>(k * nbytes + b);
    }
  }
  if (!mode.out_no) std::memset(src.mine(), kScribble, src.bytes);  // nobody reads it any more
  return wrong;
}

// A random permutation, the same on every thread, written to perm (read whole at entry: a barrier after).
std::vector<int> new_permutation(coll_test::Same &same, const shared_array<int> &perm) {
  std::vector<int> p(T());
  for (std::size_t i = 0; i < T(); ++i) p[i] = static_cast<int>(i);
  for (std::size_t i = T(); i > 1; --i) std::swap(p[i - 1], p[same.below(i)]);
  perm[me()] = p[me()];
  upc_barrier;
  return p;
}

class Relocalization : public testing::TestWithParam<int> {};

TEST_P(Relocalization, MatchesTheSequentialReferenceInEverySyncMode) {
  const Collective c = collectives()[static_cast<std::size_t>(GetParam())];
  Parts src(kMaxBytes * blocks(c.src_blocks)), dst(kMaxBytes * blocks(c.dst_blocks));
  shared_array<int> perm(T());
  coll_test::Same same(static_cast<std::uint32_t>(GetParam()));
  const std::size_t sizes = static_cast<std::size_t>(mp::scaled(6));
  std::size_t round = 0;
  for (const Mode &mode : coll_test::kModes) {
    for (std::size_t s = 0; s < sizes; ++s, ++round) {
      const std::size_t nbytes = s == 0 ? 1 : same.between(1, kMaxBytes);
      const std::size_t root = same.below(T());
      const std::vector<int> p = new_permutation(same, perm);
      coll_test::skew(round);
      const long wrong = run_round(c, src, dst, perm, mode, round, nbytes, root, p);
      EXPECT_EQ(wrong, -1) << c.name << " " << mode.name << " nbytes " << nbytes << " root " << root
                           << " seed " << coll_test::seed() << ": thread " << MYTHREAD << " byte " << wrong;
      upc_barrier;
      ASSERT_TRUE(mp::all_ok(!HasFailure()));
    }
  }
}

// Calls that repeat the last call's arguments take the lean path (coll/lean.hpp) from the second on: in
// every sync mode, three calls per set of arguments with new data each time, the sets changing nbytes
// (1, 64, and across the 4 KiB staging limit), the root and perm.
TEST_P(Relocalization, RepeatedArgumentsMatchTheSequentialReference) {
  const Collective c = collectives()[static_cast<std::size_t>(GetParam())];
  constexpr std::size_t kLargest = 4097;
  Parts src(kLargest * blocks(c.src_blocks)), dst(kLargest * blocks(c.dst_blocks));
  shared_array<int> perm(T());
  coll_test::Same same(static_cast<std::uint32_t>(GetParam()) + 100);
  std::size_t round = 0;
  for (const Mode &mode : coll_test::kModes) {
    for (const std::size_t nbytes : {std::size_t{1}, std::size_t{64}, std::size_t{4096}, kLargest}) {
      const std::size_t root = same.below(T());
      const std::vector<int> p = new_permutation(same, perm);
      for (int repeat = 0; repeat < 3; ++repeat, ++round) {
        if (repeat == 1) coll_test::skew(round);
        const long wrong = run_round(c, src, dst, perm, mode, round, nbytes, root, p);
        EXPECT_EQ(wrong, -1) << c.name << " " << mode.name << " nbytes " << nbytes << " root " << root
                             << " call " << repeat << ": thread " << MYTHREAD << " byte " << wrong;
        if (mode.out_no || !mode.out_my) upc_barrier;  // MYSYNC: the next call follows without one
      }
      upc_barrier;
      ASSERT_TRUE(mp::all_ok(!HasFailure()));
    }
  }
}

INSTANTIATE_TEST_SUITE_P(EachCollective, Relocalization, testing::Range(0, 6), [](const auto &info) {
  return std::string(collectives()[static_cast<std::size_t>(info.param)].name);
});

// A chain of MYSYNC calls with no barrier at all between them: each thread only touches its own data, as
// IN_MYSYNC|OUT_MYSYNC allows, and the values still come out right round after round.
TEST(RelocalizationChain, MysyncCallsBackToBackWithoutBarriers) {
  Parts src(64 * T()), dst(64 * T());
  const std::size_t rounds = static_cast<std::size_t>(mp::scaled(200));
  long wrong = -1;
  for (std::size_t r = 0; r < rounds; ++r) {  // every thread runs every round, even after a failure
    const std::size_t nbytes = 1 + r % 64, root = r % T();
    for (std::size_t b = 0; b < nbytes * T(); ++b) src.mine()[b] = value(r, me(), b / nbytes, b % nbytes);
    if (r % 3 == 0) coll_test::skew(r);
    switch (r % 3) {
      case 0:
        upc_all_broadcast(dst.of(0), src.of(root), nbytes, UPC_IN_MYSYNC | UPC_OUT_MYSYNC);
        for (std::size_t b = 0; b < nbytes && wrong < 0; ++b)
          if (dst.mine()[b] != value(r, root, 0, b)) wrong = static_cast<long>(r);
        break;
      case 1:
        upc_all_exchange(dst.of(0), src.of(0), nbytes, UPC_IN_MYSYNC | UPC_OUT_MYSYNC);
        for (std::size_t b = 0; b < nbytes * T() && wrong < 0; ++b)
          if (dst.mine()[b] != value(r, b / nbytes, me(), b % nbytes)) wrong = static_cast<long>(r);
        break;
      default:
        upc_all_gather(dst.of(root), src.of(0), nbytes, UPC_IN_MYSYNC | UPC_OUT_MYSYNC);
        if (me() == root)
          for (std::size_t b = 0; b < nbytes * T() && wrong < 0; ++b)
            if (dst.mine()[b] != value(r, b / nbytes, 0, b % nbytes)) wrong = static_cast<long>(r);
    }
  }
  EXPECT_EQ(wrong, -1) << "thread " << MYTHREAD << " got a wrong block in round " << wrong;
  upc_barrier;
}

// One slow thread and many small MYSYNC calls rooted elsewhere: the others run ahead of it as far as the
// staging areas let them (the staged path: more calls than a holder's table, blocks up to 4 KiB that fill
// its ring, some blocks too large to stage, so both paths alternate), and every value still comes out
// right. Run with smaller segments too (smaller rings: CMakeLists.txt).
TEST(RelocalizationChain, FastThreadsRunAheadOfASlowOne) {
  constexpr std::size_t kLargest = 4096 + 512;
  Parts src(kLargest * T()), dst(kLargest * T());
  shared_array<int> perm(T());
  perm[me()] = static_cast<int>((me() + 1) % T());
  upc_barrier;
  const std::size_t rounds = static_cast<std::size_t>(mp::scaled(400)), slow = T() - 1;
  const upc_flag_t mysync = UPC_IN_MYSYNC | UPC_OUT_MYSYNC;
  long wrong = -1;
  for (std::size_t r = 0; r < rounds; ++r) {
    const std::size_t sizes[] = {1 + r % 64, 4096, 1 + (r * 37) % 1500, kLargest};
    const std::size_t nbytes = sizes[r % 50 == 25 ? 3 : r % 3], root = T() == 1 ? 0 : r % (T() - 1);
    for (std::size_t b = 0; b < nbytes * T(); ++b) src.mine()[b] = value(r, me(), b / nbytes, b % nbytes);
    if (me() == slow) std::this_thread::sleep_for(std::chrono::microseconds(400));
    if (r % 150 == 149) {  // now and then a call that needs the slow thread's data
      upc_all_permute(dst.of(0), src.of(0), &perm[0], nbytes, mysync);
      for (std::size_t b = 0; b < nbytes && wrong < 0; ++b)
        if (dst.mine()[b] != value(r, (me() + T() - 1) % T(), 0, b)) wrong = static_cast<long>(r);
    } else if (r % 2 == 0) {
      upc_all_broadcast(dst.of(0), src.of(root), nbytes, mysync);
      for (std::size_t b = 0; b < nbytes && wrong < 0; ++b)
        if (dst.mine()[b] != value(r, root, 0, b)) wrong = static_cast<long>(r);
    } else {
      upc_all_scatter(dst.of(0), src.of(root), nbytes, mysync);
      for (std::size_t b = 0; b < nbytes && wrong < 0; ++b)
        if (dst.mine()[b] != value(r, root, me(), b)) wrong = static_cast<long>(r);
    }
    // The source changes right after the call (the next round's values): OUT_MYSYNC allows it.
  }
  EXPECT_EQ(wrong, -1) << "thread " << MYTHREAD << " got a wrong block in round " << wrong;
  upc_barrier;
}

}  // namespace
