#include "wait.hpp"

#include <linux/futex.h>
#include <sched.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include <climits>

#include "runtime.hpp"

namespace pgas::rt {

// Futexes live in memory shared between processes, so the PRIVATE variants must not be used.
void futex_wait(std::atomic<std::uint32_t> *word, std::uint32_t expected, int timeout_ms) {
  timespec timeout{timeout_ms / 1000, (timeout_ms % 1000) * 1000000L};
  syscall(SYS_futex, reinterpret_cast<std::uint32_t *>(word), FUTEX_WAIT, expected, &timeout, nullptr, 0);
}

void futex_wake(std::atomic<std::uint32_t> *word, int count) {
  syscall(SYS_futex, reinterpret_cast<std::uint32_t *>(word), FUTEX_WAKE, count, nullptr, nullptr, 0);
}

void yield_cpu() { sched_yield(); }

std::uint64_t spin_clock_ns() {
  timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return static_cast<std::uint64_t>(ts.tv_sec) * 1000000000ull + static_cast<std::uint64_t>(ts.tv_nsec);
}

std::uint64_t spin_budget_ns() { return g_runtime.oversubscribed ? 0 : 5000; }

std::uint64_t yield_budget_ns() { return g_runtime.oversubscribed ? 0 : 200000; }

bool own_cpu() { return g_runtime.own_cpu; }

void wake_all(WaitWord &w) {
  w.value.fetch_add(1, std::memory_order_seq_cst);
  wake_sleepers(w);
}

bool mutex_try_lock(std::atomic<std::uint32_t> &state) {
  std::uint32_t expected = 0;
  return state.compare_exchange_strong(expected, 1, std::memory_order_seq_cst);
}

// Lock and unlock order memory like a strict access (UPC 1.2: they imply a null strict reference), so their
// atomic operations are sequentially consistent; on x86 these are the locked instructions anyway.
void mutex_lock(std::atomic<std::uint32_t> &state) { mutex_lock_unless(state, {}); }

bool mutex_lock_unless(std::atomic<std::uint32_t> &state, const std::function<bool()> &give_up) {
  if (mutex_try_lock(state)) return true;
  const std::uint64_t budget = spin_budget_ns(), start = spin_clock_ns();
  for (int round = 0; round < 64; ++round) {
    if (state.load(std::memory_order_relaxed) == 0 && mutex_try_lock(state)) return true;
    if (budget == 0 || spin_clock_ns() - start > budget)
      yield_cpu();
    else
      cpu_relax();
  }
  // Mark the lock contended and sleep until it is released to us.
  while (state.exchange(2, std::memory_order_seq_cst) != 0) {
    futex_wait(&state, 2, 100);
    if (give_up && give_up()) return false;  // the state stays 2: at worst one spurious wake later
  }
  return true;
}

void mutex_unlock(std::atomic<std::uint32_t> &state) {
  if (state.exchange(0, std::memory_order_seq_cst) == 2) futex_wake(&state, 1);
}

}  // namespace pgas::rt
