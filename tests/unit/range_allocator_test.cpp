// The shared heap's range allocator: first fit, coalescing, double-free detection, against a model.
#include "range_allocator.hpp"

#include <gtest/gtest.h>

#include <map>
#include <memory>
#include <random>

namespace {

using namespace pgas::rt;

class RangeAllocatorTest : public testing::Test {
 protected:
  void SetUp() override { range_init(*heap, 4096, 4096 + (1 << 20)); }
  std::unique_ptr<RangeAllocator> heap = std::make_unique<RangeAllocator>();
};

TEST_F(RangeAllocatorTest, AlignedAndDisjoint) {
  auto a = range_alloc(*heap, 1), b = range_alloc(*heap, 100), c = range_alloc(*heap, 64);
  ASSERT_TRUE(a && b && c);
  EXPECT_EQ(*a % kAllocAlignment, 0u);
  EXPECT_EQ(*b, *a + 64);
  EXPECT_EQ(*c, *b + 128);
}

TEST_F(RangeAllocatorTest, ExhaustionAndReuse) {
  auto all = range_alloc(*heap, 1 << 20);
  ASSERT_TRUE(all);
  EXPECT_FALSE(range_alloc(*heap, 1));
  EXPECT_EQ(range_largest_free(*heap), 0u);
  ASSERT_TRUE(range_free(*heap, *all, 1 << 20));
  EXPECT_EQ(range_largest_free(*heap), 1u << 20);
}

TEST_F(RangeAllocatorTest, DoubleFreeAndForeignRangesAreRejected) {
  auto a = range_alloc(*heap, 256);
  ASSERT_TRUE(a);
  EXPECT_TRUE(range_free(*heap, *a, 256));
  EXPECT_FALSE(range_free(*heap, *a, 256));
  EXPECT_FALSE(range_free(*heap, 0, 64));
  EXPECT_FALSE(range_free(*heap, 4096 + (1 << 20), 64));
}

TEST_F(RangeAllocatorTest, RandomChurnCoalescesBackToOneRange) {
  std::mt19937 random(7);
  std::map<std::uint64_t, std::uint64_t> live;  // offset -> size
  for (int step = 0; step < 20000; ++step) {
    if (live.empty() || random() % 3 != 0) {
      std::uint64_t size = 1 + random() % 5000;
      if (auto off = range_alloc(*heap, size)) {
        auto next = live.lower_bound(*off);
        ASSERT_TRUE(next == live.end() || next->first >= *off + size) << "overlap";
        live[*off] = size;
      }
    } else {
      auto victim = live.begin();
      std::advance(victim, static_cast<long>(random() % live.size()));
      ASSERT_TRUE(range_free(*heap, victim->first, victim->second));
      live.erase(victim);
    }
  }
  for (auto [off, size] : live) ASSERT_TRUE(range_free(*heap, off, size));
  EXPECT_EQ(heap->count, 1u);
  EXPECT_EQ(range_largest_free(*heap), 1u << 20);
}

}  // namespace
