// UPC layout and pointer arithmetic checked against the reference model of tests/support/layout_model.hpp
// (the specification's round-robin dealing of blocks, with no index arithmetic).
#include "pgas/layout.hpp"

#include <gtest/gtest.h>

#include <random>
#include <vector>

#include "layout_model.hpp"

namespace {

using layout_model::deal;
using layout_model::Dealt;
using pgas::layout::Position;

struct Shape {
  std::uint64_t n, block, threads;
};

class LayoutModel : public testing::TestWithParam<Shape> {};

TEST_P(LayoutModel, PlaceMatchesDealing) {
  auto [n, block, threads] = GetParam();
  Dealt d = deal(n, block, threads);
  for (std::uint64_t i = 0; i < n; ++i) {
    Position p = pgas::layout::place(i, block, threads);
    ASSERT_EQ(p, d.where[i]) << "i=" << i;
    EXPECT_EQ(pgas::layout::global_index(p, block, threads), static_cast<std::int64_t>(i));
  }
}

TEST_P(LayoutModel, LocalCountMatchesDealing) {
  auto [n, block, threads] = GetParam();
  Dealt d = deal(n, block, threads);
  for (std::uint64_t t = 0; t < threads; ++t) {
    std::uint64_t count = 0;
    for (const auto &p : d.where) count += p.thread == static_cast<std::int64_t>(t);
    EXPECT_EQ(pgas::layout::local_count(n, block, threads, t), count) << "thread " << t;
  }
}

TEST_P(LayoutModel, PointerArithmeticMatchesDealing) {
  auto [n, block, threads] = GetParam();
  Dealt d = deal(n, block, threads);
  std::mt19937_64 random(n * 131 + block * 7 + threads);
  for (int trial = 0; trial < 2000; ++trial) {
    auto from = static_cast<std::int64_t>(random() % n), to = static_cast<std::int64_t>(random() % n);
    Position moved =
        pgas::layout::advance(d.where[static_cast<std::size_t>(from)], to - from, block, threads);
    ASSERT_EQ(moved, d.where[static_cast<std::size_t>(to)]) << "from " << from << " to " << to;
    if (to >= from)  // the forward step with THREADS's divisor, what pointer-to-shared indexing takes
      ASSERT_EQ(pgas::layout::advance(d.where[static_cast<std::size_t>(from)],
                                      static_cast<std::uint64_t>(to - from), block,
                                      pgas::detail::fast_divisor(threads)),
                d.where[static_cast<std::size_t>(to)])
          << "forward from " << from << " to " << to;
    EXPECT_EQ(pgas::layout::distance(d.where[static_cast<std::size_t>(to)],
                                     d.where[static_cast<std::size_t>(from)], block, threads),
              to - from);
  }
}

TEST_P(LayoutModel, StepByStepWalkVisitsEveryElementInOrder) {
  auto [n, block, threads] = GetParam();
  Dealt d = deal(n, block, threads);
  Position p = d.where[0];
  for (std::uint64_t i = 1; i < n; ++i) {
    p = pgas::layout::advance(p, 1, block, threads);
    ASSERT_EQ(p, d.where[i]) << "step " << i;
  }
  for (std::uint64_t i = n - 1; i-- > 0;) {
    p = pgas::layout::advance(p, -1, block, threads);
    ASSERT_EQ(p, d.where[i]) << "back step to " << i;
  }
}

std::vector<Shape> shapes() {
  std::vector<Shape> all;
  for (std::uint64_t threads : {1, 2, 3, 4, 7, 8, 16})
    for (std::uint64_t block : {0, 1, 2, 3, 5, 16, 100})
      for (std::uint64_t n : {1, 7, 64, 257, 1000}) all.push_back({n, block, threads});
  return all;
}

INSTANTIATE_TEST_SUITE_P(Shapes, LayoutModel, testing::ValuesIn(shapes()), [](const auto &info) {
  return "n" + std::to_string(info.param.n) + "_b" + std::to_string(info.param.block) + "_t" +
         std::to_string(info.param.threads);
});

// 2-D: `shared [B] T A[R][C]` is the 1-D layout of its row-major linearization; moving a pointer by C
// elements moves it one row down, whatever the blocking.
TEST(Layout2D, RowMajorAndRowStride) {
  for (std::uint64_t threads : {1, 2, 4, 8})
    for (std::uint64_t rows : {1, 5, 9})
      for (std::uint64_t cols : {1, 4, 10})
        for (std::uint64_t block : {std::uint64_t{1}, cols, 2 * cols, std::uint64_t{3}, std::uint64_t{0}}) {
          Dealt d = deal(rows * cols, block, threads);
          for (std::uint64_t i = 0; i < rows; ++i)
            for (std::uint64_t j = 0; j < cols; ++j) {
              Position p = pgas::layout::place(i * cols + j, block, threads);
              ASSERT_EQ(p, d.where[i * cols + j]);
              if (i + 1 < rows) {
                ASSERT_EQ(pgas::layout::advance(p, static_cast<std::int64_t>(cols), block, threads),
                          d.where[(i + 1) * cols + j]);
              }
            }
        }
}

TEST(Layout, FloorDivisionAndModulo) {
  EXPECT_EQ(pgas::layout::floor_div(-1, 4), -1);
  EXPECT_EQ(pgas::layout::floor_mod(-1, 4), 3);
  EXPECT_EQ(pgas::layout::floor_div(-8, 4), -2);
  EXPECT_EQ(pgas::layout::floor_mod(-8, 4), 0);
  EXPECT_EQ(pgas::layout::floor_div(7, 4), 1);
}

}  // namespace

namespace {

// The division-free place() agrees with the plain one, across the 2^32 boundary of its fast path too.
TEST(LayoutFast, AgreesWithPlace) {
  std::mt19937_64 random(42);
  for (std::uint64_t threads : {1, 2, 3, 7, 8, 64, 1000})
    for (std::uint64_t block : {0, 1, 2, 3, 16, 100, 4096}) {
      pgas::detail::fast_divisor by_block(block == 0 ? 1 : block), by_threads(threads);
      std::vector<std::uint64_t> samples = {0,         1, 2, 0xffffffffull, 0x100000000ull, 0x100000001ull,
                                            1ull << 40};
      for (int k = 0; k < 20000; ++k) samples.push_back(k % 2 ? random() >> 32 : random() >> 20);
      for (std::uint64_t i : samples)
        ASSERT_EQ(pgas::layout::place(i, block, by_block, by_threads), pgas::layout::place(i, block, threads))
            << "i=" << i << " block=" << block << " threads=" << threads;
    }
}

TEST(LayoutFast, DivisorMatchesDivision) {
  std::mt19937_64 random(7);
  for (std::uint64_t d : {1ull, 2ull, 3ull, 5ull, 7ull, 1000ull, 65537ull, 0xffffffffull, 0x100000000ull}) {
    pgas::detail::fast_divisor fd(d);
    for (int k = 0; k < 100000; ++k) {
      std::uint64_t n = k % 3 == 0 ? random() : random() >> 32;
      ASSERT_EQ(fd.quotient(n), n / d) << n << " / " << d;
      ASSERT_EQ(fd.remainder(n), n % d) << n << " % " << d;
    }
  }
}

}  // namespace
