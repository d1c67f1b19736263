// Waiting for a peer's flag (sync_flags.hpp). On shm the thread sleeps on its wake word in the control
// block, which write_word bumps; on a network conduit it polls its own memory, letting the network deliver
// the peer's put, and backs off so that oversubscribed jobs give the peer a core.
#pragma once

#include <sched.h>
#include <time.h>

#include <algorithm>

#include "conduit/active.hpp"
#include "runtime.hpp"
#include "wait.hpp"

namespace pgas::rt {

// Returns once done() is true; check() runs every ~50 ms of waiting and reports (and exits) if the wait
// can never end.
template <class Done, class Check>
void wait_for_peer(Done done, Check check) {
  if (g_runtime.network == nullptr) {
    wait_until(g_runtime.ctl->peer_wake[g_runtime.mythread].word, done, check);
    return;
  }
  constexpr std::uint64_t kCheckEveryNs = 50'000'000;
  std::uint64_t last_check = spin_clock_ns();
  for (int attempt = 0;; ++attempt) {
    g_runtime.network->progress();
    if (done()) return;
    if (attempt < 16) {
      sched_yield();
    } else {
      timespec pause{0, std::min(1000L << std::min(attempt - 16, 7), 100000L)};
      nanosleep(&pause, nullptr);
    }
    if (spin_clock_ns() - last_check > kCheckEveryNs) {
      check();
      last_check = spin_clock_ns();
    }
  }
}

}  // namespace pgas::rt
