// UPC_PTS atomics of an atomicity domain (pgas/upc_atomic.h): UPC_GET, UPC_SET and UPC_CSWAP on a
// pointer-to-shared stored in shared memory. A pointer-to-shared (global_ptr<void>: handle, thread, phase,
// address and blocking factor) is wider than any compare-and-swap either conduit has (16 bytes with
// cmpxchg16b on shm, 8 with MPI_Compare_and_swap), and packing it into 8 or 16 bytes would cap the handles,
// threads or addresses a program may use. So a domain's UPC_PTS operations hold a UPC lock of the domain,
// one per thread owning the target, for the read and write of the pointer: they are atomic with respect to
// each other, which is what UPC 1.3 asks of the operations of one domain, on both conduits.
#pragma once

#include <vector>

#include "pgas/locks.h"
#include "pgas/upc_atomic.h"

namespace pgas::rt {

// The locks of a UPC_PTS domain, one per thread (collective: every thread calls it in the same order).
std::vector<upc_lock_t *> pointer_domain_locks();
void free_pointer_domain_locks(std::vector<upc_lock_t *> &locks);  // collective

// Applies UPC_GET, UPC_SET or UPC_CSWAP to the global_ptr<void> at `target`; *fetch_ptr (when not null)
// receives the old pointer. UPC_CSWAP compares as == does (the same object, thread and address).
void pointer_atomic(const std::vector<upc_lock_t *> &locks, void *fetch_ptr, upc_op_t op,
                    detail::gaddr target, const void *operand1, const void *operand2);

}  // namespace pgas::rt
