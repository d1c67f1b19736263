// Helpers of the UPC 1.3 core library conformance tests. The layout functions restate the UPC definition
// of a blocked layout (UPC 1.3 section 6.5.1.1 and 6.4.2: element i of a `shared [B] T` array is in block
// i / B, blocks are dealt to threads round-robin starting at thread 0, and the blocks of one thread follow
// each other in its local memory); they do not use the library's own layout code. Every helper that
// allocates or synchronizes is collective.
#pragma once

#include <gtest/gtest.h>

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <pgas/upc.hpp>
#include <random>
#include <vector>

#include "spec_layout.hpp"

namespace conf {

inline std::size_t nthreads() { return static_cast<std::size_t>(THREADS); }
inline std::size_t me() { return static_cast<std::size_t>(MYTHREAD); }

// An iteration count for a heavy loop, divided by $PGAS_MP_TEST_DIVISOR (set for the runs over TCP).
inline long long scaled(long long n) {
  const char *text = std::getenv("PGAS_MP_TEST_DIVISOR");
  const long long divisor = text != nullptr ? std::atoll(text) : 1;
  return divisor > 1 ? (n / divisor > 0 ? n / divisor : 1) : n;
}

using spec::index_of;
using spec::Place;
using spec::place_of;
// How many of the n elements of a `shared [block] T` array have affinity to `thread`, by counting.
inline std::size_t count_on(std::size_t n, std::size_t block, std::size_t thread, std::size_t nthreads) {
  std::size_t count = 0;
  for (std::size_t i = 0; i < n; ++i)
    if (place_of(i, block, nthreads).thread == thread) ++count;
  return count;
}

// Collective: every thread's `value`, in thread order.
template <class T>
std::vector<T> all_gather(const T &value) {
  pgas::shared_array<T> slot(nthreads());
  slot[me()] = value;
  upc_barrier;
  std::vector<T> out;
  for (std::size_t t = 0; t < nthreads(); ++t) out.push_back(slot[t]);
  upc_barrier;
  return out;
}

// Collective: true on every thread iff `ok` is true on every thread (lets all threads ASSERT together).
inline bool all_ok(bool ok) {
  long long bad = 0;
  for (int v : all_gather(ok ? 0 : 1)) bad += v;
  return bad == 0;
}

// A byte that depends on everything that names it: used to fill and to check buffers.
inline unsigned char pattern(std::size_t a, std::size_t b = 0, std::size_t c = 0) {
  return static_cast<unsigned char>((a * 131u + b * 31u + c * 7u + 11u) & 0xFFu);
}

// The first index where `got` differs from `want` (or -1).
inline long first_difference(const unsigned char *got, const unsigned char *want, std::size_t n) {
  for (std::size_t i = 0; i < n; ++i)
    if (got[i] != want[i]) return static_cast<long>(i);
  return -1;
}

}  // namespace conf
