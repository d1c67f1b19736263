// The runtime half of the rewrite's plain indexing: pgas::refactored::rows_alike decides from the layouts
// whether a row of one 2-D array is local wherever the same row of another is (compared here with the
// layout itself, row by row, for blocking factors and row lengths that match at some thread counts only);
// local_row reads and writes the row in place; tile_base finds a tile's local base pointer when the
// tile's owned iterations' elements are adjacent in local memory (consecutive iterations or not).
#include <gtest/gtest.h>

#include <pgas/refactored.hpp>
#include <pgas/upc.hpp>
#include <vector>

namespace {

using namespace pgas;

// Row by row from the layout: every element of x's row r on the thread of y's row r, which is one thread.
bool rows_alike_by_layout(const shared_array2d<double> &x, const shared_array2d<double> &y) {
  const std::size_t rows = std::min(x.rows(), y.rows());
  for (std::size_t r = 0; r < rows; ++r) {
    const auto owner = y.flat().locate(r * y.cols()).thread;
    for (std::size_t k = 0; k < y.cols(); ++k)
      if (y.flat().locate(r * y.cols() + k).thread != owner) return false;
    for (std::size_t k = 0; k < x.cols(); ++k)
      if (x.flat().locate(r * x.cols() + k).thread != owner) return false;
  }
  return true;
}

TEST(RowsAlike, NeverClaimsWhatTheLayoutDenies) {
  struct Shape {
    std::size_t rows, cols, block;
  };
  const std::vector<Shape> shapes = {{7, 4, 4}, {7, 3, 3},  {7, 4, 8}, {7, 3, 6}, {7, 4, 2},  {7, 4, 1},
                                     {7, 4, 0}, {7, 4, 28}, {2, 4, 8}, {7, 3, 4}, {9, 5, 15}, {9, 2, 6}};
  int claimed = 0;
  for (const Shape &sx : shapes)
    for (const Shape &sy : shapes) {
      shared_array2d<double> x(sx.rows, sx.cols, sx.block), y(sy.rows, sy.cols, sy.block);
      const bool alike = refactored::rows_alike(x, y);
      if (alike) {
        ++claimed;
        EXPECT_TRUE(rows_alike_by_layout(x, y))
            << sx.rows << "x" << sx.cols << "/" << sx.block << " and " << sy.rows << "x" << sy.cols << "/"
            << sy.block << " at THREADS " << THREADS;
      }
      upc_barrier;
    }
  EXPECT_GT(claimed, 0);
  if (THREADS == 1) {
    EXPECT_EQ(claimed, static_cast<int>(shapes.size() * shapes.size()));
  }
}

TEST(LocalRow, ReadsAndWritesTheRowInPlace) {
  const std::size_t rows = 11, cols = 5;
  shared_array2d<double> a(rows, cols, cols);
  for (std::size_t r = 0; r < rows; ++r)
    if (a.flat().locate(r * cols).thread == MYTHREAD) {
      const refactored::local_row row(a, r);
      for (std::size_t k = 0; k < cols; ++k) row[k] = static_cast<double>(r * 10 + k);
    }
  upc_barrier;
  for (std::size_t r = 0; r < rows; ++r)
    for (std::size_t k = 0; k < cols; ++k)
      EXPECT_EQ(static_cast<double>(a[r][k]), static_cast<double>(r * 10 + k));
  upc_barrier;
}

// A walking affinity's tile holds every iteration between its ends that this thread owns, so their elements
// are adjacent in its local part, consecutive or not (a cyclic array's every THREADS-th, blocks of 4 with
// a gap between): base[k] is the k-th owned iteration's element, at 3 and 6 threads too, with unsigned
// iterations and one-element tiles. A list that leaves out an owned iteration between its ends gets none.
template <class Integer>
void check_tile_bases() {
  const Integer n = 40;
  for (std::size_t block : {std::size_t{1}, std::size_t{4}, std::size_t{0}}) {
    shared_array<long> a(static_cast<std::size_t>(n), block);
    const auto affinity = [&](Integer v) { return &a[static_cast<std::size_t>(v)]; };
    for (std::size_t chunk : {std::size_t{1}, std::size_t{6}})
      for (Integer first = 0; first < n; ++first) {
        std::vector<Integer> owned;
        refactored::owned_iterations(
            first, [&](Integer v) { return v < n; }, affinity, owned, chunk);
        long *const base = refactored::tile_base(owned, affinity);
        if (owned.empty()) {
          EXPECT_EQ(base, nullptr);
          continue;
        }
        ASSERT_NE(base, nullptr) << "block " << block << " first " << first;
        for (std::size_t k = 0; k < owned.size(); ++k)
          EXPECT_EQ(base + k, &a.local_element(static_cast<std::size_t>(owned[k])));
        if (owned.size() >= 3) {
          const std::vector<Integer> gap = {owned.front(), owned.back()};  // leaves out owned[1]
          EXPECT_EQ(refactored::tile_base(gap, affinity), nullptr);
        }
      }
    upc_barrier;
  }
}

TEST(TileBase, ForEveryWalkingTile) {
  check_tile_bases<long>();
  check_tile_bases<unsigned>();
}

}  // namespace
