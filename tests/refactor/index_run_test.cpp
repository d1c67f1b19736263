// pgas::refactored::index_run, the bulk read of an index that moves by one per iteration: over the tiles a
// blocked array's owned iterations form, the run covers the tile and every read equals the direct read;
// where it cannot (iterations not consecutive under a cyclic affinity, an index that moves by two, a run
// past the array's end) it covers nothing and the reads go through the cache, still equal. Its loop
// constructor (reads in counting loops of the body) likewise, with a run kept until close.
#include <gtest/gtest.h>

#include <pgas/refactored.hpp>
#include <pgas/upc.hpp>
#include <tuple>
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

// Every tile of the loop over [1, n - 1) with affinity &a[v], chunk iterations at a time: reads of a at
// index(v) through an index_run; returns how many tiles of more than one iteration the run covered.
template <class Index>
int read_tiles(const shared_array<long> &a, std::size_t chunk, Index index) {
  const long n = static_cast<long>(a.size());
  cache<long> c(a, 4 * chunk);
  std::vector<long> owned;
  int covered = 0;
  for (long tile = 1; tile < n - 1;) {
    owned.clear();
    tile = refactored::owned_iterations(
        tile, [&](long v) { return v < n - 1; }, [&](long v) { return &a[v]; }, owned, chunk);
    const refactored::index_run<long> run(c, owned, index);
    covered += run.covers() && owned.size() > 1;
    if (!run.covers())
      for (long v : owned)
        if (index(v) < n) c.hint_speculative(index(v));
    c.download();
    for (long v : owned) {
      const auto i = static_cast<std::size_t>(index(v));
      if (i < a.size()) {
        EXPECT_EQ(run.get(i), value_of(i)) << "iteration " << v;
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

TEST(IndexRun, OtherTilesReadThroughTheCache) {
  const auto threads = static_cast<std::size_t>(THREADS);
  const shared_array<long> cyclic = filled(9 * threads + 2, 1);
  const int covered = read_tiles(cyclic, 4, [](long v) { return v + 1; });
  if (THREADS > 1) {
    EXPECT_EQ(covered, 0);  // every THREADS-th iteration: not consecutive
  }
  const shared_array<long> blocked = filled(7 * 3 * threads + 4, 7);
  EXPECT_EQ(read_tiles(blocked, 5, [](long v) { return 2 * v; }), 0);  // moves by two
  const long n = static_cast<long>(blocked.size());
  // Past the end for the tile that holds the last iterations: that tile reads through the cache.
  const int near_end = read_tiles(blocked, 5, [n](long v) { return v + n / 2; });
  const int all = read_tiles(blocked, 5, [](long v) { return v; });
  EXPECT_LE(near_end, all);
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
