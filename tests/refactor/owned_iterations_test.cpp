// pgas::refactored, the runtime half of rewritten code. owned_iterations: the iterations a thread owns, found
// from the layout, are exactly those whose affinity test passes, for every blocking factor, phase, 2-D row,
// integer offset and iteration type; the cache sizes of counting loops; privatized elements.
#include <gtest/gtest.h>

#include <climits>
#include <pgas/refactored.hpp>
#include <pgas/upc.hpp>
#include <vector>

namespace {

using namespace pgas;

template <class T, class Affinity>
void expect_tiles_cover_the_run(T first, T end, Affinity affinity, std::size_t limit);

// The iterations upc_forall runs on this thread: every one tested.
template <class T, class Affinity>
std::vector<T> tested(T first, T end, Affinity affinity) {
  std::vector<T> out;
  for (T v = first; v < end; ++v)
    if (detail::has_affinity(affinity(v))) out.push_back(v);
  return out;
}

template <class T, class Affinity>
std::vector<T> walked(T first, T end, Affinity affinity) {
  std::vector<T> out{T{42}};  // appends: what was there stays
  refactored::owned_iterations(
      first, [&](T v) { return v < end; }, affinity, out);
  out.erase(out.begin());
  return out;
}

TEST(OwnedIterations, PointerAffinityEveryBlockAndPhase) {
  const std::size_t n = 97 * static_cast<std::size_t>(THREADS) + 5;
  for (std::size_t block : {std::size_t{0}, std::size_t{1}, std::size_t{3}, std::size_t{16}, n}) {
    shared_array<int> a(n, block);
    for (long offset : {0L, 1L, 5L}) {
      const auto at = [&](long v) { return &a[static_cast<std::size_t>(v + offset)]; };
      for (long first : {0L, 2L, 17L}) {
        const long end = static_cast<long>(n) - offset - (first % 3);
        EXPECT_EQ(walked(first, end, at), tested(first, end, at))
            << "block " << block << " offset " << offset << " first " << first;
      }
    }
  }
}

TEST(OwnedIterations, RowsOfA2DArray) {
  const std::size_t rows = 3 * static_cast<std::size_t>(THREADS) + 1, cols = 13;
  for (std::size_t block : {std::size_t{1}, std::size_t{5}, cols, 2 * cols}) {
    shared_array2d<double> g(rows, cols, block);
    for (std::size_t r = 0; r < rows; ++r) {
      const auto at = [&](int c) { return &g[r][static_cast<std::size_t>(c) - 1]; };
      EXPECT_EQ(walked(1, static_cast<int>(cols) + 1, at), tested(1, static_cast<int>(cols) + 1, at))
          << "block " << block << " row " << r;
    }
  }
}

TEST(OwnedIterations, GlobalPointers) {
  shared_array<long> a(40 * static_cast<std::size_t>(THREADS), 4);
  global_ptr<long> p = &a[6];  // starts in the middle of a block
  const auto at = [&](unsigned v) { return &p[v]; };
  EXPECT_EQ(walked(0u, 30u * THREADS, at), tested(0u, 30u * THREADS, at));
}

TEST(OwnedIterations, IntegerAffinityIncludingNegativeValues) {
  for (long offset : {-1000L, -3L, 0L, 7L}) {
    const auto at = [&](long v) { return v + offset; };
    EXPECT_EQ(walked(-20L, 45L, at), tested(-20L, 45L, at)) << "offset " << offset;
  }
  const auto unsigned_at = [](std::size_t v) { return v * 1 + 5; };
  EXPECT_EQ(walked(std::size_t{3}, std::size_t{50}, unsigned_at),
            tested(std::size_t{3}, std::size_t{50}, unsigned_at));
}

// An unsigned affinity that wraps (`i - 1` from 0): the residues start again from 0 at the wrap, which
// THREADS need not divide (3, 6): the walk must follow the affinity's values, not a period.
TEST(OwnedIterations, UnsignedAffinityThatWraps) {
  const auto minus_one = [](std::size_t v) { return v - 1; };
  EXPECT_EQ(walked(std::size_t{0}, std::size_t{50}, minus_one),
            tested(std::size_t{0}, std::size_t{50}, minus_one));
  const auto minus_five = [](unsigned v) { return v - 5u; };  // wraps at 2^32
  EXPECT_EQ(walked(0u, 40u, minus_five), tested(0u, 40u, minus_five));
  for (std::size_t limit : {std::size_t{1}, std::size_t{2}, std::size_t{5}})
    expect_tiles_cover_the_run(std::size_t{0}, std::size_t{30}, minus_one, limit);
}

// Iteration variables of narrow types, up to the largest values they hold: nothing wraps, every iteration is
// found once, and the walk ends.
TEST(OwnedIterations, NarrowTypesUpToTheirLargestValues) {
  const auto same = [](auto v) { return v; };
  EXPECT_EQ(walked<short>(32700, 32767, same), tested<short>(32700, 32767, same));
  EXPECT_EQ(walked<signed char>(100, 127, same), tested<signed char>(100, 127, same));
  EXPECT_EQ(walked<unsigned char>(200, 255, same), tested<unsigned char>(200, 255, same));
  shared_array<int> a(300, 2);
  const auto at = [&](unsigned char v) { return &a[v]; };
  EXPECT_EQ(walked<unsigned char>(190, 255, at), tested<unsigned char>(190, 255, at));
  shared_array<int> cyclic(300, 1);  // one iteration per block: the walk steps THREADS at a time
  const auto at_cyclic = [&](unsigned char v) { return &cyclic[v]; };
  EXPECT_EQ(walked<unsigned char>(190, 255, at_cyclic), tested<unsigned char>(190, 255, at_cyclic));
  for (std::size_t limit : {std::size_t{1}, std::size_t{4}})
    expect_tiles_cover_the_run<unsigned char>(200, 255, at_cyclic, limit);
  for (std::size_t limit : {std::size_t{1}, std::size_t{4}})
    expect_tiles_cover_the_run<short>(32740, 32767, same, limit);
}

TEST(TileEnd, SaturatesAtTheTypesRange) {
  EXPECT_EQ(refactored::tile_end(short{32000}, 1000), short{32767});
  EXPECT_EQ(refactored::tile_end(short{100}, 1000), short{1100});
  EXPECT_EQ(refactored::tile_end(std::size_t{5}, std::size_t{3}), std::size_t{8});
  EXPECT_EQ(refactored::tile_end(SIZE_MAX - 2, 10), SIZE_MAX);
  EXPECT_EQ(refactored::tile_end(-2147483600, -100), -2147483647 - 1);
}

TEST(OwnedIterations, EmptyRunDoesNotEvaluateTheAffinity) {
  std::vector<int> out;
  refactored::owned_iterations(
      5, [](int v) { return v < 5; },
      [](int) -> int {
        ADD_FAILURE() << "affinity evaluated";
        return 0;
      },
      out);
  EXPECT_TRUE(out.empty());
}

TEST(OwnedIterations, TogetherTheThreadsRunEveryIterationOnce) {
  shared_array<int> count(200, 3);
  upc_forall(int i = 0, i < 200, i++, &count[i]) { count[i] = 0; }
  upc_barrier;
  std::vector<int> mine;
  refactored::owned_iterations(
      0, [](int v) { return v < 200; }, [&](int v) { return &count[v]; }, mine);
  for (int v : mine) count[v] = count[v] + 1;
  upc_barrier;
  if (MYTHREAD == 0) {
    for (int v = 0; v < 200; ++v) EXPECT_EQ(count[v], 1) << v;
  }
  upc_barrier;
}

// A tiled loop's walk: tiles of at most `limit` owned iterations, each starting where the last one said,
// cover exactly the owned iterations of the whole run, and only the last tile (if any) is short.
template <class T, class Affinity>
void expect_tiles_cover_the_run(T first, T end, Affinity affinity, std::size_t limit) {
  const std::vector<T> whole = tested(first, end, affinity);
  std::vector<T> joined, tile;
  std::size_t tiles = 0;
  for (T start = first; start < end; ++tiles) {
    ASSERT_LE(tiles, whole.size()) << "the walk does not advance";
    tile.clear();
    const T next = refactored::owned_iterations(
        start, [&](T v) { return v < end; }, affinity, tile, limit);
    ASSERT_LE(tile.size(), limit);
    if (tile.size() == limit) {
      EXPECT_EQ(next, tile.back() + 1);
    } else {
      EXPECT_GE(next, end) << "a short tile before the end, at " << start;
    }
    joined.insert(joined.end(), tile.begin(), tile.end());
    start = next;
  }
  EXPECT_EQ(joined, whole) << "limit " << limit;
  EXPECT_LE(tiles, whole.size() / limit + 1);
}

TEST(OwnedIterations, TilesOfOwnedIterations) {
  const std::size_t n = 61 * static_cast<std::size_t>(THREADS) + 3;
  for (std::size_t block : {std::size_t{0}, std::size_t{1}, std::size_t{4}, n}) {
    shared_array<int> a(n, block);
    const auto at = [&](long v) { return &a[static_cast<std::size_t>(v)]; };
    for (std::size_t limit : {std::size_t{1}, std::size_t{3}, std::size_t{10}, n})
      expect_tiles_cover_the_run(2L, static_cast<long>(n), at, limit);
  }
  for (std::size_t limit : {std::size_t{1}, std::size_t{7}})
    expect_tiles_cover_the_run(
        -9L, 40L, [](long v) { return v + 3; }, limit);
}

// Sizing a cache for accesses inside the body's counting loops (inner_trips.cpp): trips never negative,
// products and capacities saturate instead of wrapping.
TEST(TripCount, CountsTheLoopsIterations) {
  EXPECT_EQ(refactored::trip_count(0, 64L), 64u);
  EXPECT_EQ(refactored::trip_count(0, 3, true), 4u);
  EXPECT_EQ(refactored::trip_count(5, 5), 0u);
  EXPECT_EQ(refactored::trip_count(5, 5, true), 1u);
  EXPECT_EQ(refactored::trip_count(7, -2), 0u);
  EXPECT_EQ(refactored::trip_count(-2, 3L), 5u);
  EXPECT_EQ(refactored::trip_count(0ul, SIZE_MAX), SIZE_MAX / 2);
  EXPECT_EQ(refactored::trips({64, 64}), 4096u);
  EXPECT_EQ(refactored::trips({}), 1u);
  EXPECT_EQ(refactored::trips({SIZE_MAX / 2, 3}), SIZE_MAX / 4);
  EXPECT_EQ(refactored::tile_capacity(0, 64, 1806, 4096), 64u * 4096u);
  EXPECT_EQ(refactored::tile_capacity(0L, LONG_MAX, SIZE_MAX / 2, SIZE_MAX / 4), SIZE_MAX);
  EXPECT_EQ(refactored::tile_capacity(0, 10, 4, 0), 1u);
}

// A privatized access is the element the proxy reaches on its owner, for every layout.
TEST(LocalElement, IsTheOwnersElement) {
  const std::size_t n = 7 * static_cast<std::size_t>(THREADS) + 5;
  for (std::size_t block : {std::size_t{0}, std::size_t{1}, std::size_t{3}, n}) {
    shared_array<int> a(n, block);
    global_ptr<int> p = a;
    for (std::size_t i = 0; i < n; ++i)
      if (upc_threadof(&a[i]) == static_cast<std::size_t>(MYTHREAD)) {
        refactored::local_element(a, i) = static_cast<int>(i) * 3 + 1;
        EXPECT_EQ(&refactored::local_element(a, i),
                  &refactored::local_element(p, static_cast<std::ptrdiff_t>(i)));
      }
    upc_barrier;
    for (std::size_t i = 0; i < n; ++i) EXPECT_EQ(static_cast<int>(a[i]), static_cast<int>(i) * 3 + 1) << i;
    upc_barrier;
  }
  shared_array2d<double> g(5, 4, 8);
  for (std::size_t i = 0; i < 5; ++i)
    for (std::size_t j = 0; j < 4; ++j)
      if (upc_threadof(&g[i][j]) == static_cast<std::size_t>(MYTHREAD))
        refactored::local_element(g, i, j) = static_cast<double>(i * 10 + j);
  upc_barrier;
  for (std::size_t i = 0; i < 5; ++i)
    for (std::size_t j = 0; j < 4; ++j)
      EXPECT_EQ(static_cast<double>(g[i][j]), static_cast<double>(i * 10 + j));
  upc_barrier;
}

}  // namespace
