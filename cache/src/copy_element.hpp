// One element's bytes copied with a fixed-size move for the usual sizes: the cache copies element by element
// (gets, scattered downloads, runs spread over their owners), where a call to memcpy costs more than the
// copy.
#pragma once

#include <cstddef>
#include <cstring>

namespace pgas::detail {

[[gnu::always_inline]] inline void copy_element(void *dst, const void *src, std::size_t size) {
  switch (size) {
    case 4:
      std::memcpy(dst, src, 4);
      return;
    case 8:
      std::memcpy(dst, src, 8);
      return;
    case 16:
      std::memcpy(dst, src, 16);
      return;
    default:
      std::memcpy(dst, src, size);
  }
}

}  // namespace pgas::detail
