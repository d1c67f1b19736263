// UPC's layout queries: upc_localsizeof / upc_blocksizeof / upc_elemsizeof of a shared array (UPC applies
// them to a shared type or object; here to the object), and UPC 1.3's upc_affinitysize.
#pragma once

#include <cstddef>

#include "pgas/detail/api.hpp"
#include "pgas/layout.hpp"
#include "pgas/shared_array.hpp"

// The blocking factor in elements (0: indefinite).
template <class Element, auto... Spec>
std::size_t upc_blocksizeof(const pgas::shared_array<Element, Spec...> &a) {
  return a.block();
}
template <class Element, auto... Spec>
std::size_t upc_blocksizeof(const pgas::shared_array2d<Element, Spec...> &a) {
  return a.flat().block();
}
template <class Element, std::size_t Block>
std::size_t upc_blocksizeof(const pgas::global_ptr<Element, Block> &p) {
  return p.block();
}

// The size of one element.
template <class Element, auto... Spec>
std::size_t upc_elemsizeof(const pgas::shared_array<Element, Spec...> &) {
  return sizeof(Element);
}
template <class Element, auto... Spec>
std::size_t upc_elemsizeof(const pgas::shared_array2d<Element, Spec...> &) {
  return sizeof(Element);
}

// Bytes of the largest part any one thread holds (the same on every thread).
template <class Element, auto... Spec>
std::size_t upc_localsizeof(const pgas::shared_array<Element, Spec...> &a) {
  return pgas::layout::local_count(a.size(), a.block(), static_cast<std::uint64_t>(pgas::threads()), 0) *
         sizeof(Element);
}
template <class Element, auto... Spec>
std::size_t upc_localsizeof(const pgas::shared_array2d<Element, Spec...> &a) {
  return upc_localsizeof(a.flat());
}

// Bytes with affinity to `threadid` of a shared object of `totalsize` bytes in blocks of `nbytes` (0:
// indefinite, all on thread 0), as upc_global_alloc(totalsize / nbytes, nbytes) lays it out.
inline std::size_t upc_affinitysize(std::size_t totalsize, std::size_t nbytes, std::size_t threadid) {
  return pgas::layout::local_count(totalsize, nbytes, static_cast<std::uint64_t>(pgas::threads()), threadid);
}
