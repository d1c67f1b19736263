// Known waiting for the tracer's synchronization events (waits_trace_test.sh checks the database and the
// report). With D = the first argument in ms (default 100):
//   barrier     the last thread works 2D before the barrier, the others D: each other thread waits about D
//               at the line marked SITE:barrier, the last thread about nothing;
//   lock        thread 0 takes the lock before a barrier and holds it 2D after it (SITE:hold): every other
//               thread waits about 2D or more at SITE:lock;
//   semaphore   thread 1 waits on its semaphore (SITE:sem), which thread 0 posts D after a barrier;
//   collective  the last thread enters upc_all_broadcast D late: every other thread waits about D in it
//               (SITE:collective).
// Work is a sleep: the trace counts it as computation like any other time outside the runtime.
#include <chrono>
#include <cstdlib>
#include <pgas/upc.hpp>
#include <thread>

using namespace pgas;

namespace {

void work(int ms) { std::this_thread::sleep_for(std::chrono::milliseconds(ms)); }

}  // namespace

int main(int argc, char **argv) {
  const int d = argc > 1 ? std::atoi(argv[1]) : 100;
  const int last = THREADS - 1;

  upc_barrier;  // the threads start their work together, not as the launcher started them
  work(MYTHREAD == last ? 2 * d : d);
  upc_barrier;  // SITE:barrier

  upc_lock_t *lock = upc_all_lock_alloc();
  if (MYTHREAD == 0) upc_lock(lock);  // SITE:hold
  upc_barrier;
  if (MYTHREAD == 0) {
    work(2 * d);
    upc_unlock(lock);
  } else {
    upc_lock(lock);  // SITE:lock
    upc_unlock(lock);
  }
  upc_barrier;

  shared_array<upc_sem_t *> sems(static_cast<std::size_t>(THREADS));
  upc_sem_t *mine = upc_sem_alloc(0);
  sems[MYTHREAD] = mine;
  upc_barrier;
  if (THREADS > 1 && MYTHREAD == 0) {
    upc_sem_t *theirs = sems[1];
    work(d);
    upc_sem_post(theirs);
  }
  if (THREADS > 1 && MYTHREAD == 1) upc_sem_wait(mine);  // SITE:sem
  upc_barrier;

  shared_array<char> source(8, 8);
  shared_array<char> copies(8 * static_cast<std::size_t>(THREADS), 8);
  if (MYTHREAD == last) work(d);
  upc_all_broadcast(copies, source, 8, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);  // SITE:collective
  upc_barrier;
  upc_sem_free(mine);
  return 0;
}
