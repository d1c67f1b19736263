// Wall-clock seconds for the viewer benchmarks.
#pragma once

#include <chrono>

namespace pgas::bench {

inline double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

}  // namespace pgas::bench
