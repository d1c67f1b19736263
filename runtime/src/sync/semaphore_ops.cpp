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

std::uint64_t cell_at(pgas_handle_t sem, int thread, const char *operation) {
  return resolve_offset(sem, thread, 0, sizeof(SemaphoreCell), operation);
}

bool on_shm() { return g_runtime.network == nullptr; }

std::uint64_t atomic_word(int thread, std::uint64_t at, pgas_atomic_op_t op, std::uint64_t operand,
                          std::uint64_t compare = 0) {
  std::uint64_t result = 0;
  with_conduit([&](auto &c) { c.atomic(thread, at, PGAS_UINT64, op, &operand, &compare, &result); });
  return result;
}

// A remote semaphore costs a network message per operation when the network is emulated.
void emulate_message(int thread) {
  if (thread != g_runtime.mythread) emulate_transfer(sizeof(std::uint64_t));
}

void increment(pgas_handle_t sem, int thread, std::uint64_t at, std::size_t n, int flags,
               const char *operation) {
  emulate_message(thread);
  // The SPRODUCER check: the first post claims the semaphore; later ones by the same thread skip the
  // round trip (a handle is never reused with the same generation, so the remembered one stays right).
  static pgas_handle_t claimed = 0;
  if ((flags & UPC_SEM_SPRODUCER) != 0 && sem != claimed) {
    const std::uint64_t me = static_cast<std::uint64_t>(g_runtime.mythread) + 1;
    check_single_producer(sem, thread, atomic_word(thread, at + kProducerAt, PGAS_ATOMIC_CSWAP, me, 0),
                          operation);
    claimed = sem;
  }
  if (n == 0) return;
  if ((flags & UPC_SEM_BOOLEAN) != 0) {
    atomic_word(thread, at + kValueAt, PGAS_ATOMIC_SWAP, 1);  // saturates: posting a 1 leaves a 1
  } else {
    const std::uint64_t old = atomic_word(thread, at + kValueAt, PGAS_ATOMIC_FETCH_ADD, n);
    if (old + n > static_cast<std::uint64_t>(UPC_SEM_MAXVALUE)) report_overflow(sem, thread, old, n);
  }
  if (on_shm()) wake_all(reinterpret_cast<SemaphoreCell *>(segment_address(thread, at))->wake);
}

// Takes min(value, m) if the value is at least n; 0 otherwise.
std::size_t try_take(int thread, std::uint64_t at, std::size_t n, std::size_t m) {
  emulate_message(thread);
  std::uint64_t value = atomic_word(thread, at + kValueAt, PGAS_ATOMIC_LOAD, 0);
  while (value >= n) {
    const std::uint64_t amount = std::min<std::uint64_t>(value, m);
    const std::uint64_t seen = atomic_word(thread, at + kValueAt, PGAS_ATOMIC_CSWAP, value - amount, value);
    if (seen == value) return static_cast<std::size_t>(amount);
    value = seen;
  }
  return 0;
}

// Waits until a take succeeds. The semaphore being freed meanwhile (a misuse whose free reports it) is
// noticed between sleeps.
std::size_t blocking_take(pgas_handle_t sem, int thread, std::uint64_t at, std::size_t n, std::size_t m) {
  std::size_t got = 0;
  auto done = [&] { return (got = try_take(thread, at, n, m)) != 0; };
  auto still_live = [&] { check_semaphore_live(sem, thread, "upc_sem_wait", true); };
  if (on_shm()) {
    wait_until(reinterpret_cast<SemaphoreCell *>(segment_address(thread, at))->wake, done, still_live);
    return got;
  }
  // A network conduit: poll the cell (the owner its own memory), letting the network progress.
  for (std::uint64_t round = 1; !done(); ++round) {
    conduit().progress();
    if (round > 16) yield_cpu();
    if (round % 4096 == 0) still_live();
  }
  return got;
}

// Moves the bytes of a signalling transfer with `move(conduit, segment offset)`, then increments the
// semaphore at the same thread.
template <class Move>
void signalled_transfer(pgas_handle_t h, int thread, std::size_t offset, std::size_t size, pgas_handle_t sem,
                        std::size_t n, int flags, const char *operation, Move move) {
  const std::uint64_t at = resolve_offset(h, thread, offset, size, operation);
  const std::uint64_t cell = cell_at(sem, thread, operation);
  if (size != 0) with_conduit([&](auto &c) { move(c, at); });
  emulate_transfer(size);
  increment(sem, thread, cell, n, flags, operation);
}

}  // namespace

void semaphore_post(pgas_handle_t sem, int thread, std::size_t n, int flags) {
  increment(sem, thread, cell_at(sem, thread, "upc_sem_post"), n, flags, "upc_sem_post");
}

std::size_t semaphore_wait(pgas_handle_t sem, int thread, std::size_t n, std::size_t m, bool blocking) {
  const std::uint64_t at = cell_at(sem, thread, "upc_sem_wait");
  if (std::size_t got = try_take(thread, at, n, m); got != 0 || !blocking) return got;
  atomic_word(thread, at + kWaitersAt, PGAS_ATOMIC_FETCH_ADD, 1);
  const std::size_t got = blocking_take(sem, thread, at, n, m);
  atomic_word(thread, at + kWaitersAt, PGAS_ATOMIC_FETCH_ADD, ~std::uint64_t{0});
  return got;
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
