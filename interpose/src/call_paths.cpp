#include "call_paths.hpp"

#include <libunwind.h>

#include <algorithm>

#include "call_sites.hpp"
#include "tables.hpp"

namespace pgas::trace {
namespace {

using namespace tracedb::raw;

// Callers walked beyond those asked for: at -O0, or in a runtime built without inlining, the dialect's
// inline functions are out-of-line frames between the user's line and the runtime. The symbolizer drops
// them and cuts the chain to the callers asked for.
constexpr unsigned kAttributionFrames = 4;
constexpr unsigned kMaxCallers = 16 + kAttributionFrames;
constexpr std::uint32_t kNoNode = UINT32_MAX;
constexpr unsigned kMaxProbes = 64;

// The node (site, caller), inserted if new; kNoNode when the table is too crowded.
std::uint32_t path_node(File &file, std::uint32_t site, std::uint32_t caller) {
  const std::uint32_t mask = kCallPathCapacity - 1;
  const std::uint64_t key = (static_cast<std::uint64_t>(site) << 32) | caller;
  for (std::uint32_t i = static_cast<std::uint32_t>(mix(key)) & mask, probe = 0; probe < kMaxProbes;
       ++probe, i = (i + 1) & mask) {
    if (i == 0) continue;  // node 0 is the empty chain
    CallPath &node = file.paths[i];
    if (node.used.load(std::memory_order_relaxed) != 0) {
      if (node.site == site && node.caller == caller) return i;
      continue;
    }
    node.site = site;
    node.caller = caller;
    node.used.store(1, std::memory_order_release);
    file.header.paths_used.fetch_add(1, std::memory_order_relaxed);
    return i;
  }
  return kNoNode;
}

// The first user frame on the stack (leaving at most `depth` runtime frames) and up to `callers` frames
// above it, while they are user code too (a runtime or C library frame ends the program's part: main's
// caller). Returns how many were stored in `out`.
int user_frames(unsigned depth, unsigned callers, std::uint64_t *out) {
  constexpr int kMaxFrames = 100, kTracerFrames = 8;
  void *frames[kMaxFrames];
  const int n = unw_backtrace(
      frames, static_cast<int>(std::min<unsigned>(depth + kTracerFrames + callers + 1, kMaxFrames)));
  int found = 0;
  unsigned runtime_frames = 0;
  for (int i = 0; i < n; ++i) {
    const auto pc = reinterpret_cast<std::uint64_t>(frames[i]);
    if (found == 0) {
      if (is_tracer(pc)) continue;
      if (!is_internal(pc)) {
        out[found++] = pc;
      } else if (++runtime_frames > depth) {
        break;
      }
      continue;
    }
    if (is_internal(pc) || found == static_cast<int>(callers) + 1) break;
    out[found++] = pc;
  }
  return found;
}

}  // namespace

Attribution attribute(File &file, std::uint64_t return_address) {
  if (!file.header.call_sites) return {0, 0};
  const unsigned asked = file.header.callers;
  if (asked == 0) {
    // A call from user code is identified by its return address, and loops repeat it: the comparison
    // comes first, before even the module lookup. Calls from runtime code are never remembered here.
    static std::uint64_t last_return_address = 0;
    static std::uint32_t last_site = 0;
    if (return_address == last_return_address) return {last_site, 0};
    if (!is_internal(return_address)) {
      last_site = site_slot(file, return_address);
      last_return_address = return_address;
      return {last_site, 0};
    }
  }
  std::uint64_t frames[kMaxCallers + 1];
  // A call from user code has no runtime frame to leave: the walk is as short as the chain it keeps.
  const unsigned runtime_depth = is_internal(return_address) ? file.header.unwind_depth : 0;
  const int n = user_frames(runtime_depth, asked + kAttributionFrames, frames);
  if (n == 0) return {0, 0};
  std::uint32_t path = 0;
  for (int k = n - 1; k >= 1; --k) {
    const std::uint32_t node = path_node(file, site_slot(file, frames[k]), path);
    if (node == kNoNode) {
      file.header.path_dropped.fetch_add(1, std::memory_order_relaxed);
      path = 0;
      break;
    }
    path = node;
  }
  return {site_slot(file, frames[0]), path};
}

}  // namespace pgas::trace
