// The runtime's benchmark groups. Each owns the shared objects it measures; construct them on every thread
// in the same order (allocation is collective) and keep them alive until the benchmarks have run.
#pragma once

#include <cstddef>
#include <cstdint>
#include <pgas/upc.hpp>
#include <vector>

#include "common/registry.hpp"
#include "common/team.hpp"

namespace bench {

// 8-byte remote get and put through the dialect proxy: `v = x[i]` / `x[i] = v` with x[i] on thread 1; and
// a vector get (pgas::getv, one remote_getv) of every other one of kVectorElements * 2 elements on thread 1.
class RemoteAccess {
 public:
  RemoteAccess();
  void register_all(const Registry &registry, const Team &team);

 private:
  pgas::shared_array<std::int64_t> x_;
  pgas::shared_array<std::int64_t> v_;
  std::vector<std::size_t> vector_indices_;
  std::vector<std::int64_t> vector_out_;
};

// Reading a thread's local part through the proxy (x[i], i with affinity to MYTHREAD) against the same
// reads from a std::vector, in random and in sequential order.
class LocalAccess {
 public:
  LocalAccess();
  void register_all(const Registry &registry, const Team &team);

 private:
  pgas::shared_array<std::int64_t> x_;
  std::vector<std::int64_t> plain_;
  std::vector<std::size_t> shared_order_;  // global indices with affinity to MYTHREAD, shuffled
  std::vector<std::size_t> plain_order_;   // the same permutation as indices into plain_
};

// upc_barrier, and upc_lock/upc_unlock alone and with every thread contending for one lock.
class Synchronization {
 public:
  Synchronization();
  ~Synchronization();
  Synchronization(const Synchronization &) = delete;
  Synchronization &operator=(const Synchronization &) = delete;
  void register_all(const Registry &registry, const Team &team);

 private:
  upc_lock_t *lock_;
};

// Pairwise synchronization (pgas/pairsync.h) against upc_barrier: the barriers built from pairsync over
// every thread (linear and tree, as the all-thread barriers and as subset barriers listing every thread),
// and pairsync itself, fast and as the lock handshake, between threads 2k and 2k + 1.
class PairwiseSync {
 public:
  PairwiseSync();
  void register_all(const Registry &registry, const Team &team);

 private:
  std::vector<int> everyone_;
};

}  // namespace bench
