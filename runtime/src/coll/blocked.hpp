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

// Whether this thread holds any of the runs.
inline bool holds_any(const std::vector<Run> &pieces) {
  return std::any_of(pieces.begin(), pieces.end(),
                     [](const Run &r) { return r.at.thread == g_runtime.mythread; });
}

}  // namespace pgas::rt::coll
