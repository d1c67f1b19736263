// Network emulation (what-if): how the launcher announces it and hands it to the threads.
#pragma once

#include <string>

#include "options.hpp"

namespace pgas::launcher {

// The line printed to stderr before the job starts, e.g. "network emulation (what-if): every remote
// transport call costs +2 us latency and is limited to 10 GB/s". Only meaningful when emulation is on.
std::string emulation_label(const LaunchOptions &options);

// Values for PGAS_LATENCY / PGAS_BANDWIDTH in a canonical form that parse_duration_ns and parse_bandwidth
// read back exactly: "2000ns", "10000000000B/s".
std::string canonical_latency(double ns);
std::string canonical_bandwidth(double bytes_per_second);

}  // namespace pgas::launcher
