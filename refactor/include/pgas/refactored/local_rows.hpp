// Privatized rows (pgas-refactor --privatize): under the affinity `&Y[r][e]` an iteration runs on the thread
// that owns Y[r][e]; when X's blocks hold whole rows and X and Y place their rows alike (rows_alike), all of
// X's row r is that thread's too, so X[r][k] for any column k is a plain load or store through a pointer to
// the row in the thread's local part (local_row), found once per iteration instead of per access.
#pragma once

#include <cstddef>
#include <cstdint>

#include "pgas/upc.hpp"

namespace pgas::refactored {

// Rows per block of a rows x cols array with blocking factor `block` (0: indefinite, all on thread 0), as
// many as it has rows when all are in one block; 0 when a block does not hold whole rows.
inline std::size_t rows_per_block(std::size_t rows, std::size_t cols, std::size_t block) {
  if (cols == 0) return 0;
  if (block == 0) return rows;  // indefinite: one block, on thread 0
  if (block % cols != 0) return 0;
  return block / cols < rows ? block / cols : rows;
}

// Whether, for every row r both arrays have, all of x's row r has affinity to the thread of y's row r, and
// y's row lies wholly on that thread: both hold whole rows per block and the same number of them (every
// shared array starts at thread 0, so row r is in block r / rows_per_block on thread block % THREADS), or
// all rows each array has are in its first block, or there is one thread.
template <class E1, auto B1, auto M1, class E2, auto B2, auto M2>
bool rows_alike(const shared_array2d<E1, B1, M1> &x, const shared_array2d<E2, B2, M2> &y) {
  if (THREADS == 1) return true;
  const std::size_t rows = x.rows() < y.rows() ? x.rows() : y.rows();
  const std::size_t px = rows_per_block(rows, x.cols(), x.flat().block()),
                    py = rows_per_block(rows, y.cols(), y.flat().block());
  return px != 0 && px == py;
}

// A row of a 2-D shared array as the calling thread's own memory. Constructed for every iteration, whether
// or not the body reaches its accesses, it checks nothing there: an access checks its column, and the row
// itself, as the proxy checks them (the same message), so that an index the original never uses stops
// nothing. The row is checked to be local when it is in range (rows_alike guarantees it; a failure is a
// bug of the rewrite, never a silent access of other memory).
template <class Element>
class local_row {
 public:
  template <auto Block, auto Mode>
  local_row(const shared_array2d<Element, Block, Mode> &a, std::size_t row)
      : handle_(a.flat().handle()), row_(row), rows_(a.rows()), cols_(a.cols()) {
    if (row >= rows_ || cols_ == 0) return;
    const layout::Position p = a.flat().locate(row * cols_);
    if (p.thread != MYTHREAD) [[unlikely]]
      pgas::detail::not_local(handle_, static_cast<int>(p.thread), "a privatized row");
    base_ = &a.flat().local_element(row * cols_);
  }

  PGAS_ALWAYS_INLINE Element &operator[](std::size_t column) const {
    if (column >= cols_ || base_ == nullptr) [[unlikely]]
      pgas::detail::index2d_out_of_range(handle_, row_, column, rows_, cols_);
    return base_[column];
  }

 private:
  pgas_handle_t handle_;
  std::size_t row_, rows_, cols_;
  Element *base_ = nullptr;
};

template <class Element, auto Block, auto Mode>
local_row(const shared_array2d<Element, Block, Mode> &, std::size_t) -> local_row<Element>;

}  // namespace pgas::refactored
