// Threads that run different collective operations, one way per command-line mode (checked by
// collective_test.cpp and, under mpirun, by CMakeLists.txt): a thread that skips a barrier, or enters
// another collective, or finishes main while its peers wait in one. Each must stop the job with one message
// naming both calls and both threads; none may be satisfied by a different collective, none may hang.
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <map>
#include <pgas/upc.hpp>
#include <string>

#include "failure_mode.hpp"

using namespace pgas;

namespace {

const int last = THREADS - 1;  // evaluated after the runtime started (static initialization)

// What a mode tells main: go on (and report that nothing was detected), or return from main at once.
enum class Next { kContinue, kReturnFromMain };

// The program: the last thread skips the second barrier; the collective free in A's destructor
// must not complete the others' barrier.
Next skipped_barrier_before_free() {
  shared_array<int> A(static_cast<std::size_t>(THREADS), 1, "A");
  upc_barrier;
  if (MYTHREAD == last) return Next::kReturnFromMain;
  upc_barrier;
  std::puts("passed");
  return Next::kContinue;
}

Next barrier_against_all_alloc() {
  if (MYTHREAD == last)
    upc_all_alloc(static_cast<std::size_t>(THREADS), sizeof(int));
  else
    upc_barrier;
  return Next::kContinue;
}

Next notify_against_lock_alloc() {
  if (MYTHREAD == last) {
    upc_notify;
    upc_wait;
  } else {
    upc_all_lock_alloc();
  }
  return Next::kContinue;
}

// The last thread finishes main holding a lock the others wait for: it can never be released.
Next return_holding_a_lock() {
  upc_lock_t *lock = upc_all_lock_alloc();
  if (MYTHREAD == last) upc_lock(lock);
  upc_barrier;
  if (MYTHREAD == last) return Next::kReturnFromMain;
  upc_lock(lock);
  return Next::kContinue;
}

Next return_during_barrier() {
  upc_barrier;
  if (MYTHREAD == last) return Next::kReturnFromMain;
  upc_barrier;
  return Next::kContinue;
}

Next exit_during_barrier() {
  upc_barrier;
  if (MYTHREAD == last) std::exit(0);
  upc_barrier;
  return Next::kContinue;
}

// _exit skips the runtime's exit handler: the launcher, which reaps the thread, tells the waiters.
Next underscore_exit_during_barrier() {
  upc_barrier;
  if (MYTHREAD == last) _exit(0);
  upc_barrier;
  return Next::kContinue;
}

Next return_during_all_alloc() {
  if (MYTHREAD == last) return Next::kReturnFromMain;
  upc_all_alloc(static_cast<std::size_t>(THREADS), sizeof(int));
  return Next::kContinue;
}

Next return_during_lock_alloc() {
  if (MYTHREAD == last) return Next::kReturnFromMain;
  upc_all_lock_alloc();
  return Next::kContinue;
}

// The last thread returns while thread 0 waits at a barrier and thread 1 waits for a flag that thread 0
// would set after it: the barrier can never complete, and its waiter must still notice the exit.
Next return_while_a_peer_spins() {
  global_ptr<int> flag = upc_all_alloc(1, sizeof(int));
  upc_barrier;
  if (MYTHREAD == last) return Next::kReturnFromMain;
  if (MYTHREAD == 1) {
    while (flag[0] == 0) upc_fence;
  } else {
    upc_barrier;
    flag[0] = 1;
  }
  return Next::kContinue;
}

// Meaningful at one thread as well: a split barrier left open.
Next return_between_notify_and_wait() {
  upc_notify;
  return Next::kReturnFromMain;
}

Next all_alloc_between_notify_and_wait() {
  upc_notify;
  upc_all_alloc(1, 8);
  upc_wait;
  return Next::kContinue;
}

}  // namespace

int main(int argc, char **argv) {
  const std::map<std::string, std::function<Next()>> modes = {
      {"skipped-barrier-before-free", skipped_barrier_before_free},
      {"barrier-against-all-alloc", barrier_against_all_alloc},
      {"notify-against-lock-alloc", notify_against_lock_alloc},
      {"return-during-barrier", return_during_barrier},
      {"exit-during-barrier", exit_during_barrier},
      {"return-holding-a-lock", return_holding_a_lock},
      {"underscore-exit-during-barrier", underscore_exit_during_barrier},
      {"return-during-all-alloc", return_during_all_alloc},
      {"return-during-lock-alloc", return_during_lock_alloc},
      {"return-while-a-peer-spins", return_while_a_peer_spins},
      {"return-between-notify-and-wait", return_between_notify_and_wait},
      {"all-alloc-between-notify-and-wait", all_alloc_between_notify_and_wait},
  };
  return pgas_test::run_failure_mode(argc, argv, "collective_program", modes, Next::kReturnFromMain);
}
