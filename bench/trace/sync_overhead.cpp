// Tracing overhead of synchronization events (run_waits_bench.sh). Modes:
//   barrier N   every thread runs N upc_barrier; thread 0 prints the time per barrier
//   lock N      every thread takes and releases one shared lock N times (contended); thread 0 prints the
//               time per lock/unlock pair of the whole job
//   seam N      N pgas_sync_enter/exit pairs on one thread: what the runtime pays per event (the weak
//               no-op without the tracer, one branch with the tracer off, the recording with it on)
#include <pgas/sync_events.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <pgas/upc.hpp>

using namespace pgas;

namespace {

double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

}  // namespace

int main(int argc, char **argv) {
  const char *mode = argc > 1 ? argv[1] : "barrier";
  const long n = argc > 2 ? std::atol(argv[2]) : 10000;
  upc_lock_t *lock = upc_all_lock_alloc();
  upc_barrier;
  const auto start = std::chrono::steady_clock::now();
  if (std::strcmp(mode, "barrier") == 0) {
    for (long k = 0; k < n; ++k) upc_barrier;
  } else if (std::strcmp(mode, "lock") == 0) {
    for (long k = 0; k < n; ++k) {
      upc_lock(lock);
      upc_unlock(lock);
    }
    upc_barrier;
  } else if (std::strcmp(mode, "seam") == 0) {
    for (long k = 0; k < n; ++k) {
      pgas_sync_enter(PGAS_SYNC_fence, 0, nullptr);
      pgas_sync_exit(PGAS_SYNC_fence, 0);
    }
  } else {
    std::fprintf(stderr, "sync_overhead: unknown mode '%s' (barrier, lock or seam)\n", mode);
    return 2;
  }
  const double seconds = seconds_since(start);
  const double per = seconds * 1e9 / static_cast<double>(mode[0] == 'l' ? n * THREADS : n);
  if (MYTHREAD == 0) std::printf("mode=%s events=%ld ns_per_event=%.1f\n", mode, n, per);
  return 0;
}
