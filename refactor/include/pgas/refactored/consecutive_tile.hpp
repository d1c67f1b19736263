// The executor of a tile whose privatized accesses lie adjacent in the thread's local part (consecutive
// iterations v_lo .. v_hi: a row of a band, a block of a blocked array; or a cyclic array's every
// THREADS-th iteration) runs as a plain counting loop over the owned iterations: its privatized accesses (the
// element the affinity names) index one local base pointer, found once per tile from the affinity at the
// tile's two ends, and its run reads index their runs without a bounds check (index_run::at). Any other tile
// runs the executor over the vector of owned iterations as before.
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

// The step d when `owned` holds at least two values v0, v0 + d, v0 + 2d, ... (every one is checked), else 0:
// the owned iterations of a cyclic affinity's tile (d = THREADS), whose reads index_run fetches as strided
// runs and whose privatized accesses tile_base finds one local base pointer for.
template <class Integer>
std::size_t progression_step(const std::vector<Integer> &owned) {
  if (owned.size() < 2 || owned[1] <= owned[0]) return 0;
  const Integer step = static_cast<Integer>(owned[1] - owned[0]);
  for (std::size_t k = 2; k < owned.size(); ++k)
    if (owned[k] <= owned[k - 1] || static_cast<Integer>(owned[k] - owned[k - 1]) != step) return 0;
  return static_cast<std::size_t>(step);
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

// The local address of the affinity's element at the tile's first owned iteration, when the affinities of
// the first and last (one element apart per iteration: the loop's affinity walks) are this thread's and as
// far apart in its local part as the tile has owned iterations; else nullptr. The tile holds every
// iteration between them whose affinity is this thread's, so their elements are all the thread's elements
// between the two ends, in the array's order: adjacent in its local part whether the iterations are
// consecutive (a block) or not (a cyclic array's every THREADS-th). The executor then reads and writes the
// element the affinity names at the tile's k-th owned iteration as base[k].
template <class Integer, class Affinity>
auto tile_base(const std::vector<Integer> &owned, Affinity affinity)
    -> decltype(affinity(owned.front()).local()) {
  if (owned.empty()) return nullptr;
  return local_base(affinity(owned.front()), affinity(owned.back()), owned.size() - 1);
}

}  // namespace pgas::refactored
