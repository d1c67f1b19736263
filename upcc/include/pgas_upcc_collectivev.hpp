// The value collectives of <bupc_collectivev.h> for translated programs: thin wrappers around the UPC
// collectives, as Berkeley's are. Every thread's values pass through a shared scratch area, the same on
// every thread (kept between calls, grown when a larger type comes): an int for permute's permutation, the
// thread's input value, and THREADS values of output.
#pragma once

#include <upc_collective.h>

#include <cstddef>
#include <cstring>
#include <pgas/upc.hpp>
#include <type_traits>

namespace pgas_upcc::allv {

constexpr std::size_t kAlign = alignof(std::max_align_t);
constexpr std::size_t round_up(std::size_t n) { return (n + kAlign - 1) / kAlign * kAlign; }

// The scratch area, one block of at least `bytes` on each thread; returns the size of its blocks. A
// collective call: every thread asks for the same size, since TYPE is single-valued.
inline std::size_t scratch(std::size_t bytes, ::pgas::global_ptr<void> &base) {
  static ::pgas::global_ptr<void> area;
  static std::size_t block = 0;
  if (bytes > block) {
    if (area) upc_all_free(area);
    block = bytes;
    area = upc_all_alloc(static_cast<std::size_t>(THREADS), block);
  }
  base = area;
  return block;
}

// The scratch area for values of `size` bytes, made by every thread at the start of each operation, and
// where its parts start in each thread's block.
struct Parts {
  std::size_t input = kAlign, output;
  ::pgas::global_ptr<void> base;
  std::size_t block;
  explicit Parts(std::size_t bytes)
      : output(kAlign + round_up(bytes)),
        block(scratch(output + bytes * static_cast<std::size_t>(THREADS), base)) {}
};

// The byte at `offset` in thread t's block.
inline ::pgas::global_ptr<char> at(const Parts &parts, int t, std::size_t offset) {
  return ::pgas::global_ptr<char>(parts.base, parts.block) +
         (static_cast<std::ptrdiff_t>(t) * static_cast<std::ptrdiff_t>(parts.block) +
          static_cast<std::ptrdiff_t>(offset));
}
inline char *mine(const Parts &parts, std::size_t offset) { return at(parts, MYTHREAD, offset).local(); }

constexpr upc_flag_t kSync = UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC;

template <class Type>
Type read(const char *bytes) {
  Type v;
  std::memcpy(static_cast<void *>(&v), bytes, sizeof v);
  return v;
}

template <class Type>
Type broadcast(const Type &value, int root) {
  const Parts p(sizeof(Type));
  if (MYTHREAD == root) std::memcpy(mine(p, p.input), &value, sizeof(Type));
  upc_all_broadcast(at(p, 0, p.output), at(p, root, p.input), sizeof(Type), kSync);
  return read<Type>(mine(p, p.output));
}

// The type upc_all_reduceT takes for Type (long long as long, which has its representation here).
template <class Type>
using reduce_type =
    std::conditional_t<std::is_same_v<Type, long long> && sizeof(long long) == sizeof(long), long,
                       std::conditional_t<std::is_same_v<Type, unsigned long long> &&
                                              sizeof(unsigned long long) == sizeof(unsigned long),
                                          unsigned long, Type>>;
template <class Type>
constexpr bool reducible() {
  bool listed = false;
#define PGAS_UPCC_ALLV_LISTED(Suffix, TYPE) listed = listed || std::is_same_v<reduce_type<Type>, TYPE>;
  PGAS_UPC_REDUCE_TYPES(PGAS_UPCC_ALLV_LISTED)
#undef PGAS_UPCC_ALLV_LISTED
  return listed;
}

// upc_all_reduceT (to `root`) or upc_all_prefix_reduceT of every thread's input.
template <class Type, bool Prefix>
void reduce_call(const Parts &p, int root, upc_op_t op) {
  static_assert(reducible<Type>(), "bupc_allv reductions take a scalar type of upc_all_reduceT");
  using T = reduce_type<Type>;
  const auto src = at(p, 0, p.input);
  const auto dst = Prefix ? at(p, 0, p.output) : at(p, root, p.output);
  const std::size_t n = static_cast<std::size_t>(THREADS);
#define PGAS_UPCC_ALLV_REDUCE(Suffix, TYPE)                              \
  if constexpr (std::is_same_v<T, TYPE>) {                               \
    if constexpr (Prefix)                                                \
      upc_all_prefix_reduce##Suffix(dst, src, op, n, 1, nullptr, kSync); \
    else                                                                 \
      upc_all_reduce##Suffix(dst, src, op, n, 1, nullptr, kSync);        \
  }
  PGAS_UPC_REDUCE_TYPES(PGAS_UPCC_ALLV_REDUCE)
#undef PGAS_UPCC_ALLV_REDUCE
}

template <class Type>
Type reduce(const Type &value, int root, upc_op_t op) {
  const Parts p(sizeof(Type));
  std::memcpy(mine(p, p.input), &value, sizeof(Type));
  reduce_call<Type, false>(p, root < 0 ? 0 : root, op);
  if (root >= 0) return MYTHREAD == root ? read<Type>(mine(p, p.output)) : value;
  const Type all = MYTHREAD == 0 ? read<Type>(mine(p, p.output)) : value;
  return broadcast(all, 0);
}

template <class Type>
Type prefix_reduce(const Type &value, upc_op_t op) {
  const Parts p(sizeof(Type));
  std::memcpy(mine(p, p.input), &value, sizeof(Type));
  reduce_call<Type, true>(p, 0, op);
  return read<Type>(mine(p, p.output));
}

template <class Type>
Type scatter(int root, const Type *array) {
  const Parts p(sizeof(Type));
  if (MYTHREAD == root) std::memcpy(mine(p, p.output), array, sizeof(Type) * THREADS);
  upc_all_scatter(at(p, 0, p.input), at(p, root, p.output), sizeof(Type), kSync);
  return read<Type>(mine(p, p.input));
}

template <class Type>
Type *gather(const Type &value, int root, Type *array) {
  const Parts p(sizeof(Type));
  std::memcpy(mine(p, p.input), &value, sizeof(Type));
  if (root >= 0)
    upc_all_gather(at(p, root, p.output), at(p, 0, p.input), sizeof(Type), kSync);
  else
    upc_all_gather_all(at(p, 0, p.output), at(p, 0, p.input), sizeof(Type), kSync);
  if ((root < 0 || MYTHREAD == root) && array != nullptr)
    std::memcpy(static_cast<void *>(array), mine(p, p.output), sizeof(Type) * THREADS);
  return array;
}

template <class Type>
Type permute(const Type &value, int to) {
  const Parts p(sizeof(Type));
  std::memcpy(mine(p, 0), &to, sizeof to);
  std::memcpy(mine(p, p.input), &value, sizeof(Type));
  const ::pgas::global_ptr<const void> permutation = at(p, 0, 0);  // element t on thread t: block 1
  upc_all_permute(at(p, 0, p.output), at(p, 0, p.input), ::pgas::global_ptr<const int>(permutation, 1),
                  sizeof(Type), kSync);
  return read<Type>(mine(p, p.output));
}

}  // namespace pgas_upcc::allv
