// Copies between shared memory and a private buffer in which a naturally aligned access of 1, 2, 4 or 8
// bytes is one load or one store of that width. UPC 1.3's memory model treats such a scalar as one
// object: a variable-size copy (glibc's memcpy moves 8 bytes as two overlapping 8-byte stores) writes
// it twice, and a write of another thread that lands between the two is lost, which breaks the ordinary
// strict-flag handshake. Every conduit and the dialect's local paths read and write shared memory
// through these.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <type_traits>

namespace pgas::detail {

// True if an access of `size` bytes at `address` (or at an offset from a base aligned to 8 bytes) is one
// access of that width.
inline bool is_whole_access(std::uintptr_t address, std::size_t size) {
  return (size == 1 || size == 2 || size == 4 || size == 8) && address % size == 0;
}
inline bool is_whole_access(const void *shared, std::size_t size) {
  return is_whole_access(reinterpret_cast<std::uintptr_t>(shared), size);
}

namespace whole {
template <class Word>
inline void load(void *dst, const void *shared) {
  const Word word = __atomic_load_n(static_cast<const Word *>(shared), __ATOMIC_RELAXED);
  std::memcpy(dst, &word, sizeof word);
}
template <class Word>
inline void store(void *shared, const void *src) {
  Word word;
  std::memcpy(&word, src, sizeof word);
  __atomic_store_n(static_cast<Word *>(shared), word, __ATOMIC_RELAXED);
}
struct Bytes {};  // not a whole access: any copy will do
// Calls access(Word{}) with the unsigned integer of the access's width, or access(Bytes{}).
template <class Access>
inline void by_width(const void *shared, std::size_t size, Access access) {
  switch (is_whole_access(shared, size) ? size : 0) {
    case 1:
      return access(std::uint8_t{});
    case 2:
      return access(std::uint16_t{});
    case 4:
      return access(std::uint32_t{});
    case 8:
      return access(std::uint64_t{});
    default:
      return access(Bytes{});
  }
}
}  // namespace whole

// Reads `size` bytes of shared memory at `shared` into `dst`.
inline void load_shared(void *dst, const void *shared, std::size_t size) {
  whole::by_width(shared, size, [&](auto word) {
    if constexpr (std::is_same_v<decltype(word), whole::Bytes>)
      std::memcpy(dst, shared, size);
    else
      whole::load<decltype(word)>(dst, shared);
  });
}

// Writes `size` bytes from `src` to shared memory at `shared`.
inline void store_shared(void *shared, const void *src, std::size_t size) {
  whole::by_width(shared, size, [&](auto word) {
    if constexpr (std::is_same_v<decltype(word), whole::Bytes>)
      std::memcpy(shared, src, size);
    else
      whole::store<decltype(word)>(shared, src);
  });
}

}  // namespace pgas::detail
