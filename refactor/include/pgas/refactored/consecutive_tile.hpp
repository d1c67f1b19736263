// The executor of a tile whose owned iterations are consecutive (v_lo, v_lo + 1, ..., v_hi: a row of a
// band, a block of a blocked array) runs as a plain counting loop: its privatized accesses (the element the
// affinity names) index one local base pointer, found once per tile from the affinity at the tile's two
// ends, and its run reads index their runs without a bounds check (index_run::at). Any other tile runs the
// executor over the vector of owned iterations as before.
#pragma once

#include <cstddef>
#include <vector>

#include "pgas/upc.hpp"

namespace pgas::refactored {

// Whether `owned` is non-empty and holds consecutive values in increasing order (only its ends are read:
// owned_iterations appends in increasing order without repeats).
template <class Integer>
bool consecutive(const std::vector<Integer> &owned) {
  if (owned.empty()) return false;
  const Integer front = owned.front(), back = owned.back();
  return back >= front && static_cast<std::size_t>(back - front) + 1 == owned.size();
}

// The local address of the element `first` points to, when it and `last`, `span` elements after it in the
// array's order, both have affinity to the calling thread and lie `span` elements apart in its local part;
// else nullptr. When every element between them has affinity to the calling thread (each is the affinity of
// an owned iteration) they are then first.local()[0 .. span]: a thread's elements lie in its local part in
// the array's order, so `span + 1` of them with no other between are adjacent.
template <class Element, std::size_t Block>
Element *local_base(const global_ptr<Element, Block> &first, const global_ptr<Element, Block> &last,
                    std::size_t span) {
  if (first.handle() == 0 || first.handle() != last.handle() || first.thread() != MYTHREAD ||
      last.thread() != MYTHREAD)
    return nullptr;
  Element *const lo = first.local(), *const hi = last.local();
  return hi >= lo && static_cast<std::size_t>(hi - lo) == span ? lo : nullptr;
}

// The local address of the affinity's element at the tile's first iteration, when the tile's owned
// iterations are consecutive and their affinities (one element apart: the loop's affinity walks) are
// adjacent in the calling thread's local part; else nullptr. The executor then reads and writes the element
// the affinity names at the tile's k-th iteration as base[k].
template <class Integer, class Affinity>
auto tile_base(const std::vector<Integer> &owned, Affinity affinity)
    -> decltype(affinity(owned.front()).local()) {
  if (!consecutive(owned)) return nullptr;
  return local_base(affinity(owned.front()), affinity(owned.back()), owned.size() - 1);
}

}  // namespace pgas::refactored
