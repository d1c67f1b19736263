// The semaphore operations behind the transport seam: post (an atomic increment of the owner's cell, with
// BOOLEAN saturation, the SPRODUCER check and the UPC_SEM_MAXVALUE check), wait/try (a compare-and-swap
// decrement, waiting as the barrier does), and the signalling transfers (the bytes complete, then the
// increment). Cells are reached through the conduit's atomics, so the same code runs on the MPI conduit's
// window; on shm a waiter also sleeps on the cell's futex word, which every post bumps.
#include <algorithm>

#include "conduit/active.hpp"
#include "emulation.hpp"
#include "errors.hpp"
#include "handles.hpp"
#include "runtime.hpp"
#include "sync/semaphore.hpp"
#include "wait.hpp"

namespace pgas::rt {
namespace {

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

// A remote semaphore costs a network message per operation when the network is emulated.
void emulate_message(int thread) {
  if (thread != g_runtime.mythread) emulate_transfer(sizeof(std::uint64_t));
}

void increment(pgas_handle_t sem, const Cell &cell, std::size_t n, int flags, const char *operation) {
  emulate_message(cell.thread());
  // The SPRODUCER check: the first post claims the semaphore; later ones by the same thread skip the
  // round trip (a handle is never reused with the same generation, so the remembered one stays right).
  static pgas_handle_t claimed = 0;
  if ((flags & UPC_SEM_SPRODUCER) != 0 && sem != claimed) {
    const std::uint64_t me = static_cast<std::uint64_t>(g_runtime.mythread) + 1;
    check_single_producer(sem, cell.thread(), cell.word(kProducerAt, PGAS_ATOMIC_CSWAP, me, 0), operation);
    claimed = sem;
  }
  if (n == 0) return;
  if ((flags & UPC_SEM_BOOLEAN) != 0) {
    cell.set_one();  // saturates: posting a 1 leaves a 1
  } else {
    // n <= UPC_SEM_MAXVALUE and the value too: their sum fits the 32-bit word.
    if (n > static_cast<std::size_t>(UPC_SEM_MAXVALUE)) report_overflow(sem, cell.thread(), cell.load(), n);
    const std::uint32_t old = cell.fetch_add(static_cast<std::uint32_t>(n));
    if (old + n > static_cast<std::uint64_t>(UPC_SEM_MAXVALUE)) report_overflow(sem, cell.thread(), old, n);
  }
  if (cell.mapped() != nullptr) wake_sleepers(cell.mapped()->word);
}

// Takes min(value, m) if the value is at least n; 0 otherwise.
std::size_t try_take(const Cell &cell, std::size_t n, std::size_t m) {
  emulate_message(cell.thread());
  std::uint32_t value = cell.load();
  while (value >= n) {
    const auto amount = static_cast<std::uint32_t>(std::min<std::size_t>(value, m));
    if (cell.replace(value, value - amount)) return amount;
  }
  return 0;
}

// Waits until a take succeeds, counted in the cell's waiters meanwhile (upc_sem_free's check). The
// semaphore being freed meanwhile (a misuse whose free reports it) is noticed between sleeps.
std::size_t blocking_take(pgas_handle_t sem, const Cell &cell, std::size_t n, std::size_t m) {
  std::size_t got = 0;
  auto done = [&] { return (got = try_take(cell, n, m)) != 0; };
  auto still_live = [&] { check_semaphore_live(sem, cell.thread(), "upc_sem_wait", true); };
  if (SemaphoreCell *mapped = cell.mapped()) {
    // Spinning first, unregistered: a wait that ends within the spin costs no bookkeeping.
    if (spin_until(done)) return got;
    cell.word(kWaitersAt, PGAS_ATOMIC_FETCH_ADD, 1);
    block_until(mapped->word, done, still_live);
  } else {
    // A network conduit: poll the cell (the owner its own memory), letting the network progress. This
    // process's copy of the handle table may be stale, so liveness is asked of the creator first: a wait
    // that starts after the free is reported at once.
    still_live();
    cell.word(kWaitersAt, PGAS_ATOMIC_FETCH_ADD, 1);
    for (std::uint64_t round = 1; !done(); ++round) {
      conduit().progress();
      if (round > 16) yield_cpu();
      if (round % 4096 == 0) still_live();
    }
  }
  cell.word(kWaitersAt, PGAS_ATOMIC_FETCH_ADD, ~std::uint64_t{0});
  return got;
}

// Moves the bytes of a signalling transfer with `move(conduit, segment offset)`, then increments the
// semaphore at the same thread.
template <class Move>
void signalled_transfer(pgas_handle_t h, int thread, std::size_t offset, std::size_t size, pgas_handle_t sem,
                        std::size_t n, int flags, const char *operation, Move move) {
  const std::uint64_t at = resolve_offset(h, thread, offset, size, operation);
  const Cell cell(sem, thread, operation);
  if (size != 0) with_conduit([&](auto &c) { move(c, at); });
  emulate_transfer(size);
  increment(sem, cell, n, flags, operation);
}

}  // namespace

void semaphore_post(pgas_handle_t sem, int thread, std::size_t n, int flags) {
  increment(sem, Cell(sem, thread, "upc_sem_post"), n, flags, "upc_sem_post");
}

std::size_t semaphore_wait(pgas_handle_t sem, int thread, std::size_t n, std::size_t m, bool blocking) {
  const Cell cell(sem, thread, "upc_sem_wait");
  if (std::size_t got = try_take(cell, n, m); got != 0 || !blocking) return got;
  return blocking_take(sem, cell, n, m);
}

// The bytes are complete at the target when the conduit's put returns (MPI: flushed), so the increment that
// follows cannot overtake them; the waiter's decrement is sequentially consistent, so it sees them. A get
// is complete when it returns, so the source's owner is signalled only after it was read.
void signalling_put(pgas_handle_t dst, int thread, std::size_t offset, const void *src, std::size_t size,
                    pgas_handle_t sem, std::size_t n, int flags) {
  signalled_transfer(dst, thread, offset, size, sem, n, flags, "upc_memput_signal",
                     [&](auto &c, std::uint64_t at) { c.put(thread, at, src, size); });
}

void signalling_get(pgas_handle_t src, int thread, std::size_t offset, void *dst, std::size_t size,
                    pgas_handle_t sem, std::size_t n, int flags) {
  signalled_transfer(src, thread, offset, size, sem, n, flags, "upc_memget_signal",
                     [&](auto &c, std::uint64_t at) { c.get(thread, at, dst, size); });
}

}  // namespace pgas::rt
