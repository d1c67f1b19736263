// global_ptr<T>: UPC's pointer-to-shared (shared T *). It names a thread, a phase inside the current block
// and an address in that thread's part of one shared object, and moves with UPC arithmetic for its
// blocking factor (1 = cyclic, the default; 0 = indefinite: every element on one thread).
#pragma once

#include <compare>
#include <cstddef>
#include <type_traits>

#include "pgas/detail/api.hpp"
#include "pgas/layout.hpp"
#include "pgas/shared_ref.hpp"

namespace pgas {

template <class Element>
class global_ptr {
  using byte_step = std::conditional_t<std::is_void_v<Element>, char, std::remove_const_t<Element>>;
  static constexpr std::size_t kElem = sizeof(byte_step);

 public:
  using element_type = Element;

  global_ptr() = default;
  global_ptr(std::nullptr_t) {}  // NOLINT: like a null pointer literal
  global_ptr(pgas_handle_t handle, int thread, std::size_t phase, std::size_t offset,
             std::size_t block) noexcept
      : handle_(handle), thread_(thread), phase_(phase), offset_(offset), block_(block) {}

  // Every conversion keeps the thread, the phase, the address and the blocking factor (UPC 1.2 section
  // 6.4.3: shared void * holds all three); upc_resetphase is the only way to drop the phase.
  // shared T * -> shared const T *, shared void *, shared const void *; shared void * -> shared const void *.
  template <class Other>
  requires(std::is_convertible_v<Other *, Element *> && !std::is_same_v<Other, Element>)
      global_ptr(const global_ptr<Other> &p)  // NOLINT: like T * -> const T * and T * -> void *
      : global_ptr(p.handle(), p.thread(), p.phase(), p.offset(), p.block()) {}

  // shared void * -> shared T *, implicit as in C. The blocking factor is the one the pointer carries: the
  // pointed-to object's for a converted pointer, the allocation's suggestion (1 for upc_all_alloc and
  // upc_global_alloc, indefinite for upc_alloc) for an allocation's result.
  template <class Void>
  requires(std::is_void_v<Void> && !std::is_void_v<Element>) global_ptr(const global_ptr<Void> &p)  // NOLINT
      : global_ptr(p.handle(), p.thread(), p.phase(), p.offset(), p.block()) {}

  // (shared [block] T *) p: the same thread and address with another blocking factor. The phase is kept
  // when the factor is the pointer's own; in another factor it counted positions in blocks of another size,
  // so the result starts at phase 0 (cyclic and indefinite pointers always have phase 0).
  template <class Void>
  requires(std::is_void_v<Void> && !std::is_void_v<Element>)
      global_ptr(const global_ptr<Void> &p, std::size_t block)
      : global_ptr(p.handle(), p.thread(), block == p.block() && block > 1 ? p.phase() : 0, p.offset(),
                   block) {}

  // (shared T *) p for another element type (a C cast between pointer types): same place and phase.
  template <class Other>
  requires(!std::is_convertible_v<Other *, Element *> &&
           !std::is_void_v<Other>) explicit global_ptr(const global_ptr<Other> &p)
      : global_ptr(p.handle(), p.thread(), p.phase(), p.offset(), p.block()) {}

  pgas_handle_t handle() const { return handle_; }
  int thread() const { return thread_; }
  std::size_t phase() const { return phase_; }
  std::size_t offset() const { return offset_; }  // bytes inside the thread's part of the object
  std::size_t block() const { return block_; }
  std::size_t block_hint() const { return block_; }  // the blocking factor a shared void * carries
  explicit operator bool() const { return handle_ != 0; }

  PGAS_ALWAYS_INLINE shared_ref<Element> operator*() const requires(!std::is_void_v<Element>) {
    Element *local =
        thread_ == detail::g_mythread
            ? static_cast<Element *>(detail::local_address(handle_, offset_, sizeof(Element), "dereference"))
            : nullptr;
    return shared_ref<Element>(local, handle_, thread_, phase_, offset_, block_, false);
  }
  PGAS_ALWAYS_INLINE shared_ref<Element> operator[](std::ptrdiff_t i) const
      requires(!std::is_void_v<Element>) {
    return *(*this + i);
  }

  // The calling thread's local pointer to the element (UPC: casting to a local pointer); stops the job
  // when the element has affinity to another thread.
  Element *local() const {
    if (thread_ != detail::g_mythread) detail::not_local(handle_, thread_, "global_ptr::local");
    return static_cast<Element *>(detail::local_address(handle_, offset_, kElem, "global_ptr::local"));
  }

  PGAS_ALWAYS_INLINE friend global_ptr operator+(const global_ptr &p,
                                                 std::ptrdiff_t delta) requires(!std::is_void_v<Element>) {
    layout::Position from{p.thread_, static_cast<std::int64_t>(p.phase_),
                          static_cast<std::int64_t>(p.offset_ / kElem)};
    auto to = layout::advance(from, delta, p.block_, static_cast<std::uint64_t>(detail::g_threads));
    return global_ptr(p.handle_, static_cast<int>(to.thread), static_cast<std::size_t>(to.phase),
                      static_cast<std::size_t>(to.local) * kElem + p.offset_ % kElem, p.block_);
  }
  friend global_ptr operator+(std::ptrdiff_t delta, const global_ptr &p) { return p + delta; }
  friend global_ptr operator-(const global_ptr &p, std::ptrdiff_t delta) { return p + (-delta); }
  friend std::ptrdiff_t operator-(const global_ptr &a,
                                  const global_ptr &b) requires(!std::is_void_v<Element>) {
    return layout::distance(a.position(), b.position(), a.block_,
                            static_cast<std::uint64_t>(detail::g_threads));
  }
  global_ptr &operator+=(std::ptrdiff_t d) { return *this = *this + d; }
  global_ptr &operator-=(std::ptrdiff_t d) { return *this = *this - d; }
  global_ptr &operator++() { return *this += 1; }
  global_ptr &operator--() { return *this -= 1; }
  global_ptr operator++(int) {
    global_ptr old = *this;
    *this += 1;
    return old;
  }
  global_ptr operator--(int) {
    global_ptr old = *this;
    *this -= 1;
    return old;
  }

  friend bool operator==(const global_ptr &a, const global_ptr &b) {
    return a.handle_ == b.handle_ && a.thread_ == b.thread_ && a.offset_ == b.offset_;
  }
  // Pointers into the same object compare by element position.
  friend std::strong_ordering operator<=>(const global_ptr &a,
                                          const global_ptr &b) requires(!std::is_void_v<Element>) {
    if (a.handle_ != b.handle_) return a.handle_ <=> b.handle_;
    return (a - b) <=> 0;
  }

 private:
  layout::Position position() const {
    return {thread_, static_cast<std::int64_t>(phase_), static_cast<std::int64_t>(offset_ / kElem)};
  }

  pgas_handle_t handle_ = 0;
  int thread_ = 0;
  std::size_t phase_ = 0;
  std::size_t offset_ = 0;
  std::size_t block_ = 1;
};

template <class Element>
global_ptr<Element> shared_ref<Element>::operator&() const {
  return global_ptr<Element>(handle_, thread_, phase_, offset_, block_);
}

}  // namespace pgas

// UPC's pointer queries.
template <class Element>
std::size_t upc_threadof(const pgas::global_ptr<Element> &p) {
  return static_cast<std::size_t>(p.thread());
}
template <class Element>
std::size_t upc_phaseof(const pgas::global_ptr<Element> &p) {
  return p.phase();
}
// The byte address of the element inside its thread's part of the object.
template <class Element>
std::size_t upc_addrfield(const pgas::global_ptr<Element> &p) {
  return p.offset();
}
template <class Element>
pgas::global_ptr<Element> upc_resetphase(const pgas::global_ptr<Element> &p) {
  return pgas::global_ptr<Element>(p.handle(), p.thread(), 0, p.offset(), p.block());
}
