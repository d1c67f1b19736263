// Typed access to the vector and atomic transport functions:
//  - getv / putv / accv move many elements of one shared array to or from one thread in a single call
//    (what coalescing uses);
//  - atomic_* operate on one 32- or 64-bit integer element.
// Elements with affinity to the calling thread are handled locally (accv and atomics with the same atomic
// operations the transport uses, so both stay atomic with respect to each other); the others go through
// the transport.
#pragma once

#include <atomic>
#include <concepts>
#include <cstring>
#include <span>
#include <vector>

#include "pgas/detail/whole_access.hpp"
#include "pgas/global_ptr.hpp"
#include "pgas/layout.hpp"
#include "pgas/shared_array.hpp"
#include "pgas/transport.h"

namespace pgas {

namespace detail {
template <class Element>
constexpr pgas_type_t type_code() {
  if constexpr (std::is_same_v<Element, float>)
    return PGAS_FLOAT;
  else if constexpr (std::is_same_v<Element, double>)
    return PGAS_DOUBLE;
  else if constexpr (std::is_signed_v<Element>)
    return sizeof(Element) == 4 ? PGAS_INT32 : PGAS_INT64;
  else
    return sizeof(Element) == 4 ? PGAS_UINT32 : PGAS_UINT64;
}
template <class Element>
concept transport_number = (std::integral<Element> || std::floating_point<Element>)&&(sizeof(Element) == 4 ||
                                                                                      sizeof(Element) == 8);

// Byte offsets in `thread`'s part of `a` of the given global indices; each must have affinity to `thread`.
// The result lives in a buffer reused by the calling thread's next vector transfer.
template <class Element, auto... Spec>
std::span<const std::size_t> offsets_on(const shared_array<Element, Spec...> &a, int thread,
                                        std::span<const std::size_t> indices) {
  thread_local std::vector<std::size_t> offsets;
  offsets.resize(indices.size());
  for (std::size_t k = 0; k < indices.size(); ++k) {
    auto p = a.locate(indices[k]);
    if (p.thread != thread)
      not_local(a.handle(), static_cast<int>(p.thread), "vector transfer to one thread");
    offsets[k] = static_cast<std::size_t>(p.local) * sizeof(Element);
  }
  return offsets;
}
}  // namespace detail

enum class accumulate {
  replace = PGAS_ACC_REPLACE,
  sum = PGAS_ACC_SUM,
  min = PGAS_ACC_MIN,
  max = PGAS_ACC_MAX
};

// out[k] = a[indices[k]] for indices that all live on `thread`.
template <class Element, auto... Spec>
PGAS_ALWAYS_INLINE void getv(const shared_array<Element, Spec...> &a, int thread,
                             std::span<const std::size_t> indices, Element *out) {
  auto offsets = detail::offsets_on(a, thread, indices);
  if (thread == detail::g_mythread) {
    auto *base = static_cast<const std::byte *>(detail::local_base(a.handle()));
    for (std::size_t k = 0; k < offsets.size(); ++k)
      detail::load_shared(out + k, base + offsets[k], sizeof(Element));
  } else if (!offsets.empty()) {
    remote_getv(a.handle(), thread, offsets.data(), offsets.size(), sizeof(Element), out);
  }
}

// a[indices[k]] = in[k] for indices that all live on `thread`.
template <class Element, auto... Spec>
PGAS_ALWAYS_INLINE void putv(const shared_array<Element, Spec...> &a, int thread,
                             std::span<const std::size_t> indices, const Element *in) {
  auto offsets = detail::offsets_on(a, thread, indices);
  if (thread == detail::g_mythread) {
    auto *base = static_cast<std::byte *>(detail::local_base(a.handle()));
    for (std::size_t k = 0; k < offsets.size(); ++k)
      detail::store_shared(base + offsets[k], in + k, sizeof(Element));
  } else if (!offsets.empty()) {
    remote_putv(a.handle(), thread, offsets.data(), offsets.size(), sizeof(Element), in);
  }
}

// a[indices[k]] = op(a[indices[k]], in[k]), atomically per element, for indices that all live on `thread`.
template <class Element, auto... Spec>
requires detail::transport_number<Element> PGAS_ALWAYS_INLINE void accv(
    const shared_array<Element, Spec...> &a, int thread, std::span<const std::size_t> indices,
    const Element *in, accumulate op) {
  auto offsets = detail::offsets_on(a, thread, indices);
  const auto type = detail::type_code<Element>();
  if (thread == detail::g_mythread) {
    auto *base = static_cast<std::byte *>(detail::local_base(a.handle()));
    for (std::size_t k = 0; k < offsets.size(); ++k)
      detail::combine_element(type, static_cast<pgas_acc_op_t>(op), base + offsets[k], in + k);
  } else if (!offsets.empty()) {
    remote_accv(a.handle(), thread, offsets.data(), offsets.size(), type, static_cast<pgas_acc_op_t>(op), in);
  }
}

namespace detail {
template <std::integral Element, std::size_t Block>
PGAS_ALWAYS_INLINE Element atomic(const global_ptr<Element, Block> &p, pgas_atomic_op_t op, Element operand,
                                  Element compare = Element{}) {
  static_assert(sizeof(Element) == 4 || sizeof(Element) == 8, "remote atomics take 32- or 64-bit integers");
  Element old{};
  if (p.thread() == g_mythread)
    atomic_element(type_code<Element>(), op, p.local(), &operand, &compare, &old);
  else
    remote_atomic(p.handle(), p.thread(), p.offset(), type_code<Element>(), op, &operand, &compare, &old);
  return old;
}
}  // namespace detail

// Remote atomics; each returns the value the element had before.
template <std::integral Element, std::size_t Block>
PGAS_ALWAYS_INLINE Element atomic_fetch_add(const global_ptr<Element, Block> &p, Element v) {
  return detail::atomic(p, PGAS_ATOMIC_FETCH_ADD, v);
}
template <std::integral Element, std::size_t Block>
PGAS_ALWAYS_INLINE Element atomic_swap(const global_ptr<Element, Block> &p, Element v) {
  return detail::atomic(p, PGAS_ATOMIC_SWAP, v);
}
template <std::integral Element, std::size_t Block>
PGAS_ALWAYS_INLINE Element atomic_compare_swap(const global_ptr<Element, Block> &p, Element expected,
                                               Element desired) {
  return detail::atomic(p, PGAS_ATOMIC_CSWAP, desired, expected);
}
template <std::integral Element, std::size_t Block>
PGAS_ALWAYS_INLINE Element atomic_fetch_min(const global_ptr<Element, Block> &p, Element v) {
  return detail::atomic(p, PGAS_ATOMIC_FETCH_MIN, v);
}
template <std::integral Element, std::size_t Block>
PGAS_ALWAYS_INLINE Element atomic_fetch_max(const global_ptr<Element, Block> &p, Element v) {
  return detail::atomic(p, PGAS_ATOMIC_FETCH_MAX, v);
}
template <std::integral Element, std::size_t Block>
PGAS_ALWAYS_INLINE Element atomic_load(const global_ptr<Element, Block> &p) {
  return detail::atomic(p, PGAS_ATOMIC_LOAD, Element{});
}
template <std::integral Element, std::size_t Block>
PGAS_ALWAYS_INLINE Element atomic_fetch_xor(const global_ptr<Element, Block> &p, Element v) {
  return detail::atomic(p, PGAS_ATOMIC_FETCH_XOR, v);
}
template <std::integral Element, std::size_t Block>
PGAS_ALWAYS_INLINE Element atomic_fetch_and(const global_ptr<Element, Block> &p, Element v) {
  return detail::atomic(p, PGAS_ATOMIC_FETCH_AND, v);
}
template <std::integral Element, std::size_t Block>
PGAS_ALWAYS_INLINE Element atomic_fetch_or(const global_ptr<Element, Block> &p, Element v) {
  return detail::atomic(p, PGAS_ATOMIC_FETCH_OR, v);
}

}  // namespace pgas
