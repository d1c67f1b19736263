// Runs: a tile reads consecutive indices [first, first + count) as one dense array, instead of one get()
// per element (or a strided run, first + k * stride, always copied). A run that lies contiguously in a part
// read in place (this thread's own, or a peer's on one machine with no emulated network) is that memory
// itself; any other run is copied now into a private buffer, the elements in place copied directly and the
// rest fetched with one transfer per owner thread: one bulk get when the owner's elements are contiguous both
// in its memory and in the run (a block of a blocked array, a band's halo row: then found from the run's
// ends, without a walk over its elements), else one vector get. A copy holds the elements as they were when
// the run was read, as a download does; it lives until the tile ends, and a put to one of its elements in the
// same tile is an error (the copy would not see it: runs are for arrays a tile only reads). A run kept
// until close() (run_lifetime::until_close, for an array no tile of the loop writes) lives across tiles: a
// later run inside it is read from it with no transfer, and a put to one of its elements in any tile is
// an error.
#include <cstring>
#include <memory>
#include <utility>
#include <vector>

#include "pgas/detail/cache_core.hpp"

namespace pgas::detail {

// Whether the run is `count` elements one after the other from `at` in one part read in place: all in one
// block (or an indefinite layout), elements not spread apart by a struct's other members, and aligned.
bool cache_core::contiguous_in_place(std::size_t first, std::size_t count, const where &at) const {
  return in_place_[static_cast<std::size_t>(at.thread)] != nullptr && contiguous(first, count);
}

// Whether the run is `count` elements one after the other in its owner's memory: all in one block (or an
// indefinite layout), elements not spread apart by a struct's other members, and aligned.
bool cache_core::contiguous(std::size_t first, std::size_t count) const {
  if (g_.stride != g_.elem_size || g_.byte_skew != 0) return false;
  if (g_.block == 0) return true;
  const layout::Position p = layout::place(g_.base + first, g_.block, by_block_, by_threads_, g_.owner);
  return static_cast<std::size_t>(p.phase) + count <= g_.block;
}

const void *cache_core::run(std::size_t first, std::size_t count, bool until_close, std::size_t stride) {
  if (phase_ != phase::idle) require_ready("run");  // before the tile's download too, or after it
  if (stride == 0 || (until_close && stride != 1))
    misuse("run", "a strided run has a stride of 1 or more and lasts one tile");
  if (first > g_.count || (count != 0 && (first == g_.count || count - 1 > (g_.count - 1 - first) / stride)))
    misuse("run", "the run reaches past the cached object");
  static const char kNothing = 0;
  if (count == 0) return &kNothing;
  const where at = locate(first);
  if (stride == 1 && contiguous_in_place(first, count, at)) {
    (at.thread == mythread_ ? stats_.local : stats_.direct) += count;
    return in_place_[static_cast<std::size_t>(at.thread)] + at.offset;
  }
  for (const copied_run &r : kept_runs_)  // read once and kept: no transfer
    if (until_close && first - r.first < r.count && count <= r.count - (first - r.first)) {
      stats_.hits += count;
      return r.bytes.get() + (first - r.first) * g_.elem_size;
    }
  const std::size_t size = g_.elem_size;
  std::unique_ptr<char[]> bytes(new char[count * size]);
  const auto keep = [&] {
    const char *data = bytes.get();
    (until_close ? kept_runs_ : copied_runs_).push_back({first, count, std::move(bytes), stride});
    return data;
  };
  if (stride == 1 &&
      contiguous(first, count)) {  // all one peer's (a halo row): one bulk get, no walk over the elements
    remote_sync(remote_get_nb(g_.handle, at.thread, at.offset, bytes.get(), count * size));
    ++stats_.transport_calls;
    stats_.elems_fetched += count;
    stats_.bytes_fetched += count * size;
    return keep();
  }
  // The elements not in place, by owner: their offsets there and their positions in the run.
  std::vector<std::vector<std::size_t>> offsets(static_cast<std::size_t>(threads_)),
      positions(static_cast<std::size_t>(threads_));
  for (std::size_t k = 0; k < count; ++k) {
    const where w = locate(first + k * stride);
    if (const char *base = in_place_[static_cast<std::size_t>(w.thread)]) {
      std::memcpy(bytes.get() + k * size, base + w.offset, size);
      count_in_place(w.thread);
    } else {
      offsets[static_cast<std::size_t>(w.thread)].push_back(w.offset);
      positions[static_cast<std::size_t>(w.thread)].push_back(k);
    }
  }
  std::vector<std::vector<char>> gathered(static_cast<std::size_t>(threads_));
  for (std::size_t t = 0; t < offsets.size(); ++t) {
    const std::vector<std::size_t> &off = offsets[t], &pos = positions[t];
    const std::size_t n = off.size();
    if (n == 0) continue;
    const bool dense = g_.stride == size && off.back() - off.front() == (n - 1) * size &&
                       pos.back() - pos.front() == n - 1;  // both increase with k, one element apart
    if (dense) {
      tokens_[t] = remote_get_nb(g_.handle, static_cast<int>(t), off.front(),
                                 bytes.get() + pos.front() * size, n * size);
    } else {
      gathered[t].resize(n * size);
      tokens_[t] = remote_getv_nb(g_.handle, static_cast<int>(t), off.data(), n, size, gathered[t].data());
    }
    ++stats_.transport_calls;
    stats_.elems_fetched += n;
    stats_.bytes_fetched += n * size;
  }
  for (std::size_t t = 0; t < offsets.size(); ++t) {
    if (offsets[t].empty()) continue;
    remote_sync(std::exchange(tokens_[t], 0));
    for (std::size_t k = 0; k < gathered[t].size() / size; ++k)
      std::memcpy(bytes.get() + positions[t][k] * size, gathered[t].data() + k * size, size);
  }
  return keep();
}

void cache_core::refuse_put_in_run(std::size_t index) const {
  for (const copied_run &r : copied_runs_)
    if (r.holds(index))
      misuse("put", "the element is in a run read in this tile (runs are for elements the tile only reads)");
  for (const copied_run &r : kept_runs_)
    if (index - r.first < r.count)
      misuse("put", "the element is in a run kept until close (runs are for elements the loop only reads)");
}

void cache_core::release_runs() { copied_runs_.clear(); }  // the next tile's runs reuse the vector

void cache_core::release_kept_runs() { std::vector<copied_run>().swap(kept_runs_); }

}  // namespace pgas::detail
