// upc_forall(init, cond, step, affinity): a for loop whose iterations run only on the thread the affinity
// names: an integer (thread affinity % THREADS) or a pointer-to-shared (the thread it points to, as in
// `&x[i]`). pgas::all_threads runs every iteration on every thread (UPC's `continue`). The clauses are
// separated by commas, since a macro cannot take semicolons. Clang sees a ForStmt spelled by this macro.
#pragma once

#include <concepts>
#include <cstdint>
#include <type_traits>

#include "pgas/detail/api.hpp"
#include "pgas/global_ptr.hpp"
#include "pgas/layout.hpp"

namespace pgas {

struct all_threads_t {};
inline constexpr all_threads_t all_threads{};

namespace detail {
template <std::integral Integer>
bool has_affinity(Integer value) {
  if constexpr (std::is_unsigned_v<Integer>)  // the residue of the unsigned value, also above INT64_MAX
    return static_cast<std::uint64_t>(value) % static_cast<std::uint64_t>(g_threads) ==
           static_cast<std::uint64_t>(g_mythread);
  else
    return layout::floor_mod(static_cast<std::int64_t>(value), g_threads) == g_mythread;
}
template <class Element, std::size_t Block>
bool has_affinity(const global_ptr<Element, Block> &p) {
  return p.thread() == g_mythread;
}
template <class Element>
bool has_affinity(const shared_ref<Element> &r) {
  return r.thread() == g_mythread;
}
inline bool has_affinity(all_threads_t) { return true; }
}  // namespace detail

}  // namespace pgas

#define upc_forall(init, cond, step, affinity)     \
  for (init; cond; step)                           \
    if (!::pgas::detail::has_affinity(affinity)) { \
    } else
