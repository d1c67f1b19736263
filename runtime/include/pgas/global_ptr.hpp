// global_ptr<T>: UPC's pointer-to-shared (shared T *). It names a thread, a phase inside the current block
// and an address in that thread's part of one shared object, and moves with UPC arithmetic for its
// blocking factor (1 = cyclic, the default; 0 = indefinite: every element on one thread).
//
// The blocking factor is either a value the pointer carries (global_ptr<T>, the default) or part of the type
// (global_ptr<T, 17>: UPC's shared [17] T *). Conversions keep the thread and the address:
//  - implicit: to const and to void (shared void * keeps the phase and the factor too), shared void * to
//    shared T * (C's rule; a typed factor then applies, as in `shared [17] int *A = upc_all_alloc(...)`),
//    a typed factor to the run-time form, and the run-time form to a typed factor (checked: C assigns
//    only between pointers to the same blocking factor, so one whose run-time factor differs stops the job);
//  - explicit (UPC's casts): between unrelated element types and between any two blocking factors.
// The phase follows UPC 1.3 section 6.4.3: a conversion from or to shared void * keeps it (except to a
// cyclic or indefinite type, where it is 0); between two other types it survives only when the blocking
// factor and the size of the ultimate element type are the same, and is 0 otherwise.
#pragma once

#include <compare>
#include <cstddef>
#include <type_traits>

#include "pgas/detail/api.hpp"
#include "pgas/detail/global_ptr_fwd.hpp"
#include "pgas/layout.hpp"
#include "pgas/shared_ref.hpp"

namespace pgas {

namespace detail {
// Whether global_ptr<From, FromBlock> converts implicitly to global_ptr<To, ToBlock>.
template <class From, std::size_t FromBlock, class To, std::size_t ToBlock>
inline constexpr bool converts_implicitly = (std::is_convertible_v<From *, To *> ||
                                             (std::is_void_v<From> && !std::is_void_v<To>)) &&
                                            (FromBlock == ToBlock || FromBlock == dynamic_block ||
                                             ToBlock == dynamic_block);

template <class From, std::size_t FromBlock, class To, std::size_t ToBlock>
concept pointer_conversion = !std::is_same_v<global_ptr<From, FromBlock>, global_ptr<To, ToBlock>>;

// A typed pointer's factor taken from a run-time one. The more constrained constructor below is the cast
// (direct initialization sees both and prefers it); an implicit conversion sees only the general one, which
// checks the factor.
template <class From, std::size_t FromBlock, class To, std::size_t ToBlock>
concept fixes_factor = pointer_conversion<From, FromBlock, To, ToBlock> &&
                           FromBlock == dynamic_block &&ToBlock != dynamic_block &&
                       !std::is_void_v<From>;
}  // namespace detail

template <class Element, std::size_t Block>
class global_ptr {
  static_assert(Block == dynamic_block || !std::is_void_v<Element>,
                "a pointer to shared void carries its blocking factor as a value");
  using byte_step = std::conditional_t<std::is_void_v<Element>, char, std::remove_const_t<Element>>;
  static constexpr std::size_t kElem = sizeof(byte_step);

 public:
  using element_type = Element;
  static constexpr std::size_t static_block = Block;  // dynamic_block when the factor is a run-time value

  global_ptr() = default;
  global_ptr(std::nullptr_t) {}  // NOLINT: like a null pointer literal
  // `block` is ignored when the factor is part of the type.
  global_ptr(pgas_handle_t handle, int thread, std::size_t phase, std::size_t offset,
             std::size_t block) noexcept
      : handle_(handle),
        thread_(thread),
        phase_(phase),
        offset_(offset),
        block_(Block == dynamic_block ? block : Block) {}

  // Every other pointer-to-shared, by the rules at the top of this file.
  template <class Other, std::size_t OtherBlock>
  requires detail::pointer_conversion<Other, OtherBlock, Element, Block>
  explicit(!detail::converts_implicitly<Other, OtherBlock, Element, Block>)
      global_ptr(const global_ptr<Other, OtherBlock> &p)  // NOLINT: implicit where C's would be
      : global_ptr(p, Block == dynamic_block ? p.block() : Block, converted{}) {
    if constexpr (detail::fixes_factor<Other, OtherBlock, Element, Block>)
      if (p.handle() != 0 && p.block() != Block) detail::block_mismatch(p.handle(), p.block(), Block);
  }
  // The cast (global_ptr<T, 17>) p of a pointer whose factor is a run-time value: never checked.
  template <class Other, std::size_t OtherBlock>
  requires detail::fixes_factor<Other, OtherBlock, Element, Block>
  explicit global_ptr(const global_ptr<Other, OtherBlock> &p) : global_ptr(p, Block, converted{}) {}

  // (shared [block] T *) p for a shared void * p and a run-time factor.
  template <class Void>
  requires(std::is_void_v<Void> && !std::is_void_v<Element> && Block == dynamic_block)
      global_ptr(const global_ptr<Void> &p, std::size_t block)
      : global_ptr(p, block, converted{}) {}

  pgas_handle_t handle() const { return handle_; }
  int thread() const { return thread_; }
  std::size_t phase() const { return phase_; }
  std::size_t offset() const { return offset_; }  // bytes inside the thread's part of the object
  std::size_t block() const { return Block == dynamic_block ? block_ : Block; }
  std::size_t block_hint() const { return block(); }  // the blocking factor a shared void * carries
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
    auto to =
        delta >= 0
            ? layout::advance(from, static_cast<std::uint64_t>(delta), p.block(), detail::g_threads_divisor)
            : layout::advance(from, delta, p.block(), static_cast<std::uint64_t>(detail::g_threads));
    return global_ptr(p.handle_, static_cast<int>(to.thread), static_cast<std::size_t>(to.phase),
                      static_cast<std::size_t>(to.local) * kElem + p.offset_ % kElem, p.block());
  }
  friend global_ptr operator+(std::ptrdiff_t delta, const global_ptr &p) { return p + delta; }
  friend global_ptr operator-(const global_ptr &p, std::ptrdiff_t delta) { return p + (-delta); }
  friend std::ptrdiff_t operator-(const global_ptr &a,
                                  const global_ptr &b) requires(!std::is_void_v<Element>) {
    return layout::distance(a.position(), b.position(), a.block(),
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
  // p converted to this type with blocking factor `block`, its phase by UPC's rule (top of this file).
  struct converted {};
  template <class Other, std::size_t OtherBlock>
  global_ptr(const global_ptr<Other, OtherBlock> &p, std::size_t block, converted)
      : global_ptr(p.handle(), p.thread(), phase_from(p, block), p.offset(), block) {}

  template <class Other, std::size_t OtherBlock>
  static std::size_t phase_from(const global_ptr<Other, OtherBlock> &p, std::size_t block) {
    if (block <= 1) return 0;
    if constexpr (std::is_void_v<Other> || std::is_void_v<Element>) {
      // UPC leaves a phase outside the new blocks undefined.
      if (p.phase() >= block) detail::phase_out_of_range(p.handle(), p.phase(), block);
      return p.phase();
    } else {
      constexpr bool same_size =
          sizeof(std::remove_all_extents_t<Other>) == sizeof(std::remove_all_extents_t<Element>);
      return same_size && block == p.block() ? p.phase() : 0;
    }
  }

  layout::Position position() const {
    return {thread_, static_cast<std::int64_t>(phase_), static_cast<std::int64_t>(offset_ / kElem)};
  }

  pgas_handle_t handle_ = 0;
  int thread_ = 0;
  std::size_t phase_ = 0;
  std::size_t offset_ = 0;
  std::size_t block_ = 1;
};

// Pointers of different types compare by place (the hidden friend compares pointers of one type).
template <class Left, std::size_t LeftBlock, class Right, std::size_t RightBlock>
requires(!std::is_same_v<global_ptr<Left, LeftBlock>, global_ptr<Right, RightBlock>>) bool operator==(
    const global_ptr<Left, LeftBlock> &a, const global_ptr<Right, RightBlock> &b) {
  return a.handle() == b.handle() && a.thread() == b.thread() && a.offset() == b.offset();
}

template <class Element>
global_ptr<Element> shared_ref<Element>::operator&() const {
  return global_ptr<Element>(handle_, thread_, phase_, offset_, block_);
}

}  // namespace pgas

// UPC's pointer queries.
template <class Element, std::size_t Block>
std::size_t upc_threadof(const pgas::global_ptr<Element, Block> &p) {
  return static_cast<std::size_t>(p.thread());
}
template <class Element, std::size_t Block>
std::size_t upc_phaseof(const pgas::global_ptr<Element, Block> &p) {
  return p.phase();
}
// The byte address of the element inside its thread's part of the object.
template <class Element, std::size_t Block>
std::size_t upc_addrfield(const pgas::global_ptr<Element, Block> &p) {
  return p.offset();
}
template <class Element, std::size_t Block>
pgas::global_ptr<Element, Block> upc_resetphase(const pgas::global_ptr<Element, Block> &p) {
  return pgas::global_ptr<Element, Block>(p.handle(), p.thread(), 0, p.offset(), p.block());
}
