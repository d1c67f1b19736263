// How the cache reports misuse: like the runtime's own errors, one line naming the thread, then the job
// ends with the runtime's error status.
#pragma once

namespace pgas::detail {

// Prints "pgas-cache: thread T: error: <message>" to stderr and _exits with status 70.
[[noreturn, gnu::format(printf, 1, 2)]] void cache_fatal(const char *format, ...);

}  // namespace pgas::detail
