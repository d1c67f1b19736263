// One call of upc_all_reduceT or upc_all_prefix_reduceT with the synchronization its flags require of the
// caller and no more (as in reloc_model.hpp's run_round), checked against reduce_model.hpp's reference.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <cstddef>
#include <pgas/upc.hpp>
#include <source_location>
#include <string>
#include <vector>

#include "coll_conf_util.hpp"
#include "reduce_model.hpp"

namespace ccoll {

// A source or prefix destination object and which of its elements a view covers.
template <class X>
struct Reduction {
  const pgas::shared_array<X> &src;
  const pgas::shared_array<X> *dst;  // prefix reduce: dst, of src's layout; null for reduce
  const pgas::shared_array<X> *res;  // reduce: a cyclic array of THREADS elements; null for prefix reduce
  std::size_t root;                  // reduce: the element of res (so the thread) the result goes to
  std::vector<std::size_t> idx;      // array index of the view's element i (idx.size() == nelems)
  std::size_t blk;                   // the blk_size argument
  Op op;
  int variant;
  Sync sync;
  bool skewed;
  std::size_t salt;
  std::string what() const {
    return std::string(dst ? "upc_all_prefix_reduce" : "upc_all_reduce") + Entry<X>::name + " " + op.name +
           (variant ? " (variant)" : "") + " nelems " + std::to_string(idx.size()) + " blk_size " +
           std::to_string(blk) + " from element " + std::to_string(idx[0]) + " of a [" +
           std::to_string(src.block()) + "] array, " + sync.name;
  }
};

// Every thread fills its own parts of the objects with poison, between two barriers (once before the
// first round: the elements outside the views then stay poison).
template <class X>
void reset_parts(std::initializer_list<const pgas::shared_array<X> *> arrays) {
  upc_barrier;
  for (const auto *a : arrays)
    if (a) std::fill(a->local_part().begin(), a->local_part().end(), poison<X>());
  upc_barrier;
}

template <class X>
void run_reduction(const Reduction<X> &r) {
  const std::size_t n = r.idx.size();
  const std::vector<X> values = operands<X>(r.op.op, n, r.variant);
  const std::vector<X> expected = prefixes(r.op.op, values);
  const auto owner = [&](const pgas::shared_array<X> &a, std::size_t k) {
    return place_of(k, a.block(), T()).thread;
  };
  // IN_ALLSYNC: the previous thread writes my elements; otherwise I write them.
  const auto writes = [&](std::size_t t) { return (r.sync.in == 'A' ? (t + 1) % T() : t) == me(); };
  for (std::size_t i = 0; i < n; ++i)
    if (writes(owner(r.src, r.idx[i]))) r.src[r.idx[i]] = values[i];
  if (r.sync.in == 'N') upc_barrier;
  if (r.skewed) skew(r.salt);
  const pgas::global_ptr<X> from = &r.src[r.idx[0]];
  if (r.dst)
    Entry<X>::prefix(&(*r.dst)[r.idx[0]], from, r.op.op, n, r.blk, func_for<X>(r.op.op), r.sync.flags,
                     std::source_location::current());
  else
    Entry<X>::reduce(&(*r.res)[r.root], from, r.op.op, n, r.blk, func_for<X>(r.op.op), r.sync.flags,
                     std::source_location::current());
  if (r.sync.out == 'N') upc_barrier;
  // src is `shared const void *`: this thread's elements of it are as they were.
  for (std::size_t i = 0; i < n; ++i) {
    if (owner(r.src, r.idx[i]) == me() &&
        !(r.src.local_part()[place_of(r.idx[i], r.src.block(), T()).local] == values[i])) {
      ADD_FAILURE() << r.what() << ": src[" << r.idx[i] << "] changed";
      break;
    }
  }

  // OUT_MYSYNC: the elements with affinity to this thread are complete; OUT_ALLSYNC: all of them.
  if (r.res) {
    if (me() == r.root || r.sync.out == 'A') {
      EXPECT_TRUE(X((*r.res)[r.root]) == expected.back())
          << r.what() << ", on thread " << MYTHREAD << ": got " << show(X((*r.res)[r.root])) << ", expected "
          << show(expected.back());
    }
    if (me() != r.root) {
      EXPECT_TRUE(X((*r.res)[me()]) == poison<X>()) << r.what() << ": res[MYTHREAD] written";
    }
  } else {
    // This thread's whole part of dst: the prefixes where the view is, untouched poison elsewhere.
    const auto part = r.dst->local_part();
    std::vector<long> pos(r.dst->size(), -1);
    for (std::size_t i = 0; i < n; ++i) pos[r.idx[i]] = static_cast<long>(i);
    std::size_t wrong = 0, first = 0;
    for (std::size_t j = 0; j < part.size(); ++j) {
      const std::size_t k = index_of(me(), j, r.dst->block(), T());
      const X want = pos[k] < 0 ? poison<X>() : expected[static_cast<std::size_t>(pos[k])];
      if (!(part[j] == want) && wrong++ == 0) first = k;
    }
    EXPECT_EQ(wrong, 0u) << r.what() << ": thread " << MYTHREAD << "'s part of dst, first at element "
                         << first;
    if (r.sync.out == 'A') {  // every element, or 64 spread over a long view
      for (std::size_t i = 0; i < n; i += std::max<std::size_t>(1, n / 64)) {
        if (!(X((*r.dst)[r.idx[i]]) == expected[i])) {
          ADD_FAILURE() << r.what() << ": dst[" << r.idx[i] << "] as thread " << MYTHREAD
                        << " reads it on return";
          break;
        }
      }
    }
  }
  if (r.sync.out != 'N')  // nobody may still read this thread's elements
    for (std::size_t i = 0; i < n; ++i)
      if (owner(r.src, r.idx[i]) == me()) r.src[r.idx[i]] = poison<X>();
  reset_parts<X>({&r.src, r.dst, r.res});
}

// The array indices of a view `shared [blk] X` from element `start` of an array of the same blocking factor:
// the text's src[i] is the element i places after the pointer (start + i).
inline std::vector<std::size_t> contiguous(std::size_t start, std::size_t nelems) {
  std::vector<std::size_t> idx(nelems);
  for (std::size_t i = 0; i < nelems; ++i) idx[i] = start + i;
  return idx;
}

}  // namespace ccoll
