// What the user asked pgas-refactor to do (parsed by main from the command line).
#pragma once

#include <cstddef>
#include <set>
#include <string>

namespace pgas::refactor {

struct Settings {
  std::set<std::string> arrays;         // --array NAME...; from --trace when empty
  std::string policy = "any";           // --policy: any, priority, min, max, sum
  std::size_t chunk = 0;                // --chunk: iterations per tile; 0 = from --cache-memory
  std::size_t cache_memory = 1u << 20;  // --cache-memory: bytes for all of a loop's caches
  int inspector_levels = 2;  // --inspector-levels: hint rounds per tile for indices read from caches
};

}  // namespace pgas::refactor
