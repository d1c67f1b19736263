// The priority write policy: among the threads that write an element in one barrier phase, the lowest rank
// wins, whatever the order of their uploads.
//
// Every element of the cached object has a tag in a companion shared array of the same layout: the barrier
// phase and the rank of its last writer through a priority cache (0: never written). A write-back to one
// owner takes that owner's lock, reads the tags of the written elements (one vector get), and writes the
// values and tags of the elements it wins (two vector puts) before unlocking: the lock makes each tag check
// and its write one step. A later phase always wins over an earlier one. Writes that bypass the cache take
// no part.
//
// The companion array and the locks are allocated by open and freed by close, both collective.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "pgas/detail/cache_core.hpp"
#include "pgas/locks.h"

namespace pgas::detail {

class priority_writer {
 public:
  // Collective: every thread opening a priority cache on the same object calls it with the same geometry.
  // `api` prefixes error messages.
  priority_writer(const cache_geometry &geometry, const char *api);
  ~priority_writer();  // collective, unless abandon() was called

  // For a tile an exception left on this thread alone: the shared tags and the locks stay allocated (their
  // free is collective, which the other threads do not join) and the destructor frees only this thread's
  // own memory.
  void abandon() { abandoned_ = true; }
  priority_writer(const priority_writer &) = delete;
  priority_writer &operator=(const priority_writer &) = delete;

  // Writes `count` elements at the byte `offsets` on `thread` from the dense `values`, where this thread
  // wins; returns the number of transport calls made.
  std::size_t write(int thread, const std::size_t *offsets, std::size_t count, const char *values);

 private:
  std::size_t tag_offset(std::size_t byte_offset) const {
    return (byte_offset - g_.byte_skew) / g_.stride * sizeof(std::uint64_t);
  }

  cache_geometry g_;
  pgas_handle_t tags_;
  std::vector<upc_lock_t *> locks_;  // one per owner thread
  int mythread_;
  bool abandoned_ = false;
  // Scratch of one write, kept to avoid allocating per upload.
  std::vector<std::size_t> tag_offsets_, won_offsets_, won_tag_offsets_;
  std::vector<std::uint64_t> old_tags_, new_tags_;
  std::vector<char> won_values_;
};

}  // namespace pgas::detail
