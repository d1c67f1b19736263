// Waiting that stays fast when threads outnumber cores: spin briefly, then yield, then sleep on a futex.
#pragma once

#include <atomic>
#include <climits>
#include <cstdint>
#include <functional>

#include "control.hpp"

namespace pgas::rt {

void futex_wait(std::atomic<std::uint32_t> *word, std::uint32_t expected, int timeout_ms);
void futex_wake(std::atomic<std::uint32_t> *word, int count);

// One pause of a spin loop (inline: a call per poll would lengthen the time to notice a change).
inline void cpu_relax() {
#if defined(__x86_64__) || defined(__i386__)
  __builtin_ia32_pause();
#elif defined(__aarch64__)
  asm volatile("yield");
#endif
}
void yield_cpu();
std::uint64_t spin_clock_ns();

// How long to spin before yielding, in ns: a few microseconds (a pause instruction costs 10-140 cycles
// depending on the CPU, so spinning is bounded by time), nothing when threads outnumber usable CPUs, so that
// the thread we wait for gets a core.
std::uint64_t spin_budget_ns();
// How long a wait that polls may keep yielding before it sleeps, in ns: long enough to cover a typical
// load imbalance between collectives (200 us) when every thread has a core, nothing when threads
// outnumber usable CPUs.
std::uint64_t yield_budget_ns();

// Whether this thread has a CPU of its own (pgasrun --bind-to core): then a wait may poll through its
// yield budget instead of yielding, since yielding could only hand the CPU to another job's process.
bool own_cpu();

// Call after changing the state that waiters of `w` test: bumps the word and wakes sleepers, if any.
void wake_all(WaitWord &w);
// For a word that is itself the state waiters test (a semaphore's value), after a sequentially consistent
// change of it: wakes the sleepers, if any (no system call when nobody sleeps). A sleeper increments
// `sleepers` and then reads `value`; the waker changed `value` and then reads `sleepers` (both
// sequentially consistent): either the sleeper sees the change and does not sleep, or the waker sees the
// sleeper and wakes it.
inline void wake_sleepers(WaitWord &w) {
  if (w.sleepers.load(std::memory_order_seq_cst) != 0) [[unlikely]]
    futex_wake(&w.value, INT_MAX);
}

// The first stage of a wait: polls done() for spin_budget_ns() (nothing when oversubscribed); true if it
// became true meanwhile. The clock is read every 64 polls: reading it costs as much as a few polls, and
// a change that arrives during the read is noticed that much later.
template <class Done>
bool spin_until(Done done) {
  if (done()) return true;
  if (const std::uint64_t budget = spin_budget_ns(); budget > 0) {
    const std::uint64_t start = spin_clock_ns();
    do {
      for (int i = 0; i < 64; ++i) {
        if (done()) return true;
        cpu_relax();
      }
    } while (spin_clock_ns() - start < budget);
  }
  return false;
}

// The rest of a wait, once spinning did not suffice: yields, then sleeps on `w` (any change of w.value
// wakes it; a thread that changes the state calls wake_all or wake_sleepers). `check()` runs between sleeps
// (every ~50 ms) so that waits can notice a failed job; it reports and exits if waiting can never succeed.
template <class Done, class Check>
void block_until(WaitWord &w, Done done, Check check) {
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

// Returns once done() is true: spin_until, then block_until.
template <class Done, class Check>
void wait_until(WaitWord &w, Done done, Check check) {
  if (!spin_until(done)) block_until(w, done, check);
}

// The futex mutex (0 free, 1 locked, 2 locked with possible sleepers).
void mutex_lock(std::atomic<std::uint32_t> &state);
// As mutex_lock, but asks give_up() between sleeps (every ~100 ms) and returns false, without the mutex,
// once it says so (a lock whose holder can never release it).
bool mutex_lock_unless(std::atomic<std::uint32_t> &state, const std::function<bool()> &give_up);
bool mutex_try_lock(std::atomic<std::uint32_t> &state);
void mutex_unlock(std::atomic<std::uint32_t> &state);

}  // namespace pgas::rt
