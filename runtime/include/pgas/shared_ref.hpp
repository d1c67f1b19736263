// shared_ref<T>: what x[i] yields for a shared array x. Reads and writes go to local memory when the element
// has affinity to the calling thread and through the transport functions otherwise.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstring>
#include <type_traits>

#include "pgas/detail/api.hpp"
#include "pgas/transport.h"

namespace pgas {

template <class T>
class global_ptr;

enum class consistency { relaxed, strict };
inline constexpr consistency relaxed = consistency::relaxed;
inline constexpr consistency strict = consistency::strict;

// Orders every earlier shared access of this thread before every later one (upc_fence). On a network
// conduit it also lets the network deliver what other threads wrote here, so that a thread spinning on a
// strict variable with affinity to it sees the remote write.
inline void fence() {
  std::atomic_thread_fence(std::memory_order_seq_cst);
  if (detail::g_network_progress) [[unlikely]]
    detail::network_progress();
}

namespace detail {
// The byte offset in an S of a member (offsetof for a pointer to member; U is S or a base of S).
template <class S, class M, class U>
std::size_t member_offset(M U::*member) {
  alignas(S) unsigned char probe[sizeof(S)];
  const auto *object = reinterpret_cast<const S *>(probe);
  return static_cast<std::size_t>(reinterpret_cast<const unsigned char *>(&(object->*member)) - probe);
}
}  // namespace detail

template <class T>
class shared_ref {
  static_assert(std::is_trivially_copyable_v<T>, "shared element types must be trivially copyable");

 public:
  using value_type = std::remove_const_t<T>;

  // `local` is the element's address when it has affinity to this thread, else nullptr. thread, phase,
  // offset (bytes in the thread's part) and block locate it for remote access and for operator&.
  shared_ref(T *local, pgas_handle_t handle, int thread, std::size_t phase, std::size_t offset,
             std::size_t block, bool strict) noexcept
      : local_(local),
        handle_(handle),
        offset_(offset),
        block_(block),
        phase_(phase),
        thread_(thread),
        strict_(strict) {}

  PGAS_ALWAYS_INLINE value_type get() const {
    value_type v;
    if (local_ != nullptr) {
      if (strict_) fence();
      std::memcpy(&v, local_, sizeof v);
      if (strict_) fence();
    } else if (strict_) {
      remote_get_strict(handle_, thread_, offset_, &v, sizeof v);
    } else {
      remote_get(handle_, thread_, offset_, &v, sizeof v);
    }
    return v;
  }

  PGAS_ALWAYS_INLINE void put(const value_type &v) const {
    static_assert(!std::is_const_v<T>, "cannot write through a reference to const shared data");
    if (local_ != nullptr) {
      if (strict_) fence();
      std::memcpy(local_, &v, sizeof v);
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

#define PGAS_COMPOUND_ASSIGN(op)                                          \
  template <class U>                                                      \
  PGAS_ALWAYS_INLINE const shared_ref &operator op##=(const U &u) const { \
    put(static_cast<value_type>(get() op u));                             \
    return *this;                                                         \
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
  global_ptr<T> operator&() const;

  // A reference to one member of a struct element: x[i].field(&Point::y) is UPC's x[i].y.
  template <class M, class U = value_type>
  requires std::is_class_v<U> shared_ref<M> field(M U::*member)
  const {
    const std::size_t delta = detail::member_offset<value_type>(member);
    M *local = local_ ? reinterpret_cast<M *>(reinterpret_cast<unsigned char *>(local_) + delta) : nullptr;
    return shared_ref<M>(local, handle_, thread_, 0, offset_ + delta, 0, strict_);
  }

  int thread() const { return thread_; }
  bool is_local() const { return local_ != nullptr; }

 private:
  T *local_;
  pgas_handle_t handle_;
  std::size_t offset_;
  std::size_t block_;
  std::size_t phase_;
  int thread_;
  bool strict_;
};

}  // namespace pgas
