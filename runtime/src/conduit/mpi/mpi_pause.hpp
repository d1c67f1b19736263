// A pause between two looks at something another process changes: sleeps `pause_ns`, then doubles it up to
// `longest_ns`, so that a short wait stays quick and a long one costs the machine little.
#pragma once

#include <time.h>

#include <algorithm>

namespace pgas::rt {

inline void pause_and_lengthen(long &pause_ns, long longest_ns) {
  timespec pause{0, pause_ns};
  nanosleep(&pause, nullptr);
  pause_ns = std::min(pause_ns * 2, longest_ns);
}

}  // namespace pgas::rt
