// Waiting that stays fast when threads outnumber cores: spin briefly, then yield, then sleep on a futex.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>

#include "control.hpp"

namespace pgas::rt {

void futex_wait(std::atomic<std::uint32_t> *word, std::uint32_t expected, int timeout_ms);
void futex_wake(std::atomic<std::uint32_t> *word, int count);

void cpu_relax();
void yield_cpu();
std::uint64_t spin_clock_ns();

// How long to spin before yielding, in ns: a few microseconds (a pause instruction costs 10-140 cycles
// depending on the CPU, so spinning is bounded by time), nothing when threads outnumber usable CPUs, so that
// the thread we wait for gets a core.
std::uint64_t spin_budget_ns();

// Call after changing the state that waiters of `w` test: bumps the word and wakes sleepers, if any.
void wake_all(WaitWord &w);

// Returns once done() is true. `check()` runs between sleeps (every ~50 ms) so that waits can notice a
// failed job; it reports and exits if waiting can never succeed.
template <class Done, class Check>
void wait_until(WaitWord &w, Done done, Check check) {
  if (done()) return;
  if (const std::uint64_t budget = spin_budget_ns(); budget > 0) {
    const std::uint64_t start = spin_clock_ns();
    do {
      for (int i = 0; i < 16; ++i) {
        if (done()) return;
        cpu_relax();
      }
    } while (spin_clock_ns() - start < budget);
  }
  for (int i = 0; i < 64; ++i) {
    if (done()) return;
    yield_cpu();
  }
  for (;;) {
    w.sleepers.fetch_add(1, std::memory_order_seq_cst);
    std::uint32_t seen = w.value.load(std::memory_order_seq_cst);
    if (done()) {
      w.sleepers.fetch_sub(1, std::memory_order_relaxed);
      return;
    }
    futex_wait(&w.value, seen, 50);
    w.sleepers.fetch_sub(1, std::memory_order_relaxed);
    if (done()) return;
    check();
  }
}

// The futex mutex (0 free, 1 locked, 2 locked with possible sleepers).
void mutex_lock(std::atomic<std::uint32_t> &state);
// As mutex_lock, but asks give_up() between sleeps (every ~100 ms) and returns false, without the mutex,
// once it says so (a lock whose holder can never release it).
bool mutex_lock_unless(std::atomic<std::uint32_t> &state, const std::function<bool()> &give_up);
bool mutex_try_lock(std::atomic<std::uint32_t> &state);
void mutex_unlock(std::atomic<std::uint32_t> &state);

}  // namespace pgas::rt
