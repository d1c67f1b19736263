// The reference model of UPC's data layout: a simulation that deals an array's blocks round-robin to the
// threads and lists each thread's elements in order, which is how the UPC specification defines the layout,
// with no index arithmetic. Tests compare pgas::layout and pointers-to-shared against it.
#pragma once

#include <cstdint>
#include <map>
#include <tuple>
#include <vector>

#include "pgas/layout.hpp"

namespace layout_model {

using pgas::layout::Position;

struct Dealt {
  std::vector<Position> where;                                        // by global index
  std::map<std::tuple<std::int64_t, std::int64_t>, std::int64_t> at;  // (thread, local) -> global index
};

// n elements with blocking factor `block` (0 = indefinite: all on thread 0) over `threads` threads.
inline Dealt deal(std::uint64_t n, std::uint64_t block, std::uint64_t threads) {
  Dealt d;
  std::vector<std::int64_t> next_local(threads, 0);
  std::uint64_t i = 0;
  for (std::uint64_t blk = 0; i < n; ++blk) {
    std::uint64_t thread = block == 0 ? 0 : blk % threads;
    std::uint64_t length = block == 0 ? n : block;
    for (std::uint64_t phase = 0; phase < length && i < n; ++phase, ++i) {
      Position p{static_cast<std::int64_t>(thread), block == 0 ? 0 : static_cast<std::int64_t>(phase),
                 next_local[thread]++};
      d.where.push_back(p);
      d.at[{p.thread, p.local}] = static_cast<std::int64_t>(i);
    }
  }
  return d;
}

}  // namespace layout_model
