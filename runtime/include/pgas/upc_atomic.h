// UPC 1.3's upc_atomic.h: atomic operations on shared data through atomicity domains. A domain names one
// type and the set of operations its threads apply; accesses through one domain are atomic with respect
// to each other (and to pgas::atomic_* on the same elements, which are the engine: remote_atomic for
// another thread's element, the same atomic instructions for the caller's own). Operations the engine does
// not have (UPC_MULT, and every arithmetic on UPC_FLOAT / UPC_DOUBLE) are compare-and-swap loops over it.
//
//   upc_atomicdomain_t *d = upc_all_atomicdomain_alloc(UPC_LONG, UPC_ADD | UPC_GET, 0);  // collective
//   long one = 1, old;
//   upc_atomic_relaxed(d, &old, UPC_ADD, &counter[0], &one, nullptr);
//   upc_all_atomicdomain_free(d);                                                      // collective
//
// Supported types: UPC_INT, UPC_UINT, UPC_LONG, UPC_ULONG, UPC_INT32, UPC_UINT32, UPC_INT64, UPC_UINT64,
// UPC_FLOAT, UPC_DOUBLE, and UPC_PTS with the access operations UPC_GET, UPC_SET and UPC_CSWAP on a
// pointer-to-shared stored in shared memory (a pgas::global_ptr<void>; the operands and *fetch_ptr are
// global_ptr<void> too, and UPC_CSWAP compares as == does). A pointer-to-shared (handle, thread, phase,
// address, blocking factor: 40 bytes) is wider than any compare-and-swap of the conduits (16 bytes with
// cmpxchg16b on shm, 8 with MPI_Compare_and_swap on MPI), and packing it into 64 bits would cap the
// objects, threads or addresses a program may use; so a UPC_PTS domain holds one UPC lock per thread
// (upc_all_lock_alloc, taken at upc_all_atomicdomain_alloc) and each operation reads and writes the
// pointer under the lock of the thread that owns it: atomic with respect to every operation of the domain
// (what UPC 1.3 promises), on both conduits, and never fast (upc_atomic_isfast returns 0).
// Misuse (an operation outside the domain's set or the type's, a freed domain, a missing operand) stops
// the job with a message.
#pragma once

#include "pgas/detail/api.hpp"
#include "pgas/global_ptr.hpp"
#include "pgas/memory.hpp"
#include "pgas/upc_atomic_types.h"
#include "pgas/upc_types.h"

#pragma GCC visibility push(default)
// Collective: every thread passes the same arguments and gets the same domain.
upc_atomicdomain_t *upc_all_atomicdomain_alloc(upc_type_t type, upc_op_t ops, upc_atomichint_t hints);
void upc_all_atomicdomain_free(upc_atomicdomain_t *domain);
// 1 when every operation of `ops` on `type` is one instruction of the engine (no compare-and-swap loop).
int upc_atomic_isfast(upc_type_t type, upc_op_t ops, const pgas::global_ptr<const void> &addr);

namespace pgas::detail {
void atomic_domain_apply(upc_atomicdomain_t *domain, void *fetch_ptr, upc_op_t op, gaddr target,
                         const void *operand1, const void *operand2, bool strict);
}  // namespace pgas::detail
#pragma GCC visibility pop

// *fetch_ptr (when not null) receives the value the target had before the operation. operand1 is the
// operand (UPC_CSWAP: the value compared), operand2 UPC_CSWAP's new value.
inline void upc_atomic_strict(upc_atomicdomain_t *domain, void *fetch_ptr, upc_op_t op,
                              const pgas::global_ptr<void> &target, const void *operand1,
                              const void *operand2) {
  pgas::detail::atomic_domain_apply(domain, fetch_ptr, op, pgas::detail::address_of(target), operand1,
                                    operand2, true);
}
inline void upc_atomic_relaxed(upc_atomicdomain_t *domain, void *fetch_ptr, upc_op_t op,
                               const pgas::global_ptr<void> &target, const void *operand1,
                               const void *operand2) {
  pgas::detail::atomic_domain_apply(domain, fetch_ptr, op, pgas::detail::address_of(target), operand1,
                                    operand2, false);
}
