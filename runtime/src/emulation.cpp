#include "emulation.hpp"

#include <time.h>

#include <algorithm>
#include <cstdlib>

#include "common/launch_contract.hpp"
#include "common/launch_settings.hpp"
#include "errors.hpp"
#include "runtime.hpp"
#include "wait.hpp"

namespace pgas::rt {

EmulationConfig g_emulation;

namespace {
std::uint64_t g_link_free_ns = 0;   // when this thread's emulated link finishes its queued bytes
std::uint64_t g_last_deadline = 0;  // latest completion of any issued transfer
}  // namespace

std::uint64_t now_ns() {
  timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return static_cast<std::uint64_t>(ts.tv_sec) * 1000000000ull + static_cast<std::uint64_t>(ts.tv_nsec);
}

// The settings come checked from pgasrun; a program started otherwise gets the same checks here.
void emulation_configure_from_env() {
  const char *latency = std::getenv(launch::kLatencyEnv);
  const char *bandwidth = std::getenv(launch::kBandwidthEnv);
  if (latency != nullptr && *latency != '\0') {
    auto ns = launch::read_latency_ns(latency);
    if (!ns.value) fatal("%s: %s", launch::kLatencyEnv, ns.problem.c_str());
    g_emulation.latency_ns = *ns.value;
  }
  if (bandwidth != nullptr && *bandwidth != '\0') {
    auto rate = launch::read_bandwidth_bps(bandwidth);
    if (!rate.value) fatal("%s: %s", launch::kBandwidthEnv, rate.problem.c_str());
    g_emulation.ns_per_byte = *rate.value > 0 ? 1e9 / *rate.value : 0;
  }
  g_emulation.enabled = g_emulation.latency_ns > 0 || g_emulation.ns_per_byte > 0;
}

std::uint64_t emulation_issue(std::size_t bytes) {
  std::uint64_t start = std::max(now_ns(), g_link_free_ns);
  g_link_free_ns = start + static_cast<std::uint64_t>(static_cast<double>(bytes) * g_emulation.ns_per_byte);
  std::uint64_t deadline = g_link_free_ns + static_cast<std::uint64_t>(g_emulation.latency_ns);
  g_last_deadline = std::max(g_last_deadline, deadline);
  return deadline;
}

void emulation_wait_until(std::uint64_t deadline_ns) {
  while (now_ns() < deadline_ns) {
    if (g_runtime.oversubscribed)
      yield_cpu();
    else
      cpu_relax();
  }
}

void emulate_rounds(unsigned rounds) {
  if (g_emulation.enabled && rounds > 0)
    emulation_wait_until(now_ns() + static_cast<std::uint64_t>(rounds * g_emulation.latency_ns));
}

std::uint64_t emulation_last_deadline() { return g_last_deadline; }

}  // namespace pgas::rt
