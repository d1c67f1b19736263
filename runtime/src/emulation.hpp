// Network emulation (what-if): makes each remote transport call cost a latency plus bytes / bandwidth on
// the shm conduit, to reproduce cluster-like behaviour on one machine. Off unless PGAS_LATENCY or
// PGAS_BANDWIDTH is set (pgasrun --latency / --bandwidth set them).
#pragma once

#include <cstddef>
#include <cstdint>

namespace pgas::rt {

struct EmulationConfig {
  bool enabled = false;
  double latency_ns = 0;
  double ns_per_byte = 0;  // 0: unlimited bandwidth
};

extern EmulationConfig g_emulation;

void emulation_configure_from_env();  // fatal on malformed values

std::uint64_t now_ns();

// Issues a transfer of `bytes` on this thread's emulated link and returns when it completes (ns clock).
// Transfers share the link's bandwidth one after another; their latencies overlap.
std::uint64_t emulation_issue(std::size_t bytes);

// Waits until the clock passes `deadline_ns` without holding a core when threads outnumber cores.
void emulation_wait_until(std::uint64_t deadline_ns);

// The cost of one blocking transfer: issue and wait.
inline void emulate_transfer(std::size_t bytes) {
  if (g_emulation.enabled) emulation_wait_until(emulation_issue(bytes));
}

// A synchronization that needs `rounds` network latencies (barrier rounds, lock round trips).
void emulate_rounds(unsigned rounds);

// The latest completion time of every transfer issued so far (for remote_sync_all).
std::uint64_t emulation_last_deadline();

}  // namespace pgas::rt
