// Polling a flag without starving the thread that sets it (the seed's future work, item 4): spin briefly,
// then yield, then block in `sleep` (on shm a futex the flag's writer wakes), so that waiting stays cheap
// when threads outnumber cores.
#pragma once

#include <time.h>

#include <algorithm>
#include <cstdint>

#include "wait.hpp"

namespace pgas::rt::coll {

class Backoff {
 public:
  void reset() { rounds_ = 0; }
  // Past the spinning and yielding: a good moment for checks that cost a remote access.
  bool slow() const { return rounds_ >= kSpins + kYields; }
  template <class Sleep>
  void pause(Sleep sleep) {
    ++rounds_;
    if (rounds_ < kSpins) {
      if (spin_budget_ns() > 0) {
        for (int i = 0; i < 32; ++i) cpu_relax();
        return;
      }
      rounds_ = kSpins;
    }
    if (rounds_ < kSpins + kYields) {
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
  static constexpr std::uint32_t kSpins = 200;
  static constexpr std::uint32_t kYields = 20;
  std::uint32_t rounds_ = 0;
};

}  // namespace pgas::rt::coll
