// Known semaphore and signalling traffic for the tracer: every thread makes, towards its successor,
// 10 upc_memput_signal of 100 bytes, 5 upc_memget_signal of 64 bytes and 7 upc_sem_post, then takes the
// 22 units with one upc_sem_waitN (after a pause, so that the waits of the others are measurable) and
// fails 3 upc_sem_try. Expected per thread: memput_signal 10 (1000 B), memget_signal 5 (320 B),
// sem_post 7, sem_wait 4 (the waitN and three tries).
#include <chrono>
#include <pgas/upc.hpp>
#include <thread>

using namespace pgas;

int main() {
  shared_array<char> data(128 * static_cast<std::size_t>(THREADS), 128);
  shared_array<upc_sem_t *> sems(static_cast<std::size_t>(THREADS));
  upc_sem_t *mine = upc_sem_alloc(0);
  sems[MYTHREAD] = mine;
  upc_barrier;
  const int next = (MYTHREAD + 1) % THREADS;
  upc_sem_t *theirs = sems[next];
  char buffer[128] = {};
  if (MYTHREAD == 0) std::this_thread::sleep_for(std::chrono::milliseconds(50));  // the others wait for it
  for (int k = 0; k < 10; ++k)
    upc_memput_signal(&data[static_cast<std::size_t>(next) * 128], buffer, 100, theirs, 1);
  for (int k = 0; k < 5; ++k)
    upc_memget_signal(buffer, &data[static_cast<std::size_t>(next) * 128], 64, theirs, 1);
  for (int k = 0; k < 7; ++k) upc_sem_post(theirs);
  upc_sem_waitN(mine, 22);
  for (int k = 0; k < 3; ++k)
    if (upc_sem_try(mine)) return 1;
  upc_barrier;
  upc_sem_free(mine);
  return 0;
}
