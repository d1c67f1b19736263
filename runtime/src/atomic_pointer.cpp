// UPC_PTS atomics under a lock of the domain (see atomic_pointer.hpp).
#include "atomic_pointer.hpp"

#include <cstring>

#include "errors.hpp"
#include "runtime.hpp"

namespace pgas::rt {

using Pointer = global_ptr<void>;
static_assert(std::is_trivially_copyable_v<Pointer>, "a pointer-to-shared moves as bytes");

std::vector<upc_lock_t *> pointer_domain_locks() {
  std::vector<upc_lock_t *> locks;
  for (int t = 0; t < g_runtime.threads; ++t) locks.push_back(upc_all_lock_alloc());
  return locks;
}

void free_pointer_domain_locks(std::vector<upc_lock_t *> &locks) {
  for (upc_lock_t *lock : locks) upc_all_lock_free(lock);
  locks.clear();
}

void pointer_atomic(const std::vector<upc_lock_t *> &locks, void *fetch_ptr, upc_op_t op,
                    detail::gaddr target, const void *operand1, const void *operand2) {
  Pointer old, a, b;
  if (operand1 != nullptr) std::memcpy(static_cast<void *>(&a), operand1, sizeof a);
  if (operand2 != nullptr) std::memcpy(static_cast<void *>(&b), operand2, sizeof b);
  upc_lock_t *lock = locks[static_cast<std::size_t>(target.thread)];
  upc_lock(lock);
  detail::memget(&old, target, sizeof old);
  if (op == UPC_SET || (op == UPC_CSWAP && old == a))
    detail::memput(target, op == UPC_SET ? &a : &b, sizeof a);
  upc_unlock(lock);
  if (fetch_ptr != nullptr) std::memcpy(fetch_ptr, static_cast<const void *>(&old), sizeof old);
}

}  // namespace pgas::rt
