#include "range_allocator.hpp"

#include <algorithm>

namespace pgas::rt {
namespace {

std::uint64_t round_up(std::uint64_t size) {
  return (size + kAllocAlignment - 1) / kAllocAlignment * kAllocAlignment;
}

void erase_at(RangeAllocator &a, std::uint32_t i) {
  std::copy(a.free_ranges + i + 1, a.free_ranges + a.count, a.free_ranges + i);
  --a.count;
}

}  // namespace

void range_init(RangeAllocator &a, std::uint64_t begin, std::uint64_t end) {
  a.begin = begin;
  a.end = end;
  a.count = end > begin ? 1 : 0;
  a.free_ranges[0] = {begin, end - begin};
}

std::optional<std::uint64_t> range_alloc(RangeAllocator &a, std::uint64_t size) {
  size = round_up(std::max<std::uint64_t>(size, 1));
  for (std::uint32_t i = 0; i < a.count; ++i) {
    auto &r = a.free_ranges[i];
    if (r.size < size) continue;
    std::uint64_t offset = r.offset;
    r.offset += size;
    r.size -= size;
    if (r.size == 0) erase_at(a, i);
    return offset;
  }
  return std::nullopt;
}

bool range_free(RangeAllocator &a, std::uint64_t offset, std::uint64_t size) {
  size = round_up(std::max<std::uint64_t>(size, 1));
  if (offset < a.begin || offset + size > a.end) return false;
  // Position of the first free range after the one being returned.
  std::uint32_t i = 0;
  while (i < a.count && a.free_ranges[i].offset < offset) ++i;
  bool overlaps_prev = i > 0 && a.free_ranges[i - 1].offset + a.free_ranges[i - 1].size > offset;
  bool overlaps_next = i < a.count && offset + size > a.free_ranges[i].offset;
  if (overlaps_prev || overlaps_next) return false;
  bool joins_prev = i > 0 && a.free_ranges[i - 1].offset + a.free_ranges[i - 1].size == offset;
  bool joins_next = i < a.count && offset + size == a.free_ranges[i].offset;
  if (joins_prev && joins_next) {
    a.free_ranges[i - 1].size += size + a.free_ranges[i].size;
    erase_at(a, i);
  } else if (joins_prev) {
    a.free_ranges[i - 1].size += size;
  } else if (joins_next) {
    a.free_ranges[i].offset = offset;
    a.free_ranges[i].size += size;
  } else {
    // A full list leaks the range rather than failing: only possible with extreme fragmentation.
    if (a.count == kMaxFreeRanges) return true;
    std::copy_backward(a.free_ranges + i, a.free_ranges + a.count, a.free_ranges + a.count + 1);
    a.free_ranges[i] = {offset, size};
    ++a.count;
  }
  return true;
}

std::uint64_t range_largest_free(const RangeAllocator &a) {
  std::uint64_t largest = 0;
  for (std::uint32_t i = 0; i < a.count; ++i) largest = std::max(largest, a.free_ranges[i].size);
  return largest;
}

}  // namespace pgas::rt
