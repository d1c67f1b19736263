// A PGAS program whose remote accesses and allocations happen on known lines, for the symbolizer tests. Run
// under `pgasrun -n 2`; thread 0 prints what the tests symbolize:
//   module PATH BUILD_ID
//   text BEGIN END                          module offsets (hex) of the executable segment
//   site NAME OFFSET LINE                   a return address (module offset, hex) and the line of its call
//   alloc NAME LINE OFFSET...               the program's return addresses above one allocation
// The accesses go through shared_array proxies that are inlined into the functions below, so the return
// address of the transport call lies in user code while its innermost frames are the toolkit's headers.
#include <cinttypes>
#include <cstdio>
#include <vector>

#include "pgas/upc.hpp"
#include "probe.hpp"

namespace {

using pgas::shared_array;

int g_read_line, g_write_line, g_inner_line, g_outer_line, g_plain_line;
std::uintptr_t g_load_address;

void print_site(const char *name, std::uintptr_t return_address, int line) {
  std::printf("site %s %" PRIxPTR " %d\n", name, return_address - g_load_address, line);
}

void print_alloc(const char *name, int line, const std::vector<std::uintptr_t> &stack) {
  std::printf("alloc %s %d", name, line);
  for (std::uintptr_t address : stack) std::printf(" %" PRIxPTR, address - g_load_address);
  std::printf("\n");
}

__attribute__((noinline)) long read_remote(const shared_array<long> &a, std::size_t i) {
  g_read_line = __LINE__ + 1;
  long v = a[i];
  return v * 3;
}

__attribute__((noinline)) void write_remote(const shared_array<long> &a, std::size_t i, long v) {
  g_write_line = __LINE__ + 1;
  a[i] = v;
  g_write_line += 0;  // keeps the transport call from being a tail call
}

// A user function inlined into another: the access is reported at its own line, not at the caller's.
__attribute__((always_inline)) inline long inner_read(const shared_array<long> &a, std::size_t i) {
  g_inner_line = __LINE__ + 1;
  return a[i];
}

__attribute__((noinline)) long outer_read(const shared_array<long> &a, std::size_t i) {
  g_outer_line = __LINE__ + 1;
  long v = inner_read(a, i);
  return v + 1;
}

}  // namespace

int main() {
  if (THREADS < 2) {
    std::fprintf(stderr, "symbolizer_program: run me with at least 2 threads\n");
    return 2;
  }
  probe::Module self = probe::self();
  g_load_address = self.load_address;

  const int array_line = __LINE__ + 1;
  shared_array<long> D(4 * THREADS);
  std::vector<std::uintptr_t> array_stack = probe::last_alloc_stack();
  const int pointer_line = __LINE__ + 1;
  pgas::global_ptr<long> y = upc_all_alloc(THREADS, sizeof(long));
  std::vector<std::uintptr_t> pointer_stack = probe::last_alloc_stack();
  upc_barrier;

  std::size_t remote = static_cast<std::size_t>((MYTHREAD + 1) % THREADS);  // element on the next thread
  write_remote(D, remote, 42);
  std::uintptr_t write_return = probe::last_transport_return();
  long sum = read_remote(D, remote);
  std::uintptr_t read_return = probe::last_transport_return();
  sum += outer_read(D, remote);
  std::uintptr_t inlined_return = probe::last_transport_return();
  g_plain_line = __LINE__ + 1;
  std::uintptr_t plain_return = probe::return_address();

  if (MYTHREAD == 0) {
    std::printf("module %s %s\n", self.path.c_str(), self.build_id.c_str());
    std::printf("text %" PRIxPTR " %" PRIxPTR "\n", self.text_begin, self.text_end);
    print_site("write", write_return, g_write_line);
    print_site("read", read_return, g_read_line);
    print_site("inlined", inlined_return, g_inner_line);
    print_site("plain", plain_return, g_plain_line);
    std::printf("outer_line %d\n", g_outer_line);
    print_alloc("D", array_line, array_stack);
    print_alloc("y", pointer_line, pointer_stack);
    std::printf("sum %ld\n", sum);
  }
  upc_barrier;
  if (MYTHREAD == 0) upc_free(y);
  return sum == 42 * 3 + 43 ? 0 : 1;
}
