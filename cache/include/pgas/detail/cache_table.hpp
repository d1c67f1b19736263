// The per-cache hash table: global index -> entry, open addressing with linear probing, fully associative,
// never more than `capacity` entries and no removal (a tile ends with clear()).
#pragma once

#include <algorithm>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "pgas/detail/fixed_vector.hpp"

namespace pgas::detail {

class cache_table {
 public:
  static constexpr std::uint32_t kNone = UINT32_MAX;
  // Entry states (bits).
  static constexpr std::uint8_t kHinted = 1;  // hinted: valid once a download has fetched it
  static constexpr std::uint8_t kValid = 2;   // its value holds the element (fetched, or written under ANY)
  static constexpr std::uint8_t kDirty = 4;   // written in this tile

  explicit cache_table(std::size_t capacity)
      : bits_(std::bit_width(std::max<std::size_t>(2 * capacity, 2) - 1)),
        mask_((std::size_t{1} << bits_) - 1),
        slots_(mask_ + 1),
        used_(capacity) {}

  std::uint32_t find(std::size_t key) const {
    for (std::size_t s = home(key);; s = (s + 1) & mask()) {
      if (slots_[s].key == key) return static_cast<std::uint32_t>(s);
      if (slots_[s].key == kEmpty) return kNone;
    }
  }
  // The slot of `key`, added with state 0 if absent and there is room (inserted = true); kNone when full.
  std::uint32_t insert(std::size_t key, bool &inserted) {
    inserted = false;
    std::size_t s = home(key);
    for (; slots_[s].key != kEmpty; s = (s + 1) & mask())
      if (slots_[s].key == key) return static_cast<std::uint32_t>(s);
    if (used_.full()) return kNone;
    slots_[s].key = key;
    slots_[s].state = 0;
    used_.push_back(static_cast<std::uint32_t>(s));
    inserted = true;
    return static_cast<std::uint32_t>(s);
  }

  std::size_t key(std::uint32_t slot) const { return slots_[slot].key; }
  std::uint8_t &state(std::uint32_t slot) { return slots_[slot].state; }
  std::uint32_t &value(std::uint32_t slot) { return slots_[slot].value; }
  const fixed_vector<std::uint32_t> &used() const { return used_; }

  void clear() {
    for (std::uint32_t s : used_) slots_[s].key = kEmpty;
    used_.clear();
  }
  std::size_t memory_bytes() const {
    return slots_.capacity() * sizeof(slot) + used_.capacity() * sizeof(std::uint32_t);
  }

 private:
  static constexpr std::size_t kEmpty = SIZE_MAX;
  // One cache line holds a probe's whole entry.
  struct slot {
    std::size_t key = kEmpty;
    std::uint32_t value = 0;  // position in the cache's value array, in order of insertion
    std::uint8_t state = 0;
  };
  std::size_t mask() const { return mask_; }
  // Fibonacci hashing: consecutive and strided indices spread over the table.
  std::size_t home(std::size_t key) const { return (key * 0x9E3779B97F4A7C15ull) >> (64 - bits_); }

  int bits_;
  std::size_t mask_;
  std::vector<slot> slots_;
  fixed_vector<std::uint32_t> used_;  // the occupied slots, for clear() and uploads
};

}  // namespace pgas::detail
