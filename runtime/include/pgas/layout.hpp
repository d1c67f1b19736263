// UPC data layout, as pure functions of (blocking factor, THREADS): where element i of a shared array
// lives, and how a pointer-to-shared moves. Block 0 means indefinite (every element on one thread).
#pragma once

#include <cstddef>
#include <cstdint>

#include "pgas/detail/fast_divisor.hpp"

namespace pgas::layout {

// A position in a shared array: the owning thread, the phase (position inside its block) and the element's
// index inside that thread's part (its local index).
struct Position {
  std::int64_t thread;
  std::int64_t phase;
  std::int64_t local;
};

constexpr bool operator==(const Position &a, const Position &b) {
  return a.thread == b.thread && a.phase == b.phase && a.local == b.local;
}

// Floor division and modulo, for pointer arithmetic that steps backwards.
constexpr std::int64_t floor_div(std::int64_t a, std::int64_t b) {
  return a / b - ((a % b != 0) && ((a < 0) != (b < 0)));
}
constexpr std::int64_t floor_mod(std::int64_t a, std::int64_t b) { return a - floor_div(a, b) * b; }

// Element i of an array with blocking factor `block` over `threads` threads (owner: thread of block 0).
constexpr Position place(std::uint64_t i, std::uint64_t block, std::uint64_t threads,
                         std::int64_t owner = 0) {
  if (block == 0) return {owner, 0, static_cast<std::int64_t>(i)};
  if (block == 1) return {static_cast<std::int64_t>(i % threads), 0, static_cast<std::int64_t>(i / threads)};
  std::uint64_t b = i / block, phase = i % block;
  return {static_cast<std::int64_t>(b % threads), static_cast<std::int64_t>(phase),
          static_cast<std::int64_t>((b / threads) * block + phase)};
}

// place() with precomputed divisors of the blocking factor and THREADS: what shared_array's element access
// uses, so that locating an element needs multiplications only.
inline Position place(std::uint64_t i, std::uint64_t block, const detail::fast_divisor &by_block,
                      const detail::fast_divisor &by_threads, std::int64_t owner = 0) {
  if (block == 0) return {owner, 0, static_cast<std::int64_t>(i)};
  if (block == 1) {
    auto [round, thread] = by_threads.divide(i);
    return {static_cast<std::int64_t>(thread), 0, static_cast<std::int64_t>(round)};
  }
  auto [b, phase] = by_block.divide(i);
  auto [round, thread] = by_threads.divide(b);
  return {static_cast<std::int64_t>(thread), static_cast<std::int64_t>(phase),
          static_cast<std::int64_t>(round * block + phase)};
}

// How many of n elements have affinity to `thread`: the length of its local part.
constexpr std::uint64_t local_count(std::uint64_t n, std::uint64_t block, std::uint64_t threads,
                                    std::uint64_t thread, std::int64_t owner = 0) {
  if (block == 0) return static_cast<std::int64_t>(thread) == owner ? n : 0;
  std::uint64_t full_blocks = n / block, rest = n % block;
  std::uint64_t mine = (full_blocks / threads + (thread < full_blocks % threads ? 1 : 0)) * block;
  return mine + (full_blocks % threads == thread ? rest : 0);
}

// Inverse of place(): the global index of a position.
constexpr std::int64_t global_index(const Position &p, std::uint64_t block, std::uint64_t threads) {
  if (block == 0) return p.local;
  auto block_size = static_cast<std::int64_t>(block), thread_count = static_cast<std::int64_t>(threads);
  std::int64_t local_block = floor_div(p.local - p.phase, block_size);
  return (local_block * thread_count + p.thread) * block_size + p.phase;
}

// UPC pointer arithmetic: the position `delta` elements after p (UPC 1.2 section 6.4.2).
constexpr Position advance(const Position &p, std::int64_t delta, std::uint64_t block,
                           std::uint64_t threads) {
  if (block == 0) return {p.thread, 0, p.local + delta};
  auto block_size = static_cast<std::int64_t>(block), thread_count = static_cast<std::int64_t>(threads);
  if (block == 1) {  // cyclic, the default: one division
    std::int64_t thread_steps = p.thread + delta;
    return {floor_mod(thread_steps, thread_count), 0, p.local + floor_div(thread_steps, thread_count)};
  }
  std::int64_t steps = floor_div(p.phase + delta, block_size);  // blocks crossed, counting thread by thread
  std::int64_t phase = floor_mod(p.phase + delta, block_size);
  std::int64_t thread_steps = p.thread + steps;
  std::int64_t rounds = floor_div(thread_steps, thread_count);  // full rounds over all threads
  return {floor_mod(thread_steps, thread_count), phase, p.local + rounds * block_size + (phase - p.phase)};
}

// advance() forwards, with THREADS's divisor precomputed: what pointer-to-shared indexing uses, so that
// p[i] on a cyclic pointer needs multiplications only (and a constant blocking factor none at all).
inline Position advance(const Position &p, std::uint64_t delta, std::uint64_t block,
                        const detail::fast_divisor &by_threads) {
  if (block == 0) return {p.thread, 0, p.local + static_cast<std::int64_t>(delta)};
  std::uint64_t at = static_cast<std::uint64_t>(p.phase) + delta;
  std::uint64_t steps = block == 1 ? at : at / block, phase = block == 1 ? 0 : at % block;
  auto [rounds, thread] = by_threads.divide(static_cast<std::uint64_t>(p.thread) + steps);
  return {static_cast<std::int64_t>(thread), static_cast<std::int64_t>(phase),
          p.local + static_cast<std::int64_t>(rounds * block) + (static_cast<std::int64_t>(phase) - p.phase)};
}

// a - b in elements, for positions in the same array.
constexpr std::int64_t distance(const Position &a, const Position &b, std::uint64_t block,
                                std::uint64_t threads) {
  return global_index(a, block, threads) - global_index(b, block, threads);
}

}  // namespace pgas::layout
