// pgas::refactored::index_run, the bulk read of an affine index: over the tiles a blocked array's owned
// iterations form, the run covers the tile and every read equals the direct read; over a cyclic array's
// tiles (every THREADS-th iteration) or an index that moves by two, a strided run covers it; where it cannot
// (iterations not in arithmetic progression, a descending index, a run past the array's end) it covers
// nothing and the reads go through the cache, still equal. Its loop
// constructor (reads in counting loops of the body) likewise, with a run kept until close.
#include <gtest/gtest.h>

#include <pgas/refactored.hpp>
#include <pgas/upc.hpp>
#include <tuple>
#include <utility>
#include <vector>

namespace {

using namespace pgas;

long value_of(std::size_t i) { return 3 * static_cast<long>(i) + 1; }

shared_array<long> filled(std::size_t n, std::size_t block) {
  shared_array<long> a(n, block);
  for (std::size_t i = 0; i < n; ++i)
    if (a.locate(i).thread == MYTHREAD) a[i] = value_of(i);
  upc_barrier;
  return a;
}

// Every tile of the loop over [1, n - 1) with affinity &a[v], chunk iterations at a time (v of type Integer):
// reads of a at index(v) through an index_run, by index (get) and, where the run covers the tile, by the
// iteration's position (nth); returns how many tiles of `least` iterations or more the run covered.
template <class Integer = long, class Index>
int read_tiles(const shared_array<long> &a, std::size_t chunk, Index index, std::size_t least = 2) {
  const auto n = static_cast<Integer>(a.size());
  cache<long> c(a, 4 * chunk);
  std::vector<Integer> owned;
  int covered = 0;
  for (Integer tile = 1; tile < n - 1;) {
    owned.clear();
    tile = refactored::owned_iterations(
        tile, [&](Integer v) { return v < n - 1; }, [&](Integer v) { return &a[v]; }, owned, chunk);
    const refactored::index_run<long> run(c, owned, index);
    covered += run.covers() && owned.size() >= least;
    if (!run.covers())
      for (Integer v : owned)
        if (std::cmp_less(index(v), n)) c.hint_speculative(index(v));
    c.download();
    for (std::size_t k = 0; k < owned.size(); ++k) {
      const auto i = static_cast<std::size_t>(index(owned[k]));
      if (i < a.size()) {
        EXPECT_EQ(run.get(i), value_of(i)) << "iteration " << owned[k];
        if (run.covers()) {
          EXPECT_EQ(run.nth(k), value_of(i)) << "iteration " << owned[k];
        }
      }
    }
    c.upload();
  }
  c.close();
  return covered;
}

TEST(IndexRun, ABlockedArraysTilesAreRuns) {
  const auto threads = static_cast<std::size_t>(THREADS);
  const shared_array<long> a = filled(7 * 3 * threads + 4, 7);
  // A tile of up to 5 iterations never spans two of this thread's blocks of 7 unless THREADS is 1.
  EXPECT_GT(read_tiles(a, 5, [](long v) { return v - 1; }), 0);
  EXPECT_GT(read_tiles(a, 5, [](long v) { return v + 1; }), 0);
  const int tiles = read_tiles(a, 3, [](long v) { return v; });
  EXPECT_GT(tiles, 0);
}

// A cyclic array's tiles hold every THREADS-th iteration: an affine index reads a strided run, covered (at
// 3 and 6 threads too, and with unsigned iterations); one-element tiles are runs of one element.
TEST(IndexRun, ACyclicArraysTilesAreStridedRuns) {
  const auto threads = static_cast<std::size_t>(THREADS);
  const shared_array<long> cyclic = filled(9 * threads + 2, 1);
  EXPECT_GT(read_tiles(cyclic, 4, [](long v) { return v + 1; }), 0);
  EXPECT_GT(read_tiles(cyclic, 4, [](long v) { return 2 * v - 2; }), 0);
  EXPECT_GT(read_tiles<unsigned>(cyclic, 5, [](unsigned v) { return v + 1U; }), 0);
  EXPECT_EQ(read_tiles(cyclic, 1, [](long v) { return v; }), 0);  // one iteration a tile: nothing to count
  const shared_array<long> wide = filled(2 * (9 * threads + 2), 1);
  EXPECT_GT(read_tiles(wide, 3, [](long v) { return v * 2; }), 0);  // dp's y[i * 2]
  // Blocked: a tile inside one block moves by two (stride 2); one across two blocks reads the cache.
  const shared_array<long> blocked = filled(7 * 3 * threads + 4, 7);
  EXPECT_GT(read_tiles(blocked, 5, [](long v) { return 2 * v - 2; }), 0);
}

TEST(IndexRun, OtherTilesReadThroughTheCache) {
  const auto threads = static_cast<std::size_t>(THREADS);
  const shared_array<long> blocked = filled(7 * 3 * threads + 4, 3);
  const long n = static_cast<long>(blocked.size());
  // Blocks of 3: a tile of 4 iterations or more spans two blocks, never an arithmetic progression once
  // THREADS > 1.
  if (THREADS > 1) {
    EXPECT_EQ(read_tiles(
                  blocked, 8, [](long v) { return v; }, 4),
              0);
  }
  EXPECT_EQ(read_tiles(blocked, 5, [n](long v) { return n - 1 - v; }), 0);  // descending
  EXPECT_EQ(read_tiles(blocked, 5, [](long v) { return v * 0 + 3; }), 0);   // constant
  const shared_array<long> cyclic = filled(9 * threads + 2, 1);
  EXPECT_EQ(read_tiles(cyclic, 4, [n](long v) { return n - 1 - v; }), 0);
  // Past the end for the tile that holds the last iterations: that tile reads through the cache.
  const int near_end = read_tiles(blocked, 5, [n](long v) { return v + n / 2; });
  const int all = read_tiles(blocked, 5, [](long v) { return v; });
  EXPECT_LE(near_end, all);
  // An empty tile covers nothing.
  cache<long> c(blocked, 4);
  const refactored::index_run<long> none(c, std::vector<long>{}, [](long v) { return v; });
  EXPECT_FALSE(none.covers());
  c.close();
}

// progression_step: the owned iterations' step when they are in arithmetic progression, checked at every one.
TEST(IndexRun, ProgressionStep) {
  EXPECT_EQ(refactored::progression_step(std::vector<long>{}), 0U);
  EXPECT_EQ(refactored::progression_step(std::vector<long>{4}), 0U);
  EXPECT_EQ(refactored::progression_step(std::vector<long>{4, 7, 10, 13}), 3U);
  EXPECT_EQ(refactored::progression_step(std::vector<long>{4, 7, 9, 13}), 0U);  // the ends alone agree
  EXPECT_EQ(refactored::progression_step(std::vector<long>{-6, -3, 0}), 3U);
  EXPECT_EQ(refactored::progression_step(std::vector<long>{7, 4}), 0U);  // descending
  EXPECT_EQ(refactored::progression_step(std::vector<unsigned>{1, 4, 7}), 3U);
  EXPECT_EQ(refactored::progression_step(std::vector<unsigned>{7, 4, 1}), 0U);
}

// The loop constructor (a read in counting loops of the body, `b[l][j]`): the run between the corners
// covers every index the loops read, each read equals the direct read, and kept until close it is fetched
// in the first tile only; loops that do not run, or corners outside the array or out of order, cover
// nothing and the reads go through the cache.
TEST(IndexRun, LoopsReadOneRunKeptUntilClose) {
  const auto threads = static_cast<std::size_t>(THREADS);
  const long rows = 5, cols = 3 * static_cast<long>(threads) + 1;
  const shared_array<long> b = filled(static_cast<std::size_t>(rows * cols), 1);
  cache<long> c(b, 8);
  for (int tile = 0; tile < 4; ++tile) {
    const hpcstpf_stats_t before = c.stats();
    const refactored::index_run<long> run(
        c, true, [&](bool at_last) { return at_last ? (rows - 1) * cols + cols - 2 : 1L; },
        run_lifetime::until_close);
    EXPECT_TRUE(run.covers());
    c.download();
    // Tile 0 also reads the indices outside the run (columns 0 and cols - 1 of the first and last rows).
    const long from = tile == 0 ? 0 : 1, to = tile == 0 ? rows * cols : (rows - 1) * cols + cols - 1;
    for (long i = from; i < to; ++i)
      EXPECT_EQ(run.get(static_cast<std::size_t>(i)), value_of(static_cast<std::size_t>(i)));
    c.upload();
    if (tile > 0) {
      EXPECT_EQ(c.stats().transport_calls, before.transport_calls) << "tile " << tile << ": fetched again";
    }
  }
  const long size = rows * cols;
  for (const auto &[loops_run, first, last] :
       {std::tuple{false, 0L, size - 1}, {true, -1L, 3L}, {true, 0L, size}, {true, 4L, 2L}}) {
    const refactored::index_run<long> none(
        c, loops_run, [&](bool at_last) { return at_last ? last : first; }, run_lifetime::until_close);
    EXPECT_FALSE(none.covers()) << first << ".." << last;
    c.download();
    EXPECT_EQ(none.get(2), value_of(2));
    c.upload();
  }
  c.close();
}

}  // namespace
