// Misuse of semaphores and signalling transfers (Bonachea's proposal), one way per command-line mode; each
// must stop the job with exit status 70 and a message naming the semaphore by its allocation site and owner.
// The last thread misbehaves; thread 0 owns the semaphore where one is shared.
#include <chrono>
#include <csignal>
#include <cstdio>
#include <functional>
#include <map>
#include <pgas/upc.hpp>
#include <string>
#include <thread>

#include "failure_mode.hpp"

using namespace pgas;

namespace {

int last() { return THREADS - 1; }

// Thread 0's semaphore with `flags`, known to every thread.
upc_sem_t *shared_semaphore(int flags) {
  shared_array<upc_sem_t *> slot(1);
  if (MYTHREAD == 0) slot[0] = upc_sem_alloc(flags);
  upc_barrier;
  upc_sem_t *s = slot[0];
  upc_barrier;
  return s;
}

void boolean_post_n() {
  upc_sem_t *s = upc_sem_alloc(UPC_SEM_BOOLEAN);
  if (MYTHREAD == last()) upc_sem_postN(s, 2);
  upc_barrier;
}

void boolean_wait_n() {
  upc_sem_t *s = upc_sem_alloc(UPC_SEM_BOOLEAN);
  if (MYTHREAD == last()) upc_sem_waitN(s, 2);
  upc_barrier;
}

void second_producer() {
  upc_sem_t *s = shared_semaphore(UPC_SEM_SPRODUCER);
  if (MYTHREAD == 0) upc_sem_post(s);
  upc_barrier;
  if (MYTHREAD == last()) upc_sem_post(s);
  upc_barrier;
}

void remote_wait_on_sconsumer() {
  upc_sem_t *s = shared_semaphore(UPC_SEM_SCONSUMER);
  if (MYTHREAD == last()) upc_sem_try(s);
  upc_barrier;
}

void post_after_free() {
  upc_sem_t *s = upc_sem_alloc(0);
  upc_sem_free(s);
  if (MYTHREAD == last()) upc_sem_post(s);
  upc_barrier;
}

// Thread 0 frees its semaphore, then the last thread starts waiting on it (on a network conduit its copy of
// the handle table still says live: the wait must ask the creator before it polls).
void wait_after_free() {
  upc_sem_t *s = shared_semaphore(0);
  if (MYTHREAD == 0) upc_sem_free(s);
  upc_barrier;
  if (MYTHREAD == last()) upc_sem_wait(s);
  upc_barrier;
}

void conflicting_flags() {
  if (MYTHREAD == last()) upc_sem_alloc(UPC_SEM_BOOLEAN | UPC_SEM_INTEGER);
  upc_barrier;
}

void unknown_flags() {
  if (MYTHREAD == last()) upc_sem_alloc(UPC_SEM_MCONSUMER | 64);
  upc_barrier;
}

void overflow() {
  upc_sem_t *s = upc_sem_alloc(UPC_SEM_INTEGER);
  if (MYTHREAD == last()) {
    upc_sem_postN(s, UPC_SEM_MAXVALUE);
    upc_sem_post(s);
  }
  upc_barrier;
}

// Thread 0 frees its semaphore while the last thread waits on it (after telling thread 0 it is about to).
void free_with_waiter() {
  upc_sem_t *s = shared_semaphore(0);
  upc_sem_t *ready = shared_semaphore(0);
  if (MYTHREAD == last()) {
    upc_sem_post(ready);
    upc_sem_wait(s);
  }
  if (MYTHREAD == 0) {
    upc_sem_wait(ready);
    // Time for the waiter to register, during which this thread keeps entering the runtime (a network
    // conduit without asynchronous progress serves the waiter's remote atomics only then).
    const auto until = std::chrono::steady_clock::now() + std::chrono::milliseconds(300);
    while (std::chrono::steady_clock::now() < until) upc_sem_getvalue(s);
    upc_sem_free(s);
  }
  upc_barrier;
}

void memput_signal_elsewhere() {
  shared_array<int> data(static_cast<std::size_t>(THREADS));
  upc_sem_t *s = shared_semaphore(0);
  int value = 1;
  if (MYTHREAD == last())
    upc_memput_signal(&data[static_cast<std::size_t>(last())], &value, sizeof value, s, 1);
  upc_barrier;
}

void n_above_m() {
  upc_sem_t *s = upc_sem_alloc(0);
  if (MYTHREAD == last()) upc_sem_waitNtoM(s, 3, 2);
  upc_barrier;
}

void not_a_semaphore() {
  int local = 0;
  if (MYTHREAD == last()) upc_sem_post(reinterpret_cast<upc_sem_t *>(&local));
  upc_barrier;
}

// Not misuse: thread 0 dies while the others wait on their semaphores, which nobody will post.
void die_while_others_wait() {
  upc_sem_t *s = upc_sem_alloc(0);
  upc_barrier;
  if (MYTHREAD == 0) {
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
    std::raise(SIGSEGV);
  }
  upc_sem_wait(s);
}

}  // namespace

int main(int argc, char **argv) {
  const std::map<std::string, std::function<void()>> modes = {
      {"boolean-postN", boolean_post_n},
      {"boolean-waitN", boolean_wait_n},
      {"second-producer", second_producer},
      {"remote-wait-sconsumer", remote_wait_on_sconsumer},
      {"post-after-free", post_after_free},
      {"wait-after-free", wait_after_free},
      {"conflicting-flags", conflicting_flags},
      {"unknown-flags", unknown_flags},
      {"overflow", overflow},
      {"free-with-waiter", free_with_waiter},
      {"memput-signal-elsewhere", memput_signal_elsewhere},
      {"n-above-m", n_above_m},
      {"not-a-semaphore", not_a_semaphore},
      {"die-while-others-wait", die_while_others_wait},
  };
  return pgas_test::run_failure_mode(argc, argv, "semaphore_program", modes);
}
