// A `shared [block] T *` view of a pointer-to-shared for the computational collectives: element i of n
// (of elem_size bytes) lives where UPC pointer arithmetic from the pointer puts it; runs() lists the
// contiguous pieces (at most a block each), in element order.
#pragma once

#include <algorithm>
#include <cstddef>
#include <vector>

#include "coll/engine.hpp"
#include "pgas/layout.hpp"
#include "runtime.hpp"

namespace pgas::rt::coll {

struct Run {
  std::size_t first;  // index of its first element
  std::size_t count;
  detail::gaddr at;
};

inline std::vector<Run> runs(const detail::gaddr &start, std::size_t n, std::size_t block,
                             std::size_t elem_size) {
  std::vector<Run> out;
  const auto threads = static_cast<std::uint64_t>(g_runtime.threads);
  for (std::size_t i = 0; i < n;) {
    const layout::Position p =
        layout::advance({start.thread, 0, 0}, static_cast<std::int64_t>(i), block, threads);
    const std::size_t count = block == 0 ? n - i : std::min(block - static_cast<std::size_t>(p.phase), n - i);
    out.push_back({i,
                   count,
                   {start.handle, static_cast<int>(p.thread),
                    start.offset + static_cast<std::size_t>(p.local) * elem_size}});
    i += count;
  }
  return out;
}

// The elements [b, e) of the view from `start` (blocks of `block` elements; 0: one indefinite block on
// start's thread) that `thread` holds: on a thread they are contiguous, elements first .. first + count - 1
// of its part from start's offset. O(1): for large views of small blocks, where a list of runs is as long as
// the view (a reduction of a cyclic array: one run per element).
struct Held {
  std::size_t first = 0, count = 0;
};

// Where element i of the view lives: its thread and its index in that thread's part.
struct Place {
  int thread;
  std::size_t local;
};
inline Place place_of(int start_thread, std::size_t block, std::size_t i) {
  if (block == 0) return {start_thread, i};
  const auto threads = static_cast<std::size_t>(g_runtime.threads);
  const std::size_t g = static_cast<std::size_t>(start_thread) + i / block;  // blocks from thread 0's first
  return {static_cast<int>(g % threads), g / threads * block + i % block};
}

inline Held held(int start_thread, std::size_t block, int thread, std::size_t b, std::size_t e) {
  if (b >= e) return {};
  if (block == 0) return thread == start_thread ? Held{b, e - b} : Held{};
  const auto threads = static_cast<std::size_t>(g_runtime.threads), t = static_cast<std::size_t>(thread),
             s = static_cast<std::size_t>(start_thread);
  // The thread's first block at or after b's, and its last block at or before e - 1's.
  const std::size_t first_block = b / block + (t + threads - (s + b / block) % threads) % threads;
  const std::size_t f = std::max(b, first_block * block);
  if (f >= e) return {};
  const std::size_t last_block = (e - 1) / block - ((s + (e - 1) / block) % threads + threads - t) % threads;
  const std::size_t l = std::min(e - 1, last_block * block + block - 1);
  const std::size_t first = place_of(start_thread, block, f).local;
  return {first, place_of(start_thread, block, l).local - first + 1};
}

// The pieces of elements [b, e) of the view in element order, each at most a block on one thread; next()
// advances without a division. On a thread, the pieces of a range follow one another in its part, so a
// reader of packed pieces keeps a position per thread. Two views of the same block size whose starts have
// phase 0 (as every reduction's) cut a range at the same elements, on threads a fixed distance apart.
class Pieces {
 public:
  Pieces(int start_thread, std::size_t block, std::size_t b, std::size_t e)
      : block_(block == 0 ? e - b : block),
        i_(b),
        e_(e),
        thread_(place_of(start_thread, block, b).thread),
        indefinite_(block == 0),
        phase_(block == 0 ? 0 : b % block) {}
  // The next piece: its thread and its number of elements; false when the range is done.
  bool next(int *thread, std::size_t *count) {
    if (i_ >= e_) return false;
    *thread = thread_;
    *count = std::min(block_ - phase_, e_ - i_);
    i_ += *count;
    phase_ = 0;
    if (!indefinite_ && ++thread_ == g_runtime.threads) thread_ = 0;
    return true;
  }

 private:
  std::size_t block_, i_, e_;
  int thread_;
  bool indefinite_;
  std::size_t phase_;
};

// Checks every run against its object (Call::fail names `what` when one overflows).
inline void check_runs(const Call &call, const char *what, const std::vector<Run> &pieces,
                       std::size_t elem_size) {
  for (const Run &r : pieces) check_extent(call, what, r.at, r.count * elem_size);
}

// Moves reading every run into buf (element i at buf + i * elem_size), each touching its owner.
inline std::vector<Move> reads_into(const std::vector<Run> &pieces, std::size_t elem_size, void *buf) {
  std::vector<Move> moves;
  for (const Run &r : pieces)
    moves.push_back({.peer = r.at.thread,
                     .bytes = r.count * elem_size,
                     .src = r.at,
                     .to = static_cast<char *>(buf) + r.first * elem_size});
  return moves;
}

// The parts of the runs that hold elements [begin, end).
inline std::vector<Run> clip(const std::vector<Run> &pieces, std::size_t begin, std::size_t end,
                             std::size_t elem_size) {
  std::vector<Run> out;
  for (const Run &r : pieces) {
    const std::size_t from = std::max(r.first, begin), to = std::min(r.first + r.count, end);
    if (from >= to) continue;
    detail::gaddr at = r.at;
    at.offset += (from - r.first) * elem_size;
    out.push_back({from, to - from, at});
  }
  return out;
}

// Elements [chunk_begin(k, n), chunk_begin(k + 1, n)) of n are thread k's contiguous chunk.
inline std::size_t chunk_begin(int k, std::size_t n) {
  return n * static_cast<std::size_t>(k) / static_cast<std::size_t>(g_runtime.threads);
}

// The parts of the runs that hold thread k's chunk of the n elements.
inline std::vector<Run> chunk(const std::vector<Run> &pieces, int k, std::size_t n, std::size_t elem_size) {
  return clip(pieces, chunk_begin(k, n), chunk_begin(k + 1, n), elem_size);
}

// The runs thread `thread` holds.
inline std::vector<Run> held_by(const std::vector<Run> &pieces, int thread) {
  std::vector<Run> out;
  for (const Run &r : pieces)
    if (r.at.thread == thread) out.push_back(r);
  return out;
}

// Moves reading the runs into buf (`read`) or writing them from it, the runs' elements one after another
// in the runs' order, each touching its owner.
inline std::vector<Move> packed_moves(const std::vector<Run> &pieces, std::size_t elem_size, void *buf,
                                      bool read) {
  std::vector<Move> moves;
  char *at = static_cast<char *>(buf);
  for (const Run &r : pieces) {
    Move m{.peer = r.at.thread, .bytes = r.count * elem_size};
    if (read)
      m.src = r.at, m.to = at;
    else
      m.dst = r.at, m.from = at;
    moves.push_back(m);
    at += m.bytes;
  }
  return moves;
}

inline std::size_t elements(const std::vector<Run> &pieces) {
  std::size_t n = 0;
  for (const Run &r : pieces) n += r.count;
  return n;
}

// Whether this thread holds any of the runs.
inline bool holds_any(const std::vector<Run> &pieces) {
  return std::any_of(pieces.begin(), pieces.end(),
                     [](const Run &r) { return r.at.thread == g_runtime.mythread; });
}

}  // namespace pgas::rt::coll
