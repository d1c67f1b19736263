// What code rewritten by pgas-refactor includes: the software cache (pgas/cache.hpp), the sizing of a
// cache for one tile of a tiled upc_forall loop, and the walk over the iterations of a tile that a thread
// owns.
#pragma once

#include <algorithm>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <limits>
#include <optional>
#include <type_traits>
#include <utility>
#include <vector>  // the iterations of a tile that a thread owns

#include "pgas/cache.hpp"
#include "pgas/refactored/consecutive_tile.hpp"
#include "pgas/refactored/distinct_objects.hpp"
#include "pgas/refactored/index_run.hpp"
#include "pgas/refactored/local_element.hpp"
#include "pgas/refactored/local_rows.hpp"
#include "pgas/refactored/loop_condition.hpp"
#include "pgas/upc.hpp"

namespace pgas::refactored {

// The inspector's hint of a chased read's value (pointer jumping: the element at `index` is the index of the
// loop's next read of the same array). An index outside the array is ignored, as by hint_speculative: the
// original may never read that element.
template <class Element, class Index>
void hint_element_at(cache<Element> &c, const Index &index) {
  if constexpr (std::integral<Index>)
    if (std::cmp_greater_equal(index, 0) && std::cmp_less(index, c.size())) c.hint_speculative(c.get(index));
}

// Elements a cache needs for one tile: at most `chunk` iterations of the loop from `first` to `bound`
// (exclusive), each touching up to `per_iteration` elements of the array. Never 0 (a cache holds at least
// one element), and no larger than the loop needs, so that a short loop does not allocate a large cache.
template <std::integral First, std::integral Bound>
std::size_t tile_capacity(First first, Bound bound, std::size_t chunk, std::size_t per_iteration) {
  std::size_t iterations = chunk;
  if (std::cmp_less_equal(bound, first)) {
    iterations = 1;
  } else {
    using Unsigned = std::make_unsigned_t<std::common_type_t<First, Bound>>;
    const Unsigned trip = static_cast<Unsigned>(bound) - static_cast<Unsigned>(first);
    if (trip < chunk) iterations = static_cast<std::size_t>(trip);
  }
  std::size_t elements;
  if (__builtin_mul_overflow(iterations, per_iteration, &elements)) elements = SIZE_MAX;
  return std::max<std::size_t>(1, elements);
}

// The iterations of a counting loop of the body, `for (v = first; v < bound; ++v)` (`<=` when inclusive),
// for sizing a cache whose accesses it repeats.
template <std::integral First, std::integral Bound>
std::size_t trip_count(First first, Bound bound, bool inclusive = false) {
  if (std::cmp_less(bound, first) || (!inclusive && std::cmp_equal(bound, first))) return 0;
  using Unsigned = std::make_unsigned_t<std::common_type_t<First, Bound>>;
  const Unsigned span = static_cast<Unsigned>(bound) - static_cast<Unsigned>(first);
  if (std::cmp_greater_equal(span, std::numeric_limits<std::size_t>::max() / 2)) return SIZE_MAX / 2;
  return static_cast<std::size_t>(span) + (inclusive ? 1 : 0);
}

// The product of nested loops' trips, at most a quarter of SIZE_MAX (a few such terms add up without
// wrapping; the cache holds no more than its array's elements anyway).
inline std::size_t trips(std::initializer_list<std::size_t> counts) {
  std::size_t product = 1;
  for (std::size_t c : counts)
    if (__builtin_mul_overflow(product, c, &product) || product > SIZE_MAX / 4) return SIZE_MAX / 4;
  return product;
}

// The end of the tile of `span` iterations' values that starts at `tile`: tile + span, or the largest (the
// smallest) value of T when that is out of T's range. A loop that terminates never reaches T's largest value
// (`v < bound` stays below it, and `v <= bound` stops before it), so a tile that saturates is the last one.
template <std::integral Integer, std::integral Span>
Integer tile_end(Integer tile, Span span) {
  Integer end;
  if (__builtin_add_overflow(tile, span, &end))
    return span > 0 ? std::numeric_limits<Integer>::max() : std::numeric_limits<Integer>::min();
  return end;
}

// The iterations v = first, first + 1, ... for which in_range(v) holds (a contiguous run) whose affinity
// names this thread, appended to `owned` in order, at most `limit` of them: what `upc_forall(v = first,
// in_range(v), v++, affinity(v))` runs here, found from the layout instead of by testing every iteration.
// `affinity` must move by one element of a shared array (`&A[v + k]`, `&A[r][v + k]`) or by one integer
// (`v + k`) per iteration; it is called once, at `first`, and only when the run is not empty.
// Returns where the rest of the run starts: one past the last iteration appended when `limit` stopped the
// walk, else a value out of range (T's largest value when the run would step past it, which a loop that
// terminates never reaches). A tiled loop calls it once per tile, so that a tile holds `limit` iterations of
// this thread's, however few of the run's iterations the thread owns. With `in_range` a loop_condition, a
// block's iterations in range are found by bisection (a row that ends inside a block), not one by one.
template <std::integral Integer, class InRange, class Affinity>
Integer owned_iterations(Integer first, InRange in_range, Affinity affinity, std::vector<Integer> &owned,
                         std::size_t limit = SIZE_MAX) {
  if (!in_range(first) || limit == 0) return first;
  const auto start = affinity(first);
  const auto threads = static_cast<std::uint64_t>(THREADS), me = static_cast<std::uint64_t>(MYTHREAD);
  std::size_t taken = 0;
  if constexpr (std::is_integral_v<decltype(start)>) {
    // Every THREADS-th iteration, from the first whose value is congruent to MYTHREAD. The affinity is the
    // original's expression, v plus terms, so it is computed as the original computes it: start + (v - first)
    // in the affinity's type, wrapping where the original's wraps.
    using AffinityValue = decltype(start);
    auto affinity_at = [&](Integer v) { return static_cast<AffinityValue>(start + (v - first)); };
    Integer v = first;
    while (true) {
      while (!detail::has_affinity(affinity_at(v)))
        if (!in_range(++v)) return v;  // at most THREADS - 1 steps (in range, v is below T's largest value)
      owned.push_back(v);
      if (++taken == limit) return static_cast<Integer>(v + 1);
      // The next is THREADS on, unless the affinity, unsigned, wraps to 0 before that (the residues start
      // again from 0 there, and THREADS need not divide 2^N), or v + THREADS is past T's range: then the
      // next is searched for from v + 1.
      bool wraps = false;
      if constexpr (std::is_unsigned_v<AffinityValue>)
        wraps = affinity_at(v) > std::numeric_limits<AffinityValue>::max() - threads;
      Integer next;
      if (wraps || __builtin_add_overflow(v, threads, &next)) {
        if (!in_range(++v)) return v;
        continue;
      }
      if (!in_range(next)) return next;
      v = next;
    }
  } else {
    const std::uint64_t block = start.block();
    if (block == 0) {  // indefinite: the whole run is on the first element's thread
      Integer v = first;
      if (start.thread() != MYTHREAD) {
        while (in_range(v)) ++v;
        return v;
      }
      for (; in_range(v); ++v) {
        owned.push_back(v);
        if (++taken == limit) return static_cast<Integer>(v + 1);
      }
      return v;
    }
    // Element k of the run is in block (phase + k) / block after the first's, on thread (thread + that) %
    // THREADS: this thread owns the blocks q = distance, distance + THREADS, ...
    const std::uint64_t phase = start.phase();
    const auto owner = static_cast<std::uint64_t>(start.thread());  // below THREADS: no division needed
    const std::uint64_t distance = me >= owner ? me - owner : me + threads - owner;
    if (block == 1) {  // cyclic: every THREADS-th iteration, one test each and no per-block bookkeeping
      for (std::uint64_t q = distance;; q += threads) {
        Integer v;
        if (__builtin_add_overflow(first, q, &v)) return std::numeric_limits<Integer>::max();
        if (!in_range(v)) return v;
        owned.push_back(v);
        if (++taken == limit) return static_cast<Integer>(v + 1);
      }
    }
    for (std::uint64_t q = distance;; q += threads) {
      const std::uint64_t lo = q * block > phase ? q * block - phase : 0, hi = (q + 1) * block - phase;
      // The block's iterations in range, up to the limit, counted first and then appended at once.
      const std::uint64_t want = std::min<std::uint64_t>(hi - lo, limit - taken);
      std::uint64_t n = 0;
      Integer v = first;
      bool past = false, out = false;
      std::optional<std::uint64_t> held;
      if constexpr (is_loop_condition<InRange>)  // not for a cyclic array's block: a test or two each
        if (want >= 8) held = holding_prefix(in_range, first, lo, want);
      if (held) {
        n = *held;
        out = n < want;
        if (out) v = static_cast<Integer>(first + (lo + n));
      }
      for (; !held && n < want; ++n) {
        if (__builtin_add_overflow(first, lo + n, &v)) {
          past = true;
          break;
        }
        if (!in_range(v)) {
          out = true;
          break;
        }
      }
      if (n < 8) {  // a cyclic array's block: resize would cost more than it saves
        for (std::uint64_t k = 0; k < n; ++k) owned.push_back(static_cast<Integer>(first + (lo + k)));
      } else {
        const std::size_t at = owned.size();
        owned.resize(at + n);
        for (std::uint64_t k = 0; k < n; ++k) owned[at + k] = static_cast<Integer>(first + (lo + k));
      }
      taken += n;
      if (past) return std::numeric_limits<Integer>::max();  // past T's range
      if (out) return v;
      if (taken == limit) return static_cast<Integer>(owned.back() + 1);
    }
  }
}

}  // namespace pgas::refactored
