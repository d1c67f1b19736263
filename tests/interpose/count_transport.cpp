// A minimal profiler for the interposition test: strong definitions of remote_get and remote_put that
// count calls and forward to the runtime's implementations, as the tracing library does.
#include <atomic>
#include <cstring>

#include "pgas/transport.h"

namespace {
std::atomic<long> g_gets{0};
std::atomic<long> g_puts{0};
}  // namespace

extern "C" {

void remote_get(pgas_handle_t handle, int thread, size_t offset, void *dst, size_t size) {
  g_gets.fetch_add(1, std::memory_order_relaxed);
  _remote_get(handle, thread, offset, dst, size);
}

void remote_put(pgas_handle_t handle, int thread, size_t offset, const void *src, size_t size) {
  g_puts.fetch_add(1, std::memory_order_relaxed);
  _remote_put(handle, thread, offset, src, size);
}

// Read by the test program through dlsym, so that it does not depend on this library.
long interpose_test_count(const char *name) {
  if (std::strcmp(name, "remote_get") == 0) return g_gets.load();
  if (std::strcmp(name, "remote_put") == 0) return g_puts.load();
  return -1;
}
}
