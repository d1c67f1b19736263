#include "coll2/combine.hpp"

#include <algorithm>
#include <cstring>
#include <numeric>
#include <utility>

#include "coll2/datatypes.hpp"

namespace pgas::rt::coll2 {
namespace {

constexpr std::uint64_t kChunkBytes = 16 * 1024;

// Elements per chunk of type `size`: whole units (element_unit), about kChunkBytes.
std::uint64_t chunk_elements(std::uint64_t size) {
  const std::uint64_t unit = element_unit(size);
  return std::max(unit, kChunkBytes / size / unit * unit);
}

}  // namespace

std::uint64_t element_unit(std::uint64_t type_size) { return 64 / std::gcd<std::uint64_t>(64, type_size); }

void combine_into(const std::vector<Located> &sources, upccoll_dtype_t dt, upccoll_op_t op,
                  std::uint64_t first, std::uint64_t end, pgas::detail::gaddr to, std::byte *local) {
  const std::size_t n = sources.size();
  const std::uint64_t size = type_size(dt), chunk = chunk_elements(size);
  static std::vector<unsigned char> values;  // a UPC thread is a process: kept between calls
  values.resize(n * std::min(chunk, end - first) * size);
  for (std::uint64_t e = first; e < end; e += chunk) {
    const std::uint64_t elements = std::min(chunk, end - e), bytes = elements * size, at = (e - first) * size;
    for (std::size_t k = 0; k < n; ++k)
      pgas::detail::memget(values.data() + k * bytes,
                           {sources[k].at.handle, sources[k].at.thread, sources[k].at.offset + e * size},
                           bytes);
    // In rank order: the last contribution is the first inout, then x_k op (x_k+1 op ... op x_last).
    unsigned char *result = values.data() + (n - 1) * bytes;
    for (std::size_t k = n - 1; k-- > 0;) apply(op, dt, values.data() + k * bytes, result, elements);
    if (local != nullptr)
      std::memcpy(local + at, result, bytes);
    else
      pgas::detail::memput({to.handle, to.thread, to.offset + at}, result, bytes);
  }
}

void prefix_into(const std::vector<Located> &sources, upccoll_dtype_t dt, upccoll_op_t op,
                 std::uint64_t first, std::uint64_t end, const std::vector<pgas::detail::gaddr> &prefixes) {
  const std::uint64_t size = type_size(dt), chunk = chunk_elements(size);
  static std::vector<unsigned char> values;  // the running prefix and the next source's chunk
  values.resize(2 * std::min(chunk, end - first) * size);
  for (std::uint64_t e = first; e < end; e += chunk) {
    const std::uint64_t elements = std::min(chunk, end - e), bytes = elements * size, at = (e - first) * size;
    unsigned char *prefix = values.data(), *next = values.data() + bytes;
    for (std::size_t k = 0; k < sources.size(); ++k) {
      const pgas::detail::gaddr from = sources[k].at;
      pgas::detail::memget(k == 0 ? prefix : next, {from.handle, from.thread, from.offset + e * size}, bytes);
      if (k > 0) {  // next = (x_0 op ... op x_k-1) op x_k
        apply(op, dt, prefix, next, elements);
        std::swap(prefix, next);
      }
      pgas::detail::memput({prefixes[k].handle, prefixes[k].thread, prefixes[k].offset + at}, prefix, bytes);
    }
  }
}

}  // namespace pgas::rt::coll2
