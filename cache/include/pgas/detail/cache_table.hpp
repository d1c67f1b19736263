// The per-cache hash table: global index -> entry, open addressing with linear probing, fully associative,
// never more than `capacity` entries and no removal (a tile ends with clear()). It starts small and doubles
// while more than half full, up to twice the capacity: a cache sized for a whole tile whose thread owns a
// few of its iterations (or opened for a short loop) neither clears nor faults in a large table.
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
      : max_bits_(std::bit_width(std::max<std::size_t>(2 * capacity, 2) - 1)), used_(capacity) {
    resize(std::min(max_bits_, kInitialBits));
  }

  std::uint32_t find(std::size_t key) const {
    for (std::size_t s = home(key);; s = (s + 1) & mask()) {
      if (slots_[s].key == key) return static_cast<std::uint32_t>(s);
      if (slots_[s].key == kEmpty) return kNone;
    }
  }
  // The slot of `key`, added with state 0 if absent and there is room (inserted = true); kNone when full.
  // Adding may move every entry to another slot: slots stay valid only until the next insert.
  std::uint32_t insert(std::size_t key, bool &inserted) {
    inserted = false;
    std::size_t s = home(key);
    for (; slots_[s].key != kEmpty; s = (s + 1) & mask())
      if (slots_[s].key == key) return static_cast<std::uint32_t>(s);
    if (used_.full()) return kNone;
    if (2 * (used_.size() + 1) > slots_.size() && bits_ < max_bits_) s = grow_then_probe(key);
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
  // The table as it is now (it may still double, up to memory_bound(capacity)).
  std::size_t memory_bytes() const {
    return slots_.capacity() * sizeof(slot) + used_.capacity() * sizeof(std::uint32_t);
  }

 private:
  static constexpr std::size_t kEmpty = SIZE_MAX;
  static constexpr int kInitialBits = 10;  // 1024 slots, 16 KiB
  // One cache line holds a probe's whole entry.
  struct slot {
    std::size_t key = kEmpty;
    std::uint32_t value = 0;  // position in the cache's value array, in order of insertion
    std::uint8_t state = 0;
  };
  std::size_t mask() const { return mask_; }
  // Fibonacci hashing: consecutive and strided indices spread over the table.
  std::size_t home(std::size_t key) const { return (key * 0x9E3779B97F4A7C15ull) >> (64 - bits_); }

  void resize(int bits) {
    bits_ = bits;
    mask_ = (std::size_t{1} << bits) - 1;
    slots_.assign(mask_ + 1, slot{});
  }
  // Doubles the table, moving every entry (in insertion order, so used() keeps its order), and returns the
  // empty slot where `key` goes.
  std::size_t grow_then_probe(std::size_t key) {
    std::vector<slot> old = std::move(slots_);
    resize(bits_ + 1);
    for (std::size_t k = 0; k < used_.size(); ++k) {
      const std::size_t s = empty_slot_for(old[used_[k]].key);
      slots_[s] = old[used_[k]];
      used_[k] = static_cast<std::uint32_t>(s);
    }
    return empty_slot_for(key);
  }
  // The first empty slot of `key`'s probe sequence (for a key known to be absent).
  std::size_t empty_slot_for(std::size_t key) const {
    std::size_t s = home(key);
    while (slots_[s].key != kEmpty) s = (s + 1) & mask();
    return s;
  }

  int max_bits_;
  int bits_ = 0;
  std::size_t mask_ = 0;
  std::vector<slot> slots_;
  fixed_vector<std::uint32_t> used_;  // the occupied slots, for clear() and uploads
};

}  // namespace pgas::detail
