// Reads of a cached array at an index that increases affinely with the loop variable (`cur[i - 1][j]` in a
// loop over j, as `(i - 1) * cols + j`; dp's `y[i * 2]`): when the tile's owned iterations are consecutive,
// the indices they read are one run of the array, read by pgas::cache::run with one bulk transfer per owner
// (or in place); when they are in arithmetic progression (a cyclic affinity's every THREADS-th), one
// strided run, read by pgas::cache::run_strided with one transfer per owner. Either is an array the
// executor indexes with plain loads, and the inspector need not hint them. Any other tile (iterations in no
// arithmetic progression, an index that descends, a run reaching past the array) reads through the cache
// as before, and so does any index outside the run.
#pragma once

#include <cstddef>
#include <type_traits>
#include <utility>
#include <vector>

#include "pgas/cache.hpp"
#include "pgas/refactored/consecutive_tile.hpp"

namespace pgas::refactored {

template <class Element>
class index_run {
 public:
  // `index(v)` is the access's index at iteration v, an affine function of v (`v + k`, `2 * v`): it is
  // computed at the first, second and last owned iterations. Consecutive iterations whose indices move by
  // one read one run (in place or one bulk transfer per owner); iterations in arithmetic progression (a
  // cyclic affinity's v = MYTHREAD + k * THREADS) whose indices move by a constant stride >= 1 read one
  // strided run (one vector transfer per owner). Then the tile's k-th owned iteration reads position k.
  template <class Integer, class Index>
  index_run(cache<Element> &c, const std::vector<Integer> &owned, Index index) : cache_(&c) {
    if (owned.empty()) return;
    const std::size_t n = owned.size();
    if (!consecutive(owned) && progression_step(owned) == 0) return;
    const auto first = index(owned.front()), last = index(owned.back());
    if (std::cmp_less(first, 0)) return;
    std::size_t stride = 1, span;
    if (n > 1) {
      const auto second = index(owned[1]);
      if (!std::cmp_less(first, second)) return;  // descending or constant: through the cache
      stride = static_cast<std::size_t>(second - first);
    }
    if (last < first || __builtin_mul_overflow(n - 1, stride, &span) ||
        std::cmp_not_equal(last - first, span) || std::cmp_greater_equal(last, c.size()))
      return;
    first_ = static_cast<std::size_t>(first);
    count_ = n;
    stride_ = stride;
    data_ = stride == 1 ? c.run(first_, count_) : c.run_strided(first_, count_, stride);
  }

  // A read inside counting loops of the body whose index moves only with them (`b[l][j]`): `loops_run` when
  // every loop runs at least once, and `corner(false)`, `corner(true)` the index at the loops' first and
  // last values, which bound every index the loops read: that run, the same in every tile, is read with
  // the given lifetime (until close(): fetched in the first tile, one transfer per owner, then kept). An
  // index outside it (a row or column whose loop the body leaves early) reads through the cache.
  template <class Corner>
  index_run(cache<Element> &c, bool loops_run, Corner corner, run_lifetime lifetime) : cache_(&c) {
    if (!loops_run) return;
    const auto first = corner(false), last = corner(true);
    if (std::cmp_less(first, 0) || last < first || std::cmp_greater_equal(last, c.size())) return;
    first_ = static_cast<std::size_t>(first);
    count_ = static_cast<std::size_t>(last - first) + 1;
    data_ = c.run(first_, count_, lifetime);
  }

  // Whether the run holds the index of every owned iteration (the inspector need not hint them).
  bool covers() const { return count_ != 0; }
  Element get(std::size_t i) const {
    if (stride_ == 1) return i - first_ < count_ ? data_[i - first_] : miss(i);
    const std::size_t d = i - first_;
    return d / stride_ < count_ && d % stride_ == 0 ? data_[d / stride_] : miss(i);
  }
  // The same for an index known to lie in the run: a read at an owned iteration of a tile the run covers
  // whose iterations are consecutive (consecutive_tile.hpp), by an index whose variables the body leaves
  // unchanged.
  Element at(std::size_t i) const { return data_[i - first_]; }
  // The read of the tile's k-th owned iteration, in a tile the run covers, by an index whose variables the
  // body leaves unchanged (the index there is first + k * stride).
  Element nth(std::size_t k) const { return data_[k]; }

 private:
  // Out of line, so that the loop around get keeps its values in registers.
  [[gnu::noinline, gnu::cold]] Element miss(std::size_t i) const { return cache_->get(i); }

  cache<Element> *cache_;
  const Element *data_ = nullptr;
  std::size_t first_ = 0, count_ = 0, stride_ = 1;
};

}  // namespace pgas::refactored
