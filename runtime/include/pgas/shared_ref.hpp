// shared_ref<T>: what x[i] yields for a shared array x. Reads and writes go to local memory when the element
// has affinity to the calling thread and through the transport functions otherwise.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstring>
#include <type_traits>

#include "pgas/detail/api.hpp"
#include "pgas/detail/global_ptr_fwd.hpp"
#include "pgas/detail/whole_access.hpp"
#include "pgas/sync_events.h"
#include "pgas/transport.h"

namespace pgas {

enum class consistency { relaxed, strict };
inline constexpr consistency relaxed = consistency::relaxed;
inline constexpr consistency strict = consistency::strict;

// Orders every earlier shared access of this thread before every later one (upc_fence). On a network
// conduit it also lets the network deliver what other threads wrote here, so that a thread spinning on a
// strict variable with affinity to it sees the remote write; and it completes this thread's asynchronous
// signalling puts whose bytes have landed (so that a thread spinning on a strict variable cannot hold back
// the signal its partner waits for).
inline void fence() {
  pgas_sync_enter(PGAS_SYNC_fence, 0, nullptr);
  std::atomic_thread_fence(std::memory_order_seq_cst);
  if (detail::g_progress_needed) [[unlikely]]
    detail::make_progress();
  pgas_sync_exit(PGAS_SYNC_fence, 0);
}

namespace detail {
template <class Type>
inline constexpr bool is_pointer_to_shared = false;
template <class Element, std::size_t Block>
inline constexpr bool is_pointer_to_shared<global_ptr<Element, Block>> = true;
// The byte offset in a Struct of a member (offsetof for a pointer to member; Owner is Struct or a base of
// it).
template <class Struct, class Member, class Owner>
std::size_t member_offset(Member Owner::*member) {
  alignas(Struct) unsigned char probe[sizeof(Struct)];
  const auto *object = reinterpret_cast<const Struct *>(probe);
  return static_cast<std::size_t>(reinterpret_cast<const unsigned char *>(&(object->*member)) - probe);
}
}  // namespace detail

// A shared_ref passed to C varargs (printf("%d", x[i])) must not compile: it would pass the proxy's bytes.
// The proxy is therefore not trivially copyable (its copy constructor is user-provided), which Clang rejects
// in varargs by default and GCC reports with -Wconditionally-supported, made an error here for the rest of
// the translation unit (its only other use is a cast between function and object pointers: write
// std::bit_cast for dlsym's result). That warning is the only hook GCC 12 has: passing any class type
// through `...` is conditionally-supported there (by invisible reference), whatever its special members
// (deleted copy or move constructors, non-trivial destructor), so no property of the proxy's type makes
// GCC refuse it, and a diagnostic pragma cannot be scoped to the user's call sites either.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic error "-Wconditionally-supported"
#endif

template <class Element>
class shared_ref {
  static_assert(std::is_trivially_copyable_v<Element>, "shared element types must be trivially copyable");

 public:
  using value_type = std::remove_cv_t<Element>;  // a volatile shared object reads and writes values

  // `local` is the element's address when it has affinity to this thread, else nullptr. thread, phase,
  // offset (bytes in the thread's part) and block locate it for remote access and for operator&.
  shared_ref(Element *local, pgas_handle_t handle, int thread, std::size_t phase, std::size_t offset,
             std::size_t block, bool strict) noexcept
      : local_(local),
        handle_(handle),
        offset_(offset),
        block_(block),
        phase_(phase),
        thread_(thread),
        strict_(strict) {}
  // User-provided, so that the proxy cannot pass through varargs (see above); it copies the reference.
  shared_ref(const shared_ref &other) noexcept
      : local_(other.local_),
        handle_(other.handle_),
        offset_(other.offset_),
        block_(other.block_),
        phase_(other.phase_),
        thread_(other.thread_),
        strict_(other.strict_) {}

  PGAS_ALWAYS_INLINE value_type get() const {
    value_type v;
    if (local_ != nullptr) {
      if (strict_) fence();
      detail::load_shared(&v, const_cast<const value_type *>(local_), sizeof v);  // (volatile: one access)
      if (strict_) fence();
    } else if (strict_) {
      remote_get_strict(handle_, thread_, offset_, &v, sizeof v);
    } else {
      remote_get(handle_, thread_, offset_, &v, sizeof v);
    }
    return v;
  }

  PGAS_ALWAYS_INLINE void put(const value_type &v) const {
    static_assert(!std::is_const_v<Element>, "cannot write through a reference to const shared data");
    if (local_ != nullptr) {
      if (strict_) fence();
      detail::store_shared(const_cast<value_type *>(local_), &v, sizeof v);
      if (strict_) fence();
    } else if (strict_) {
      remote_put_strict(handle_, thread_, offset_, &v, sizeof v);
    } else {
      remote_put(handle_, thread_, offset_, &v, sizeof v);
    }
  }

  PGAS_ALWAYS_INLINE operator value_type() const { return get(); }  // NOLINT: a reference converts implicitly
  PGAS_ALWAYS_INLINE const shared_ref &operator=(const value_type &v) const {
    put(v);
    return *this;
  }
  PGAS_ALWAYS_INLINE const shared_ref &operator=(
      const shared_ref &other) const {  // copies the value, like a T&
    put(other.get());
    return *this;
  }

#define PGAS_COMPOUND_ASSIGN(op)                                                \
  template <class Operand>                                                      \
  PGAS_ALWAYS_INLINE const shared_ref &operator op##=(const Operand &u) const { \
    put(static_cast<value_type>(get() op u));                                   \
    return *this;                                                               \
  }
  PGAS_COMPOUND_ASSIGN(+)
  PGAS_COMPOUND_ASSIGN(-)
  PGAS_COMPOUND_ASSIGN(*)
  PGAS_COMPOUND_ASSIGN(/)
  PGAS_COMPOUND_ASSIGN(%)
  PGAS_COMPOUND_ASSIGN(&)
  PGAS_COMPOUND_ASSIGN(|)
  PGAS_COMPOUND_ASSIGN(^)
  PGAS_COMPOUND_ASSIGN(<<)
  PGAS_COMPOUND_ASSIGN(>>)
#undef PGAS_COMPOUND_ASSIGN

  PGAS_ALWAYS_INLINE const shared_ref &operator++() const { return *this += 1; }
  PGAS_ALWAYS_INLINE const shared_ref &operator--() const { return *this -= 1; }
  PGAS_ALWAYS_INLINE value_type operator++(int) const {
    value_type old = get();
    put(static_cast<value_type>(old + 1));
    return old;
  }
  PGAS_ALWAYS_INLINE value_type operator--(int) const {
    value_type old = get();
    put(static_cast<value_type>(old - 1));
    return old;
  }

  // &x[i]: the pointer-to-shared of this element.
  global_ptr<Element> operator&() const;

  // A reference to one member of a struct element: x[i].field(&Point::y) is UPC's x[i].y.
  template <class Member, class Struct = value_type>
  requires std::is_class_v<Struct> shared_ref<Member> field(Member Struct::*member)
  const {
    const std::size_t delta = detail::member_offset<value_type>(member);
    Member *local =
        local_ ? reinterpret_cast<Member *>(reinterpret_cast<unsigned char *>(local_) + delta) : nullptr;
    return shared_ref<Member>(local, handle_, thread_, 0, offset_ + delta, 0, strict_);
  }

  // An element that is itself a pointer-to-shared (shared_array<global_ptr<double>> C): C[i][j] and *C[i]
  // go through the pointer read from C[i], and C[i] converts to every pointer type that pointer converts to
  // (shared void * for upc_memget), as an element of type T * does in C.
  PGAS_ALWAYS_INLINE auto operator[](
      std::ptrdiff_t i) const requires detail::is_pointer_to_shared<value_type> {
    return get()[i];
  }
  PGAS_ALWAYS_INLINE auto operator*() const requires detail::is_pointer_to_shared<value_type> {
    return *get();
  }
  template <class Target>
  requires(detail::is_pointer_to_shared<value_type> && !std::is_same_v<Target, value_type> &&
           std::is_convertible_v<value_type, Target>) PGAS_ALWAYS_INLINE
  operator Target() const {  // NOLINT
    return get();
  }

  // The same element, accessed strictly: a strict access through a pointer, as UPC's strict-qualified
  // referenced types make it (the pointer itself carries no consistency).
  shared_ref strict() const {
    shared_ref r(*this);
    r.strict_ = true;
    return r;
  }

  int thread() const { return thread_; }
  bool is_local() const { return local_ != nullptr; }

 private:
  Element *local_;
  pgas_handle_t handle_;
  std::size_t offset_;
  std::size_t block_;
  std::size_t phase_;
  int thread_;
  bool strict_;
};

}  // namespace pgas
