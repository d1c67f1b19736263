// Runs: a tile reads consecutive indices [first, first + count) as one dense array, instead of one get()
// per element (or a strided run, first + k * stride, always copied). A run that lies contiguously in a part
// read in place (this thread's own, or a peer's on one machine with no emulated network) is that memory
// itself; any other run is copied now into a private buffer, the elements in place copied directly and the
// rest fetched with one transfer per owner thread: one bulk get when the owner's elements are contiguous both
// in its memory and in the run (a block of a blocked array, a band's halo row: then found from the run's
// ends, without a walk over its elements); one bulk get of each owner's share, spread block by block over
// the run, for a run of a block-cyclic array (found from each owner's first block); else, for a strided
// run (or a struct member's), one bulk get when the owner's elements are adjacent in its memory, or one
// vector get. A copy holds the elements as they were when the run was read, as a download does; it lives
// until the tile ends, and a put to one of its elements in the same tile is an error (the copy would not
// see it: runs are for arrays a tile only reads). A run kept until close() (run_lifetime::until_close, for
// an array no tile of the loop writes) lives across tiles: a later run inside it is read from it with no
// transfer, and a put to one of its elements in any tile is an error.
#include <algorithm>
#include <cstring>
#include <memory>
#include <utility>
#include <vector>

#include "copy_element.hpp"
#include "pgas/detail/cache_core.hpp"

namespace pgas::detail {

namespace {
// `n` elements of `size` bytes from `from`, the k-th to `to + k * step`.
template <std::size_t Size>
void spread_fixed(char *to, std::size_t step, const char *from, std::size_t n) {
  for (std::size_t k = 0; k < n; ++k, to += step, from += Size) std::memcpy(to, from, Size);
}
void spread(char *to, std::size_t step, const char *from, std::size_t n, std::size_t size) {
  switch (size) {
    case 8:
      return spread_fixed<8>(to, step, from, n);
    case 4:
      return spread_fixed<4>(to, step, from, n);
    default:
      for (std::size_t k = 0; k < n; ++k, to += step, from += size) std::memcpy(to, from, size);
  }
}
}  // namespace

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
  if (stride == 1 && g_.block != 0 && g_.stride == size && g_.byte_skew == 0) {
    read_by_blocks(first, count, bytes.get());
    return keep();
  }
  // The elements not in place, by owner: their offsets there and their positions in the run.
  std::vector<std::vector<std::size_t>> offsets(static_cast<std::size_t>(threads_)),
      positions(static_cast<std::size_t>(threads_));
  for (std::size_t t = 0; count > 2 * offsets.size() && t < offsets.size(); ++t) {  // each owner's share
    offsets[t].reserve(count / offsets.size() + 1);
    positions[t].reserve(count / offsets.size() + 1);
  }
  for (std::size_t k = 0; k < count; ++k) {
    const where w = locate(first + k * stride);
    if (const char *base = in_place_[static_cast<std::size_t>(w.thread)]) {
      copy_element(bytes.get() + k * size, base + w.offset, size);
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
    // Both increase with k; elements one after the other in the owner's memory (a cyclic array's part)
    // are one bulk get, straight into the run when they are also adjacent there, else gathered and spread.
    const bool dense = g_.stride == size && off.back() - off.front() == (n - 1) * size;
    if (dense && pos.back() - pos.front() == n - 1) {
      tokens_[t] = remote_get_nb(g_.handle, static_cast<int>(t), off.front(),
                                 bytes.get() + pos.front() * size, n * size);
    } else if (dense) {
      gathered[t].resize(n * size);
      tokens_[t] = remote_get_nb(g_.handle, static_cast<int>(t), off.front(), gathered[t].data(), n * size);
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
      copy_element(bytes.get() + positions[t][k] * size, gathered[t].data() + k * size, size);
  }
  return keep();
}

// A run over several owners of a block-cyclic array whose elements lie one after the other: the run's
// blocks go round the threads, so each owner's share is one range of its memory (read in place, or with one
// bulk get) whose blocks land every THREADS blocks of the run. Found from the first block of each owner,
// without a walk over the elements.
void cache_core::read_by_blocks(std::size_t first, std::size_t count, char *to) {
  const std::size_t size = g_.elem_size, block = g_.block, threads = static_cast<std::size_t>(threads_);
  const std::size_t head = block - (g_.base + first) % block;  // the first block's elements in the run
  // Block s of the run starts at position start(s) and holds length(s) elements.
  const auto start = [&](std::size_t s) { return s == 0 ? 0 : head + (s - 1) * block; };
  const auto length = [&](std::size_t s) {
    return std::min(count, start(s) + (s == 0 ? head : block)) - start(s);
  };
  const std::size_t blocks = count <= head ? 1 : 1 + (count - head + block - 1) / block;
  std::vector<std::vector<char>> gathered(threads);
  std::vector<where> at(std::min(blocks, threads));
  for (std::size_t s = 0; s < at.size(); ++s) {  // owner s's blocks: s, s + THREADS, ...
    at[s] = locate(first + start(s));
    std::size_t n = block == 1 ? (blocks - 1 - s) / threads + 1 : 0;
    for (std::size_t b = s; block != 1 && b < blocks; b += threads) n += length(b);
    const auto t = static_cast<std::size_t>(at[s].thread);
    if (in_place_[t] != nullptr) {
      (at[s].thread == mythread_ ? stats_.local : stats_.direct) += n;
      continue;
    }
    gathered[t].resize(n * size);
    tokens_[t] = remote_get_nb(g_.handle, at[s].thread, at[s].offset, gathered[t].data(), n * size);
    ++stats_.transport_calls;
    stats_.elems_fetched += n;
    stats_.bytes_fetched += n * size;
  }
  for (std::size_t s = 0; s < at.size(); ++s) {
    const auto t = static_cast<std::size_t>(at[s].thread);
    const char *from = in_place_[t] != nullptr ? in_place_[t] + at[s].offset : nullptr;
    if (from == nullptr) {
      remote_sync(std::exchange(tokens_[t], 0));
      from = gathered[t].data();
    }
    if (block == 1) {  // cyclic: one element every THREADS
      spread(to + s * size, threads * size, from, (blocks - 1 - s) / threads + 1, size);
      continue;
    }
    for (std::size_t b = s, at_run = start(s); b < blocks; b += threads) {
      const std::size_t n = std::min(count - at_run, b == 0 ? head : block);
      std::memcpy(to + at_run * size, from, n * size);
      from += n * size;
      at_run = (b == 0 ? head : at_run + block) + (threads - 1) * block;  // start(b + THREADS)
    }
  }
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
