// Polling a flag without starving the thread that sets it (Fessenden and Seidel's future work, item 4): spin
// briefly, then yield (for up to yield_budget_ns() when threads have a core each; a thread bound to a CPU of
// its own polls instead), then block in `sleep` (on shm a futex the flag's writer wakes), so that waiting
// stays cheap when threads outnumber cores. A relentless Backoff (the `spin` variant, coll/variant.hpp) is
// Fessenden and Seidel's loop for comparison: it polls without ever sleeping, yielding the CPU between polls
// (without that, a thread spinning on an oversubscribed core would hold up the one it waits for by a whole
// time slice).
#pragma once

#include <time.h>

#include <algorithm>
#include <cstdint>

#include "wait.hpp"

namespace pgas::rt::coll {

class Backoff {
 public:
  explicit Backoff(bool relentless = false) : relentless_(relentless) {}
  void reset() { rounds_ = 0; }
  // Past the spinning and yielding: a good moment for checks that cost a remote access.
  bool slow() const { return relentless_ ? rounds_ % kYields == kYields - 1 : rounds_ >= kSpins + kYields; }
  template <class Sleep>
  void pause(Sleep sleep) {
    if (relentless_) {
      ++rounds_;
      cpu_relax();
      yield_cpu();
      return;
    }
    // Spinning is bounded by time, as the runtime's other waits (wait.hpp): a few microseconds, nothing when
    // threads outnumber CPUs. A round is one pause (some 20 ns) and the caller's poll, so that a flag is seen
    // within tens of nanoseconds of its store; the clock is read every kLook rounds, as it costs as much.
    if (rounds_ == 0) spin_start_ = spin_clock_ns();
    ++rounds_;
    const bool look = rounds_ % kLook == 0;
    if (rounds_ < kSpins && spin_budget_ns() > 0) {
      if (!look || spin_clock_ns() - spin_start_ < spin_budget_ns()) {
        cpu_relax();
        return;
      }
    }
    if (rounds_ < kSpins) rounds_ = kSpins;
    // A thread bound to a CPU of its own polls on for the yield budget, as MPI's progress loops do: on a
    // busy machine a yield hands its CPU to another job's process for a time slice, while the thread it
    // waits for runs on another CPU.
    if (own_cpu() && yield_budget_ns() > 0) {
      if (!look || spin_clock_ns() - spin_start_ < yield_budget_ns()) {
        cpu_relax();
        return;
      }
    } else if (rounds_ < kSpins + kYields || spin_clock_ns() - spin_start_ < yield_budget_ns()) {
      // With a core per thread, yielding is polling (nobody else wants the core): keep at it for a while,
      // since a futex wake-up costs microseconds on the path of the thread waited for.
      yield_cpu();
      return;
    }
    sleep();
  }
  // Without a flag to sleep on: growing sleeps.
  void pause() {
    pause([this] {
      const long ns =
          std::min<long>(1000L << std::min<std::uint32_t>(rounds_ - kSpins - kYields, 8), 200000L);
      const timespec t{0, ns};
      nanosleep(&t, nullptr);
    });
  }

 private:
  static constexpr std::uint32_t kSpins = 1u << 20;  // bounded by time in practice
  static constexpr std::uint32_t kYields = 20;
  static constexpr std::uint32_t kLook = 16;
  bool relentless_;
  std::uint32_t rounds_ = 0;
  std::uint64_t spin_start_ = 0;
};

}  // namespace pgas::rt::coll
