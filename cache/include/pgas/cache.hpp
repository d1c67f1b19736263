// pgas::cache<T>: the software cache of pgas/hpcstpf.h for a typed shared array or pointer-to-shared
// (semantics, tiles and the memory bound are described there).
//
// A tile of the paper's dot product (y read at 2i), with the chunk as the tile size:
//   pgas::cache<int> c(y, chunk);          // or cache<int> c(y, chunk, pgas::write_policy::sum)
//   for (i in the tile) c.hint(2 * i);
//   c.download();                          // start_download() + finish_download()
//   for (i in the tile) x[i] = x[i] * c.get(2 * i);
//   c.upload();                            // start_upload() + finish_upload(): ends the tile
// Consecutive indices a tile only reads can be read as one array instead (a stencil's neighbouring row):
//   const int *row = c.run(first, count);  // after download(); row[k] is index first + k until upload()
// The destructor closes the cache. When an exception leaves the scope of a cache, the destructor ends the
// tile instead: the elements written so far are uploaded (as the original loop would have written them
// before the exception) and the exception goes on; nothing collective runs then.
#pragma once

#include <concepts>
#include <cstddef>
#include <exception>
#include <type_traits>

#include "pgas/detail/cache_core.hpp"
#include "pgas/global_ptr.hpp"
#include "pgas/shared_array.hpp"
#include "pgas/vector.hpp"
#include "pgas/write_policy.hpp"

namespace pgas {

using cache_stats = hpcstpf_stats_t;

// How long a copied run lasts: until the tile ends (upload), or until close() for elements no tile writes.
enum class run_lifetime { tile, until_close };

template <class Element>
class cache {
  static_assert(std::is_trivially_copyable_v<Element>, "cached element types must be trivially copyable");

 public:
  // Any shared_array of Element: a run-time or typed blocking factor (shared_array<T, 17>), either mode.
  template <auto... Spec>
  cache(const shared_array<Element, Spec...> &array, std::size_t chunk,
        write_policy policy = write_policy::any)
      : cache(array, sizeof(Element), 0, chunk, policy) {}

  // Index i is element p[i]; the object's layout bounds the valid indices, which are negative for the
  // elements before p (p[-1], as in UPC: an index converted to std::size_t wraps and is taken modulo 2^64).
  cache(global_ptr<Element> p, std::size_t chunk, write_policy policy = write_policy::any)
      : cache(p, std::size_t{0}, chunk, policy) {}
  template <std::size_t Block>
  requires(Block != dynamic_block)
      cache(const global_ptr<Element, Block> &p, std::size_t chunk, write_policy policy = write_policy::any)
      : cache(global_ptr<Element>(p), std::size_t{0}, chunk, policy) {}

  // A cache of one member of every element of an array of structs: index i is array[i].field(member), UPC's
  // array[i].m. Only the member's bytes are fetched and written back, so a put never overwrites the other
  // members of the element, which other threads (or other caches) may write in the same phase. A combining
  // policy combines the member (a number).
  template <class Struct, auto... Spec>
  requires std::is_class_v<Struct> cache(const shared_array<Struct, Spec...> &array, Element Struct::*member,
                                         std::size_t chunk, write_policy policy = write_policy::any)
      : cache(array, sizeof(Struct), detail::member_offset<Struct>(member), chunk, policy) {}
  template <class Struct, std::size_t Block>
  requires std::is_class_v<Struct> cache(const global_ptr<Struct, Block> &p, Element Struct::*member,
                                         std::size_t chunk, write_policy policy = write_policy::any)
      : cache(global_ptr<Struct>(p), detail::member_offset<Struct>(member), chunk, policy) {}

  ~cache() {
    if (closed_) return;
    if (std::uncaught_exceptions() > exceptions_at_open_)
      core_.abandon();
    else
      core_.close();
  }
  cache(const cache &) = delete;
  cache &operator=(const cache &) = delete;

  void hint(std::size_t i) { core_.hint(origin_ + i); }
  // A hint that ignores an index outside the object: an inspector's guess, e.g. from a branch the loop body
  // may not take, never an error.
  template <std::integral Integer>
  void hint_speculative(Integer i) {
    std::size_t at;  // origin_ + i, when that is an index of the object
    if (!__builtin_add_overflow(origin_, i, &at) && at < core_.count()) core_.hint(at);
  }
  // An index read from shared memory (a shared_ref, as in X[P[i]] with P not cached): its value.
  template <class Index>
  requires(!std::integral<Index>) && requires(const Index &r) {
    { r.get() } -> std::integral;
  }
  void hint_speculative(const Index &index) { hint_speculative(index.get()); }
  // The number of elements the cache indexes from index 0: [0, size()) are valid indices.
  std::size_t size() const { return core_.count() - origin_; }
  // False when every element is accessed in place (pgas/hpcstpf.h): hints would change nothing, and a loop
  // that only hints can be skipped.
  bool wants_hints() const { return core_.wants_hints(); }
  void start_download() { core_.start_download(); }
  void finish_download() { core_.finish_download(); }
  void download() {
    start_download();
    finish_download();
  }
  // Always inlined, with the in-place read (cache_core::try_get): the per-element work of an executor.
  [[gnu::always_inline]] Element get(std::size_t i) {
    Element v;
    if (!core_.try_get<sizeof(Element)>(origin_ + i, &v)) core_.get(origin_ + i, &v);
    return v;
  }
  // Indices [first, first + count) as one array, read with plain loads until the tile ends (upload): the
  // elements themselves where they lie contiguously in memory read in place, else a copy made now with one
  // bulk transfer per owner thread (a halo row, a blocked array's band). Before or after the tile's
  // download, for elements the tile only reads: a put to an element of a copied run in the same tile stops
  // the job. With run_lifetime::until_close, for elements no tile of the loop writes, the copy lives until
  // close(): a later run inside it, in any tile, is read from it with no transfer (an array read whole
  // by every tile is fetched once), and a put to one of its elements in any tile stops the job.
  const Element *run(std::size_t first, std::size_t count, run_lifetime lifetime = run_lifetime::tile) {
    return static_cast<const Element *>(
        core_.run(origin_ + first, count, lifetime == run_lifetime::until_close));
  }
  // Indices first, first + stride, ..., first + (count - 1) * stride (a strided read, `y[2 * i]` over a
  // cyclic tile's iterations) as one array, row[k] the element at first + k * stride, read with plain loads
  // until the tile ends: a copy made now with one transfer per owner thread (a vector get, or a bulk get
  // where the owner's elements are adjacent), the elements read in place copied directly. Same rules as the
  // run above with run_lifetime::tile; a stride of 1 is that run.
  const Element *run_strided(std::size_t first, std::size_t count, std::size_t stride) {
    return static_cast<const Element *>(core_.run(origin_ + first, count, false, stride));
  }
  void put(std::size_t i, const Element &v) { core_.put(origin_ + i, &v); }
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
  static std::size_t memory_bound(std::size_t chunk) { return hpcstpf_memory_bound(chunk, sizeof(Element)); }

 private:
  // Elements `stride` bytes apart, each cached from byte `skew` of its element (a member, or all of it).
  template <class Struct, auto... Spec>
  cache(const shared_array<Struct, Spec...> &array, std::size_t stride, std::size_t skew, std::size_t chunk,
        write_policy policy)
      : core_({array.handle(), sizeof(Element), stride, array.block(), array.block() == 0 ? 0 : -1, 0,
               array.size(), skew},
              chunk, static_cast<hpcstpf_policy_t>(policy), type_code(), "pgas::cache::") {}
  template <class Struct>
  cache(const global_ptr<Struct> &p, std::size_t skew, std::size_t chunk, write_policy policy)
      : core_(geometry_of(p, skew), chunk, static_cast<hpcstpf_policy_t>(policy), type_code(),
              "pgas::cache::"),
        origin_(origin_of(p)) {}

  // The transport's code for T, or an invalid one (which the combining policies reject).
  static pgas_type_t type_code() {
    if constexpr (detail::transport_number<Element>)
      return detail::type_code<Element>();
    else
      return static_cast<pgas_type_t>(-1);
  }
  // The cache indexes the whole object the pointer points into; index i is element origin_of(p) + i of it
  // (from its byte `skew`).
  template <class Struct>
  static detail::cache_geometry geometry_of(const global_ptr<Struct> &p, std::size_t skew) {
    pgas_layout_t l = detail::layout_of(p.handle());
    return {p.handle(),
            sizeof(Element),
            sizeof(Struct),
            p.block(),
            p.thread(),
            0,
            l.nelems * l.elem_size / sizeof(Struct),
            p.offset() % sizeof(Struct) + skew};
  }
  template <class Struct>
  static std::size_t origin_of(const global_ptr<Struct> &p) {
    const std::size_t local = p.offset() / sizeof(Struct),
                      threads = static_cast<std::size_t>(pgas::threads());
    if (p.block() == 0) return local;
    return static_cast<std::size_t>(layout::global_index(
        {p.thread(), static_cast<std::int64_t>(p.phase()), static_cast<std::int64_t>(local)}, p.block(),
        threads));
  }

  detail::cache_core core_;
  std::size_t origin_ = 0;  // the object's element that is index 0
  bool closed_ = false;
  int exceptions_at_open_ = std::uncaught_exceptions();  // a cache opened during unwinding closes normally
};

}  // namespace pgas
