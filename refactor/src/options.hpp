// What the user asked pgas-refactor to do (parsed by main from the command line).
#pragma once

#include <cstddef>
#include <map>
#include <optional>
#include <set>
#include <string>

#include "pgas/write_policy.hpp"

namespace pgas::refactor {

// The write policies by the names the command line and the generated code use (`pgas::write_policy::sum`).
inline constexpr const char *kPolicyNames = "any, priority, min, max, sum";
std::string policy_name(write_policy policy);
std::optional<write_policy> parse_policy(const std::string &name);

struct Settings {
  std::set<std::string> arrays;                        // --array NAME...; from --trace when empty
  write_policy policy = write_policy::any;             // --policy (for arrays without one)
  std::map<std::string, write_policy> array_policies;  // --array NAME:POLICY
  std::size_t chunk = 0;  // --chunk: iterations per tile; 0 = from --cache-memory
  // --cache-memory: bytes for all of a loop's caches. A quarter of a MiB keeps a tile's cache within a
  // share of a core's L2 when threads oversubscribe the cores; a tile of 1 MiB made dp's rewrite 2.5x slower
  // at 8 threads on 2 cores (bench/RESULTS.md section 7).
  std::size_t cache_memory = 1u << 18;
  int inspector_levels = 3;      // --inspector-levels: hint rounds per tile for indices read from caches
  bool line_directives = false;  // --line-directives: #line directives to the original's lines (line_mapping)
  bool privatize = false;  // --privatize: plain accesses of the element the affinity names (privatize.cpp)

  // The write policy of a cached array: its own, else --policy.
  write_policy policy_of(const std::string &array) const {
    auto it = array_policies.find(array);
    return it == array_policies.end() ? policy : it->second;
  }
};

}  // namespace pgas::refactor
