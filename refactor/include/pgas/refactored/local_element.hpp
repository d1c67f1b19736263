// The element of a privatized access (pgas-refactor --privatize): x[i] under affinity &x[i] is the calling
// thread's own, so the rewritten loop reads and writes it as a plain reference, with no proxy and no affinity
// test. Indices are checked as the proxies check them.
#pragma once

#include <cstddef>

#include "pgas/upc.hpp"

namespace pgas::refactored {

template <class Element, auto Block, auto Mode>
PGAS_ALWAYS_INLINE Element &local_element(const shared_array<Element, Block, Mode> &a, std::size_t i) {
  return a.local_element(i);
}

template <class Element, consistency Mode>
PGAS_ALWAYS_INLINE Element &local_element(const shared_array2d<Element, Mode> &a, std::size_t i,
                                          std::size_t j) {
  if (i >= a.rows() || j >= a.cols()) [[unlikely]]
    pgas::detail::index2d_out_of_range(a.flat().handle(), i, j, a.rows(), a.cols());
  return a.flat().local_element(i * a.cols() + j);
}

template <class Element, std::size_t Block>
PGAS_ALWAYS_INLINE Element &local_element(const global_ptr<Element, Block> &p, std::ptrdiff_t i) {
  return *(p + i).local();
}

}  // namespace pgas::refactored
