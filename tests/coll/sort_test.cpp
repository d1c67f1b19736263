// upc_all_sort against std::stable_sort: generated inputs (random keys, many duplicates, sorted, reversed,
// all equal) of elements of 3, 4 and 24 bytes, compared by a key that leaves ties, so that the original order
// of equal elements shows in the result; nelems from 0 to a few thousand (fewer than THREADS among them),
// blk_size 0, 1, small and large, arrays starting on any thread, in all nine sync modes. Each thread checks
// its own elements as soon as OUT_MYSYNC allows, all of them as soon as OUT_ALLSYNC does.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <pgas/upc.hpp>
#include <string>
#include <vector>

#include "../mp/mp_util.hpp"
#include "coll_util.hpp"

using namespace pgas;

namespace {

std::size_t T() { return static_cast<std::size_t>(THREADS); }

// Comparisons whose pointers did not have affinity to the comparing thread (the documented contract).
std::size_t g_foreign = 0;

template <class E>
int compare_shared(global_ptr<void> a, global_ptr<void> b) {
  if (a.thread() != MYTHREAD || b.thread() != MYTHREAD) ++g_foreign;
  const E x = *global_ptr<E>(a, 1), y = *global_ptr<E>(b, 1);
  return (key(x) > key(y)) - (key(x) < key(y));
}

// Three bytes: the key in the first, the original index in the other two.
struct Tri {
  unsigned char b[3];
};
static_assert(sizeof(Tri) == 3);
long key(const Tri &e) { return e.b[0]; }
Tri make_tri(long k, std::size_t serial) {
  return {{static_cast<unsigned char>(k), static_cast<unsigned char>(serial),
           static_cast<unsigned char>(serial >> 8)}};
}

// An int compared by its value divided by 1024: the low bits keep the original index.
struct Int {
  int v;
};
long key(const Int &e) { return e.v >> 10; }
Int make_int(long k, std::size_t serial) {
  return {static_cast<int>((k % 100000) * 1024 + static_cast<long>(serial % 1024))};
}

// Twenty-four bytes, aligned to 8.
struct Rec {
  long long k;
  long long serial;
  double weight;
};
static_assert(sizeof(Rec) == 24);
long key(const Rec &e) { return static_cast<long>(e.k); }
Rec make_rec(long k, std::size_t serial) {
  return {k, static_cast<long long>(serial), static_cast<double>(serial) * 0.5};
}

enum Pattern { kRandom, kDuplicates, kSorted, kReversed, kEqual, kPatterns };
const char *const kPatternNames[] = {"random", "duplicates", "sorted", "reversed", "equal"};

long key_of(Pattern p, std::size_t i, std::size_t n, coll_test::Same &same) {
  switch (p) {
    case kRandom:
      return static_cast<long>(same.below(100000));
    case kDuplicates:
      return static_cast<long>(same.below(4));
    case kSorted:
      return static_cast<long>(i / 2);
    case kReversed:
      return static_cast<long>((n - i) / 2);
    default:
      return 7;
  }
}

std::size_t pick_nelems(coll_test::Same &same) {
  switch (same.below(6)) {
    case 0:
      return same.below(2);  // 0 or 1
    case 1:
      return T() > 1 ? same.between(1, T() - 1) : 1;  // fewer than THREADS
    case 2:
      return same.between(2, 40);
    case 5:
      return same.between(1000, 3000);
    default:
      return same.between(40, 400);
  }
}

template <class E>
void check_sort(const char *type, E (*make)(long, std::size_t), std::uint32_t salt) {
  coll_test::Same same(salt);
  const std::size_t cases = static_cast<std::size_t>(mp::scaled(27));
  for (std::size_t c = 0; c < cases; ++c) {
    const Pattern pattern = static_cast<Pattern>(same.below(kPatterns));
    const std::size_t nelems = pick_nelems(same);
    const std::size_t choice = same.below(5);
    const std::size_t blk = choice == 0   ? 0
                            : choice == 1 ? 1
                            : choice == 2 ? std::max<std::size_t>(1, (nelems + T() - 1) / T())
                            : choice == 3 ? nelems + 5
                                          : same.between(2, 9);
    const std::size_t start = blk == 0 ? same.below(5) : blk * same.below(T() + 1);
    const coll_test::Mode &mode = coll_test::kModes[c % 9];
    shared_array<E> a(start + nelems + 1, blk);
    std::vector<E> items(nelems);
    for (std::size_t i = 0; i < nelems; ++i) items[i] = make(key_of(pattern, i, nelems, same), i);
    const auto at = [&](std::size_t i) { return a[start + i]; };
    upc_barrier;  // nobody is still checking the previous case's array
    coll_test::skew(c);
    for (std::size_t i = 0; i < nelems; ++i)
      if (at(i).is_local()) at(i) = items[i];
    // With IN_MYSYNC nobody touches another thread's elements before it entered: no barrier needed.
    if (!mode.in_my) upc_barrier;
    g_foreign = 0;
    upc_all_sort(a.ptr() + static_cast<std::ptrdiff_t>(start), sizeof(E), nelems, blk, &compare_shared<E>,
                 mode.flags);
    std::stable_sort(items.begin(), items.end(), [](const E &x, const E &y) { return key(x) < key(y); });
    const std::string what = std::string(type) + " " + kPatternNames[pattern] + " nelems " +
                             std::to_string(nelems) + " blk_size " + std::to_string(blk) + " start " +
                             std::to_string(start) + " " + mode.name + " seed " +
                             std::to_string(coll_test::seed());
    // OUT_MYSYNC: this thread's elements are final; OUT_ALLSYNC: every element is; OUT_NOSYNC: after a
    // barrier.
    if (mode.out_no) upc_barrier;
    std::size_t wrong = 0;
    for (std::size_t i = 0; i < nelems; ++i) {
      if (mode.out_my && !at(i).is_local()) continue;
      const E got = at(i);
      if (std::memcmp(&got, &items[i], sizeof(E)) != 0) ++wrong;
    }
    EXPECT_EQ(wrong, 0u) << what;
    EXPECT_EQ(g_foreign, 0u) << "comparisons of elements without affinity to the comparing thread: " << what;
    ASSERT_TRUE(mp::all_ok(!testing::Test::HasFailure()));
  }
}

TEST(Sort, MatchesStableSortOfThreeByteElements) { check_sort<Tri>("3-byte", &make_tri, 31); }
TEST(Sort, MatchesStableSortOfInts) { check_sort<Int>("int", &make_int, 32); }
TEST(Sort, MatchesStableSortOf24ByteRecords) { check_sort<Rec>("24-byte", &make_rec, 33); }

// The same sort at every thread count gives the same array: here a large one, in the default blocked layout,
// against the reference element by element (a checksum of the result would not tell a permutation apart).
TEST(Sort, ALargeArrayInEveryLayout) {
  coll_test::Same same(34);
  const std::size_t nelems = static_cast<std::size_t>(mp::scaled(20000));
  for (std::size_t blk : {std::size_t{0}, std::size_t{1}, (nelems + T() - 1) / T(), std::size_t{1000}}) {
    shared_array<Int> a(nelems, blk);
    std::vector<Int> items(nelems);
    for (std::size_t i = 0; i < nelems; ++i) items[i] = make_int(static_cast<long>(same.below(5000)), i);
    for (std::size_t i = 0; i < nelems; ++i)
      if (a[i].is_local()) a[i] = items[i];
    upc_barrier;
    upc_all_sort(a.ptr(), sizeof(Int), nelems, blk, &compare_shared<Int>, UPC_IN_NOSYNC | UPC_OUT_ALLSYNC);
    std::stable_sort(items.begin(), items.end(), [](const Int &x, const Int &y) { return key(x) < key(y); });
    std::size_t wrong = 0;
    for (std::size_t i = 0; i < nelems; ++i)
      if (a[i].is_local() && Int(a[i]).v != items[i].v) ++wrong;
    EXPECT_EQ(wrong, 0u) << "nelems " << nelems << " blk_size " << blk;
    upc_barrier;
    ASSERT_TRUE(mp::all_ok(!testing::Test::HasFailure()));
  }
}

// With UPC_OUT_NOSYNC a thread returns while others may still read its scratch, which its next sort frees
// once they are done: sorts of different arrays back to back, threads entering out of order, no barrier
// between.
TEST(Sort, BackToBackNoSyncSortsOfDifferentArrays) {
  coll_test::Same same(35);
  constexpr std::size_t kArrays = 6;
  const std::size_t nelems = static_cast<std::size_t>(mp::scaled(3000)), blk = same.between(1, 50);
  std::vector<shared_array<Int>> arrays;
  std::vector<std::vector<Int>> expected(kArrays, std::vector<Int>(nelems));
  for (std::size_t k = 0; k < kArrays; ++k) {
    arrays.emplace_back(nelems, blk);
    for (std::size_t i = 0; i < nelems; ++i) expected[k][i] = make_int(static_cast<long>(same.below(50)), i);
    for (std::size_t i = 0; i < nelems; ++i)
      if (arrays[k][i].is_local()) arrays[k][i] = expected[k][i];
  }
  upc_barrier;
  for (std::size_t k = 0; k < kArrays; ++k) {
    coll_test::skew(k);
    upc_all_sort(arrays[k].ptr(), sizeof(Int), nelems, blk, &compare_shared<Int>,
                 UPC_IN_NOSYNC | UPC_OUT_NOSYNC);
  }
  upc_barrier;
  for (std::size_t k = 0; k < kArrays; ++k) {
    std::stable_sort(expected[k].begin(), expected[k].end(),
                     [](const Int &x, const Int &y) { return key(x) < key(y); });
    std::size_t wrong = 0;
    for (std::size_t i = 0; i < nelems; ++i)
      if (arrays[k][i].is_local() && Int(arrays[k][i]).v != expected[k][i].v) ++wrong;
    EXPECT_EQ(wrong, 0u) << "array " << k << " nelems " << nelems << " blk_size " << blk;
  }
  upc_barrier;
  ASSERT_TRUE(mp::all_ok(!testing::Test::HasFailure()));
}

}  // namespace
