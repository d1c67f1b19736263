#include "cache_error.hpp"

#include <unistd.h>

#include <cstdarg>
#include <cstdio>

#include "common/launch_contract.hpp"
#include "pgas/transport.h"

namespace pgas::detail {

void cache_fatal(const char *format, ...) {
  std::fflush(stdout);
  std::fprintf(stderr, "pgas-cache: thread %d: error: ", pgas_thread_id());
  va_list args;
  va_start(args, format);
  std::vfprintf(stderr, format, args);
  va_end(args);
  std::fputc('\n', stderr);
  std::fflush(stderr);
  _exit(launch::kRuntimeErrorExit);  // like the runtime: peers may be blocked on us; destructors must not run
}

}  // namespace pgas::detail
