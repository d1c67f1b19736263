// First-fit allocation of byte ranges inside a segment, for the shared heaps. Not thread-safe: callers
// hold the control block's heap mutex.
#pragma once

#include <cstdint>
#include <optional>

#include "control.hpp"

namespace pgas::rt {

inline constexpr std::uint64_t kAllocAlignment = 64;  // cache line: no false sharing between objects

void range_init(RangeAllocator &a, std::uint64_t begin, std::uint64_t end);

// Reserves `size` bytes (rounded up to kAllocAlignment); nullopt when no free range is large enough.
std::optional<std::uint64_t> range_alloc(RangeAllocator &a, std::uint64_t size);

// Returns a range obtained from range_alloc with the same size. False if it overlaps free space or lies
// outside the allocator (a double free or a corrupted size).
bool range_free(RangeAllocator &a, std::uint64_t offset, std::uint64_t size);

// Largest free range, for "heap exhausted" messages.
std::uint64_t range_largest_free(const RangeAllocator &a);

}  // namespace pgas::rt
