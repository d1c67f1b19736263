// The symbolizer test program's view of itself: where it is loaded and the return addresses its transport
// calls and allocations had, recorded the way the tracer records them.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace probe {

struct Module {
  std::string path;                             // the executable
  std::string build_id;                         // GNU build id, hex, read from the loaded image's PT_NOTE
  std::uintptr_t load_address = 0;              // dlpi_addr: module offsets are addresses minus this
  std::uintptr_t text_begin = 0, text_end = 0;  // module offsets of the executable segment
};
Module self();

// The return address of the last remote_get or remote_put this thread made (strong definitions in probe.cpp
// that forward to the runtime, as libpgas-trace does).
std::uintptr_t last_transport_return();

// For the last remote_alloc: the return addresses on the stack that lie in the executable, innermost first
// (the recorder's short unwind to the first ancestor in the program).
std::vector<std::uintptr_t> last_alloc_stack();

// The return address of its own call: a noinline function, so the call site is its caller's line.
std::uintptr_t return_address();

}  // namespace probe
