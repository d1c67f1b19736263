// Combining the contributions of a call's sources in team rank order, a chunk at a time: every source's part
// of a chunk is read (through the transport seam), combined while it is in the cache, and the result written
// out, so that a large vector is never held whole once per source.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "coll2/small.hpp"
#include "pgas/detail/api.hpp"
#include "pgas/upccoll.h"

namespace pgas::rt::coll2 {

// Chunks (and the segments of split.hpp) start at multiples of this many elements: whole elements on 64-byte
// boundaries.
std::uint64_t element_unit(std::uint64_t type_size);

// Combines elements [first, end) of every source in `sources` (their whole contributions, in rank order)
// into `to` (where element `first` of the result goes; `local`, when not nullptr, is its address here).
void combine_into(const std::vector<Located> &sources, upccoll_dtype_t dt, upccoll_op_t op,
                  std::uint64_t first, std::uint64_t end, pgas::detail::gaddr to, std::byte *local);

// A scan's segment: writes the combination of sources 0..k (elements [first, end), in rank order) to
// `prefixes[k]` (where element `first` goes) for every k, reading every source once.
void prefix_into(const std::vector<Located> &sources, upccoll_dtype_t dt, upccoll_op_t op,
                 std::uint64_t first, std::uint64_t end, const std::vector<pgas::detail::gaddr> &prefixes);

}  // namespace pgas::rt::coll2
