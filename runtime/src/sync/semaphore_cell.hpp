// A semaphore's cell as the runtime reaches it (shared by the semaphore operations, semaphore_ops.cpp, and
// the signalling transfers, signalling.cpp).
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>

#include "conduit/active.hpp"
#include "handles.hpp"
#include "runtime.hpp"
#include "sync/semaphore.hpp"

namespace pgas::rt {

// A semaphore's cell as this thread reaches it: directly where the owner's segment is mapped here (shm),
// through the conduit's atomics otherwise. Changes of the value are sequentially consistent
// read-modify-writes on every conduit.
class Cell {
 public:
  Cell(pgas_handle_t sem, int thread, const char *operation)
      : thread_(thread),
        at_(resolve_offset(sem, thread, 0, sizeof(SemaphoreCell), operation)),
        mapped_(g_runtime.network == nullptr ? reinterpret_cast<SemaphoreCell *>(segment_address(thread, at_))
                                             : nullptr) {}

  int thread() const { return thread_; }
  SemaphoreCell *mapped() const { return mapped_; }

  std::uint32_t load() const {
    if (mapped_ != nullptr) [[likely]]
      return mapped_->word.value.load(std::memory_order_acquire);
    return static_cast<std::uint32_t>(network(kValueAt, PGAS_UINT32, PGAS_ATOMIC_LOAD, 0));
  }
  std::uint32_t fetch_add(std::uint32_t n) const {
    if (mapped_ != nullptr) [[likely]]
      return mapped_->word.value.fetch_add(n, std::memory_order_seq_cst);
    return static_cast<std::uint32_t>(network(kValueAt, PGAS_UINT32, PGAS_ATOMIC_FETCH_ADD, n));
  }
  void set_one() const {
    if (mapped_ != nullptr) [[likely]]
      mapped_->word.value.exchange(1, std::memory_order_seq_cst);
    else
      network(kValueAt, PGAS_UINT32, PGAS_ATOMIC_SWAP, 1);
  }
  // Replaces `expected` by `desired`; false (and `expected` the value seen) if the value was not `expected`.
  bool replace(std::uint32_t &expected, std::uint32_t desired) const {
    if (mapped_ != nullptr) [[likely]]
      return mapped_->word.value.compare_exchange_strong(expected, desired, std::memory_order_seq_cst);
    const auto seen =
        static_cast<std::uint32_t>(network(kValueAt, PGAS_UINT32, PGAS_ATOMIC_CSWAP, desired, expected));
    const bool replaced = seen == expected;
    expected = seen;
    return replaced;
  }
  // The 64-bit bookkeeping words (producer, waiters), through the conduit on every conduit: off the fast
  // path.
  std::uint64_t word(std::size_t field, pgas_atomic_op_t op, std::uint64_t operand,
                     std::uint64_t compare = 0) const {
    std::uint64_t result = 0;
    with_conduit(
        [&](auto &c) { c.atomic(thread_, at_ + field, PGAS_UINT64, op, &operand, &compare, &result); });
    return result;
  }

 private:
  std::uint64_t network(std::size_t field, pgas_type_t type, pgas_atomic_op_t op, std::uint32_t operand,
                        std::uint32_t compare = 0) const {
    std::uint32_t result = 0;
    g_runtime.network->atomic(thread_, at_ + field, type, op, &operand, &compare, &result);
    return result;
  }

  int thread_;
  std::uint64_t at_;
  SemaphoreCell *mapped_;  // nullptr on a network conduit
};

// Increments the semaphore by n (BOOLEAN: saturating at 1; the SPRODUCER and UPC_SEM_MAXVALUE checks;
// wakes sleeping waiters on shm). Costs no emulated message: callers charge the message it travels in.
void increment(pgas_handle_t sem, const Cell &cell, std::size_t n, int flags, const char *operation);

// A remote semaphore operation costs a network message when the network is emulated.
void emulate_message(int thread);

}  // namespace pgas::rt
