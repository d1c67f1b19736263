// What code rewritten by pgas-refactor includes: the software cache (pgas/cache.hpp) and the sizing of a
// cache for one tile of a tiled upc_forall loop.
#pragma once

#include <algorithm>
#include <concepts>
#include <cstddef>
#include <type_traits>
#include <utility>
#include <vector>  // the iterations of a tile that a thread owns

#include "pgas/cache.hpp"

namespace pgas::refactored {

// Elements a cache needs for one tile: at most `chunk` iterations of the loop from `first` to `bound`
// (exclusive), each touching up to `per_iteration` elements of the array. Never 0 (a cache holds at least
// one element), and no larger than the loop needs, so that a short loop does not allocate a large cache.
template <std::integral I, std::integral J>
std::size_t tile_capacity(I first, J bound, std::size_t chunk, std::size_t per_iteration) {
  std::size_t iterations = chunk;
  if (std::cmp_less_equal(bound, first)) {
    iterations = 1;
  } else {
    using U = std::make_unsigned_t<std::common_type_t<I, J>>;
    const U trip = static_cast<U>(bound) - static_cast<U>(first);
    if (trip < chunk) iterations = static_cast<std::size_t>(trip);
  }
  return std::max<std::size_t>(1, iterations * per_iteration);
}

}  // namespace pgas::refactored
