// The kinds of collective operation the runtime knows. Every collective carries its kind and a sequence
// number, and the threads of a phase must agree on both (see collective.hpp): a collective is never
// satisfied by a different one. Adding a kind is one line here.
#pragma once

#include <cstdint>

namespace pgas::rt {

// X(enumerator, how messages name it, the kind it meets on the other threads). upc_barrier is
// upc_notify + upc_wait (UPC 1.3, 6.6.1), so one thread's barrier completes another's split phase.
#define PGAS_COLLECTIVE_KINDS(X)                                          \
  X(kBarrier, "upc_barrier", kBarrier)                                    \
  X(kNotify, "upc_notify", kBarrier)                                      \
  X(kAllAlloc, "upc_all_alloc", kAllAlloc)                                \
  X(kArrayAlloc, "the allocation of a shared array", kArrayAlloc)         \
  X(kArrayFree, "the collective free of", kArrayFree)                     \
  X(kAllLockAlloc, "upc_all_lock_alloc", kAllLockAlloc)                   \
  X(kAllLockFree, "upc_all_lock_free", kAllLockFree)                      \
  X(kAllFree, "upc_all_free", kAllFree)                                   \
  X(kAtomicDomainAlloc, "upc_all_atomicdomain_alloc", kAtomicDomainAlloc) \
  X(kAtomicDomainFree, "upc_all_atomicdomain_free", kAtomicDomainFree)    \
  X(kRuntimeBarrier, "the runtime's barrier in", kRuntimeBarrier)         \
  X(kExit, "the end of main (a return from main or exit)", kExit)         \
  X(kUpcAllBroadcast, "upc_all_broadcast", kUpcAllBroadcast)              \
  X(kUpcAllScatter, "upc_all_scatter", kUpcAllScatter)                    \
  X(kUpcAllGather, "upc_all_gather", kUpcAllGather)                       \
  X(kUpcAllGatherAll, "upc_all_gather_all", kUpcAllGatherAll)             \
  X(kUpcAllExchange, "upc_all_exchange", kUpcAllExchange)                 \
  X(kUpcAllPermute, "upc_all_permute", kUpcAllPermute)                    \
  X(kUpcAllReduce, "upc_all_reduce", kUpcAllReduce)                       \
  X(kUpcAllPrefixReduce, "upc_all_prefix_reduce", kUpcAllPrefixReduce)    \
  X(kUpcAllSort, "upc_all_sort", kUpcAllSort)                             \
  X(kUpccollCall, "a Collectives 2.0 call", kUpccollCall)

enum class CollectiveKind : std::uint32_t {
#define PGAS_COLLECTIVE_ENUMERATOR(kind, name, meets) kind,
  PGAS_COLLECTIVE_KINDS(PGAS_COLLECTIVE_ENUMERATOR)
#undef PGAS_COLLECTIVE_ENUMERATOR
};

inline const char *collective_kind_name(CollectiveKind kind) {
  switch (kind) {
#define PGAS_COLLECTIVE_NAME(k, name, meets) \
  case CollectiveKind::k:                    \
    return name;
    PGAS_COLLECTIVE_KINDS(PGAS_COLLECTIVE_NAME)
#undef PGAS_COLLECTIVE_NAME
  }
  return "an unknown collective";
}

// The kind whose calls this kind's calls meet: equal on every thread of a phase that agrees.
inline CollectiveKind collective_kind_meets(CollectiveKind kind) {
  switch (kind) {
#define PGAS_COLLECTIVE_MEETS(k, name, meets) \
  case CollectiveKind::k:                     \
    return CollectiveKind::meets;
    PGAS_COLLECTIVE_KINDS(PGAS_COLLECTIVE_MEETS)
#undef PGAS_COLLECTIVE_MEETS
  }
  return kind;
}

}  // namespace pgas::rt
