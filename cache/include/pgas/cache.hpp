// pgas::cache<T>: the software cache of pgas/hpcstpf.h for a typed shared array or pointer-to-shared
// (semantics, tiles and the memory bound are described there).
//
// A tile of the paper's dot product (y read at 2i), with the chunk as the tile size:
//   pgas::cache<int> c(y, chunk);          // or cache<int> c(y, chunk, pgas::write_policy::sum)
//   for (i in the tile) c.hint(2 * i);
//   c.download();                          // start_download() + finish_download()
//   for (i in the tile) x[i] = x[i] * c.get(2 * i);
//   c.upload();                            // start_upload() + finish_upload(): ends the tile
// The destructor closes the cache.
#pragma once

#include <concepts>
#include <cstddef>
#include <type_traits>

#include "pgas/detail/cache_core.hpp"
#include "pgas/global_ptr.hpp"
#include "pgas/shared_array.hpp"
#include "pgas/vector.hpp"

namespace pgas {

enum class write_policy {
  any = HPCSTPF_ANY,
  priority = HPCSTPF_PRIORITY,
  min = HPCSTPF_MIN,
  max = HPCSTPF_MAX,
  sum = HPCSTPF_SUM
};

using cache_stats = hpcstpf_stats_t;

template <class T>
class cache {
  static_assert(std::is_trivially_copyable_v<T>, "cached element types must be trivially copyable");

 public:
  template <consistency C>
  cache(const shared_array<T, C> &array, std::size_t chunk, write_policy policy = write_policy::any)
      : core_({array.handle(), sizeof(T), array.block(), array.block() == 0 ? 0 : -1, 0, array.size()}, chunk,
              static_cast<hpcstpf_policy_t>(policy), type_code(), "pgas::cache::") {}

  // Index i is element p[i]; the object's layout bounds the valid indices.
  cache(global_ptr<T> p, std::size_t chunk, write_policy policy = write_policy::any)
      : core_(geometry_of(p), chunk, static_cast<hpcstpf_policy_t>(policy), type_code(), "pgas::cache::") {}

  ~cache() {
    if (!closed_) core_.close();
  }
  cache(const cache &) = delete;
  cache &operator=(const cache &) = delete;

  void hint(std::size_t i) { core_.hint(i); }
  // A hint that ignores an index outside the object: an inspector's guess, e.g. from a branch the loop body
  // may not take, never an error.
  template <std::integral I>
  void hint_speculative(I i) {
    if constexpr (std::is_signed_v<I>)
      if (i < 0) return;
    if (static_cast<std::make_unsigned_t<I>>(i) < core_.count()) core_.hint(static_cast<std::size_t>(i));
  }
  // The number of elements the cache indexes: valid indices are [0, size()).
  std::size_t size() const { return core_.count(); }
  // False when every element is accessed in place (pgas/hpcstpf.h): hints would change nothing, and a loop
  // that only hints can be skipped.
  bool wants_hints() const { return core_.wants_hints(); }
  void start_download() { core_.start_download(); }
  void finish_download() { core_.finish_download(); }
  void download() {
    start_download();
    finish_download();
  }
  T get(std::size_t i) {
    T v;
    if (!core_.try_get<sizeof(T)>(i, &v)) core_.get(i, &v);
    return v;
  }
  void put(std::size_t i, const T &v) { core_.put(i, &v); }
  void start_upload() { core_.start_upload(); }
  void finish_upload() { core_.finish_upload(); }
  void upload() {
    start_upload();
    finish_upload();
  }
  void close() {
    closed_ = true;
    core_.close();
  }

  const cache_stats &stats() const { return core_.stats(); }
  std::size_t memory_bytes() const { return core_.memory_bytes(); }
  std::size_t capacity() const { return core_.capacity(); }
  static std::size_t memory_bound(std::size_t chunk) { return hpcstpf_memory_bound(chunk, sizeof(T)); }

 private:
  // The transport's code for T, or an invalid one (which the combining policies reject).
  static pgas_type_t type_code() {
    if constexpr (detail::transport_number<T>)
      return detail::type_code<T>();
    else
      return static_cast<pgas_type_t>(-1);
  }
  static detail::cache_geometry geometry_of(const global_ptr<T> &p) {
    pgas_layout_t l = detail::layout_of(p.handle());
    const std::size_t local = p.offset() / sizeof(T), threads = static_cast<std::size_t>(pgas::threads());
    const std::size_t base =
        p.block() == 0
            ? local
            : static_cast<std::size_t>(layout::global_index(
                  {p.thread(), static_cast<std::int64_t>(p.phase()), static_cast<std::int64_t>(local)},
                  p.block(), threads));
    const std::size_t total = l.nelems * l.elem_size / sizeof(T);
    return {p.handle(),
            sizeof(T),
            p.block(),
            p.thread(),
            base,
            total > base ? total - base : 0,
            p.offset() % sizeof(T)};
  }

  detail::cache_core core_;
  bool closed_ = false;
};

}  // namespace pgas
