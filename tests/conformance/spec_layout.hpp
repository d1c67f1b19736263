// UPC's data layout as the language specification defines it (6.5.1.1: element i of a `shared [block] T`
// array has affinity to thread (i / block) mod THREADS, phase i mod block), written out for the
// conformance suite's expected results; block 0 is indefinite, every element on thread 0.
#pragma once

#include <cstddef>

namespace spec {

struct Place {
  std::size_t thread;
  std::size_t phase;
  std::size_t local;  // index among the elements of that thread, in its local memory order
};

inline Place place_of(std::size_t i, std::size_t block, std::size_t nthreads) {
  if (block == 0) return {0, 0, i};
  const std::size_t b = i / block;
  return {b % nthreads, i % block, (b / nthreads) * block + i % block};
}

// The inverse: the array index of the element `local` of thread `thread`.
inline std::size_t index_of(std::size_t thread, std::size_t local, std::size_t block, std::size_t nthreads) {
  if (block == 0) return local;
  return ((local / block) * nthreads + thread) * block + local % block;
}

}  // namespace spec
