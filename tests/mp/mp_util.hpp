// Helpers shared by the multi-process (SPMD) tests. Every helper that allocates or synchronizes is
// collective: all threads must call it, in the same order.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <pgas/upc.hpp>
#include <thread>
#include <vector>

namespace mp {

// An iteration count of a heavy loop, divided by $PGAS_MP_TEST_DIVISOR (default 1, at least 1 remains):
// the runs on the MPI conduit over TCP, where every remote access is a network round trip, and some runs
// under network emulation use a divisor.
inline long long scaled(long long n) {
  const char *text = std::getenv("PGAS_MP_TEST_DIVISOR");
  const long long divisor = text != nullptr ? std::atoll(text) : 1;
  return divisor > 1 ? std::max(n / divisor, 1LL) : n;
}

// Expected owner, phase and local index of element i of an array with blocking factor `block` (0 =
// indefinite), computed from the UPC definition directly rather than with pgas::layout.
struct Where {
  int thread;
  std::size_t phase;
  std::size_t local;
};
inline Where where(std::size_t i, std::size_t block, int threads) {
  if (block == 0) return {0, 0, i};
  std::size_t blk = i / block, t = static_cast<std::size_t>(threads);
  return {static_cast<int>(blk % t), i % block, (blk / t) * block + i % block};
}

// Collective: every thread's `value`, in thread order.
template <class T>
std::vector<T> all_gather(const T &value) {
  pgas::shared_array<T> slot(static_cast<std::size_t>(THREADS));
  slot[static_cast<std::size_t>(MYTHREAD)] = value;
  upc_barrier;
  std::vector<T> out;
  for (int t = 0; t < THREADS; ++t) out.push_back(slot[static_cast<std::size_t>(t)]);
  upc_barrier;  // nobody frees `slot` (collectively) before all have read it
  return out;
}

// Collective: the sum of every thread's `value`.
inline long long sum_over_threads(long long value) {
  long long sum = 0;
  for (long long v : all_gather(value)) sum += v;
  return sum;
}

// Collective: true on every thread iff `ok` is true on every thread. Lets a test stop early (ASSERT) on
// all threads at once, so that no thread waits for a peer that returned.
inline bool all_ok(bool ok) { return sum_over_threads(ok ? 0 : 1) == 0; }

// The share of `total` work items that thread `t` does when they are split as evenly as possible.
inline long long share_of(long long total, int t) { return total / THREADS + (t < total % THREADS ? 1 : 0); }

// Calls `attempt` (upc_sync_attempt of a handle, upc_synci_attempt, ...) until it returns 1; returns how
// many times it returned 0 (the transfer was still in flight).
template <class Attempt>
long long attempts_in_flight(Attempt attempt) {
  long long in_flight = 0;
  while (attempt() == 0) {
    ++in_flight;
    std::this_thread::yield();
  }
  return in_flight;
}

}  // namespace mp
