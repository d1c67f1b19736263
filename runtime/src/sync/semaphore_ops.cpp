// The semaphore operations behind the transport seam: post (an atomic increment of the owner's cell, with
// BOOLEAN saturation, the SPRODUCER check and the UPC_SEM_MAXVALUE check) and wait/try (a compare-and-swap
// decrement, waiting as the barrier does). On shm the cell is reached directly and a waiter sleeps on the
// value itself (a futex word); on a network conduit through its atomics, in the owner's window.
#include <algorithm>

#include "conduit/active.hpp"
#include "emulation.hpp"
#include "errors.hpp"
#include "handles.hpp"
#include "pgas/detail/api.hpp"
#include "runtime.hpp"
#include "sync/semaphore_cell.hpp"
#include "wait.hpp"

namespace pgas::rt {

void emulate_message(int thread) {
  if (thread != g_runtime.mythread) emulate_transfer(sizeof(std::uint64_t));
}

void increment(pgas_handle_t sem, const Cell &cell, std::size_t n, int flags, const char *operation) {
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

namespace {

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
  auto done = [&] {
    if (detail::g_progress_needed) [[unlikely]]
      complete_signals(false);  // the partner may wait for one of them before it posts
    return (got = try_take(cell, n, m)) != 0;
  };
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

}  // namespace

void semaphore_post(pgas_handle_t sem, int thread, std::size_t n, int flags) {
  emulate_message(thread);
  increment(sem, Cell(sem, thread, "upc_sem_post"), n, flags, "upc_sem_post");
}

std::size_t semaphore_wait(pgas_handle_t sem, int thread, std::size_t n, std::size_t m, bool blocking) {
  const Cell cell(sem, thread, "upc_sem_wait");
  if (std::size_t got = try_take(cell, n, m); got != 0 || !blocking) return got;
  return blocking_take(sem, cell, n, m);
}

}  // namespace pgas::rt
