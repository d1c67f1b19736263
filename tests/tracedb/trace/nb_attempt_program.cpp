// Traced by trace.nb_attempt: every thread copies the next thread's part over the one after it with
// upc_memcpy_nb and completes the copy with upc_sync_attempt. The trace must show the copy as a get_nb from
// the source's owner and a put_nb to the destination's (no blocking memget), and the attempts as `test`
// polls of both.
#include <cstdio>
#include <pgas/upc.hpp>
#include <thread>
#include <vector>

using namespace pgas;

constexpr std::size_t kPart = 256;

int value(int thread, std::size_t j) { return thread * 10000 + static_cast<int>(j); }

int main() {
  const auto threads = static_cast<std::size_t>(THREADS), me = static_cast<std::size_t>(MYTHREAD);
  shared_array<int> source(kPart * threads, kPart, "Source");
  shared_array<int> copies(kPart * threads, kPart, "Copies");
  for (std::size_t j = 0; j < kPart; ++j) source.local_part()[j] = value(MYTHREAD, j);
  upc_barrier;
  const std::size_t from = (me + 1) % threads, to = (me + 2) % threads;
  upc_handle_t copy = upc_memcpy_nb(&copies[to * kPart], &source[from * kPart], kPart * sizeof(int));
  while (upc_sync_attempt(copy) == 0) std::this_thread::yield();
  upc_barrier;
  const int writer_source = static_cast<int>((me + threads - 1) % threads);
  bool ok = true;
  for (std::size_t j = 0; j < kPart; ++j) ok = ok && copies.local_part()[j] == value(writer_source, j);
  std::printf("thread %d: copy: %s\n", MYTHREAD, ok ? "OK" : "wrong data");
  upc_barrier;
  return ok ? 0 : 1;
}
