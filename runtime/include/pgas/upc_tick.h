// UPC 1.3's upc_tick.h: a wall-clock timer local to the calling thread. A tick is one nanosecond of the
// monotonic clock (CLOCK_MONOTONIC), so differences of upc_ticks_now() measure elapsed time on one thread;
// values taken on different threads are not comparable (the specification allows that).
#pragma once

#include <cstdint>
#include <ctime>

#define __UPC_TICK__ 1

typedef std::uint64_t upc_tick_t;
#define UPC_TICK_MIN (static_cast<upc_tick_t>(0))
#define UPC_TICK_MAX (static_cast<upc_tick_t>(UINT64_MAX))

inline upc_tick_t upc_ticks_now() {
  timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  return static_cast<upc_tick_t>(now.tv_sec) * 1000000000u + static_cast<upc_tick_t>(now.tv_nsec);
}

inline std::uint64_t upc_ticks_to_ns(upc_tick_t ticks) { return ticks; }
