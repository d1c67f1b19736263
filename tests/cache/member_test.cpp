// Caches of one member of struct elements (pgas::cache<M>(array, &S::m, chunk)): a put writes back only
// the member's bytes, so threads that write different members of the same elements in one phase keep each
// other's writes, and the members nobody wrote keep their values; a combining policy combines the member.
#include <gtest/gtest.h>

#include <pgas/cache.hpp>

#include "cache_test_util.hpp"

using namespace pgas;
using namespace cache_test;

namespace {

std::size_t array_size() { return 13 * static_cast<std::size_t>(THREADS) + 5; }

// Collective, after a tile: element i has `id` and its weight from fill().
template <auto... Spec>
void expect_only_id_written(const shared_array<record, Spec...> &a, std::size_t i, int id) {
  upc_barrier;
  const record r = a[i];
  EXPECT_EQ(r.id, id);
  EXPECT_EQ(r.weight, value_of<record>(i).weight);
  upc_barrier;
}

TEST(CacheMembers, ReadsSeeTheMemberOfEachElement) {
  shared_array<record> a(array_size(), 4);
  fill(a);
  cache<double> weights(a, &record::weight, 8);
  cache<int> ids(a, &record::id, 8);
  for (std::size_t first = 0; first < a.size(); first += 8) {
    const std::size_t end = std::min(a.size(), first + 8);
    for (std::size_t i = first; i < end; ++i) weights.hint(i);  // ids: not hinted, fetched at get
    weights.download();
    ids.download();
    for (std::size_t i = first; i < end; ++i) {
      EXPECT_EQ(weights.get(i), value_of<record>(i).weight) << i;
      EXPECT_EQ(ids.get(i), value_of<record>(i).id) << i;
    }
    weights.upload();
    ids.upload();
  }
  upc_barrier;
}

// Thread t writes member id of the elements i with i % THREADS == t and member weight of those with
// (i + 1) % THREADS == t, every element from its own member caches: at 2 threads and more each element has
// its two members written by two threads in the same phase.
TEST(CacheMembers, WritesOfOtherMembersOfTheSameElementAreKept) {
  shared_array<record> a(array_size(), 3);
  fill(a);
  const auto threads = static_cast<std::size_t>(THREADS), me = static_cast<std::size_t>(MYTHREAD);
  {
    cache<int> ids(a, &record::id, 16);
    cache<double> weights(a, &record::weight, 16);
    for (std::size_t first = 0; first < a.size(); first += 16) {
      for (std::size_t i = first; i < std::min(a.size(), first + 16); ++i) ids.hint(i);
      ids.download();  // read before written: the member's old value, then the written one
      weights.download();
      for (std::size_t i = first; i < std::min(a.size(), first + 16); ++i) {
        if (i % threads == me) {
          EXPECT_EQ(ids.get(i), value_of<record>(i).id) << i;
          ids.put(i, -static_cast<int>(i));
          EXPECT_EQ(ids.get(i), -static_cast<int>(i)) << i;
        }
        if ((i + 1) % threads == me) weights.put(i, 0.5 * static_cast<double>(i));
      }
      ids.upload();
      weights.upload();
    }
  }
  upc_barrier;
  for (std::size_t i = 0; i < a.size(); ++i) {
    const record r = a[i];
    EXPECT_EQ(r.id, -static_cast<int>(i)) << i;
    EXPECT_EQ(r.weight, 0.5 * static_cast<double>(i)) << i;
    EXPECT_EQ(r.tag[0], 'r') << i;  // written by nobody
    EXPECT_EQ(r.tag[1], value_of<record>(i).tag[1]) << i;
  }
  upc_barrier;
}

TEST(CacheMembers, SumCombinesTheMemberOnly) {
  shared_array<record> a(array_size(), 2);
  fill(a);
  {
    cache<double> weights(a, &record::weight, 16, write_policy::sum);
    cache<int> ids(a, &record::id, 16);
    for (std::size_t first = 0; first < a.size(); first += 16) {
      weights.download();
      ids.download();
      for (std::size_t i = first; i < std::min(a.size(), first + 16); ++i) {
        weights.put(i, 1.0);
        weights.put(i, 2.0);
        if (i % static_cast<std::size_t>(THREADS) == static_cast<std::size_t>(MYTHREAD)) ids.put(i, 7);
      }
      weights.upload();
      ids.upload();
    }
  }
  upc_barrier;
  for (std::size_t i = 0; i < a.size(); ++i) {
    const record r = a[i];
    EXPECT_EQ(r.weight, value_of<record>(i).weight + 3.0 * THREADS) << i;
    EXPECT_EQ(r.id, 7) << i;
    EXPECT_EQ(r.tag[1], value_of<record>(i).tag[1]) << i;
  }
  upc_barrier;
}

TEST(CacheMembers, PriorityDecidesPerMember) {
  shared_array<record> a(array_size(), 3);
  fill(a);
  {
    cache<int> ids(a, &record::id, a.size(), write_policy::priority);
    ids.download();
    for (std::size_t i = 0; i < a.size(); ++i) ids.put(i, 1000 + MYTHREAD);
    ids.upload();
  }
  upc_barrier;
  for (std::size_t i = 0; i < a.size(); ++i) {
    const record r = a[i];
    EXPECT_EQ(r.id, 1000) << i;  // the lowest rank wins
    EXPECT_EQ(r.weight, value_of<record>(i).weight) << i;
  }
  upc_barrier;
}

// Through a pointer-to-shared into the array, negative indices included.
TEST(CacheMembers, GlobalPointerMembers) {
  shared_array<record> a(array_size(), 5);
  fill(a);
  global_ptr<record> p = &a[3];
  {
    cache<int> ids(p, &record::id, 8);
    ids.hint(static_cast<std::size_t>(-3));
    ids.download();
    EXPECT_EQ(ids.get(static_cast<std::size_t>(-3)), value_of<record>(0).id);
    EXPECT_EQ(ids.get(4), value_of<record>(7).id);
    if (MYTHREAD == 0) ids.put(static_cast<std::size_t>(-2), -9);
    ids.upload();
  }
  expect_only_id_written(a, 1, -9);
}

// Arrays and pointers whose blocking factor is part of the type (shared [5] record a[n]): the cache's type is
// deduced from them (pgas::cache c(a, chunk)) and it reads and writes by their layout.
TEST(CacheMembers, TypedBlockingFactors) {
  shared_array<record, 5> a(array_size());
  fill(a);
  {
    cache whole(a, 8);  // cache<record>
    static_assert(std::is_same_v<decltype(whole), cache<record>>);
    cache ids(a, &record::id, 8);  // cache<int>
    static_assert(std::is_same_v<decltype(ids), cache<int>>);
    global_ptr<record, 5> p = &a[3];
    cache weights(p, &record::weight, 8);  // cache<double>, index 0 is a[3]
    static_assert(std::is_same_v<decltype(weights), cache<double>>);
    for (std::size_t i = 0; i < 8 && i < a.size(); ++i) {
      whole.hint(i);
      ids.hint(i);
    }
    whole.download();
    ids.download();
    weights.download();
    for (std::size_t i = 0; i < 8 && i + 3 < a.size(); ++i) {
      EXPECT_EQ(whole.get(i).id, value_of<record>(i).id) << i;
      EXPECT_EQ(ids.get(i), value_of<record>(i).id) << i;
      EXPECT_EQ(weights.get(i), value_of<record>(i + 3).weight) << i;
    }
    upc_barrier;  // every thread has read element 6 before thread 0 writes it
    if (MYTHREAD == 0) ids.put(6, -6);
    whole.upload();
    ids.upload();
    weights.upload();
  }
  expect_only_id_written(a, 6, -6);
}

}  // namespace
