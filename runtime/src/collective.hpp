// Collective steps of the runtime itself (collective allocation, lock allocation): every thread calls with
// its arguments; thread 0 checks that they agree, does the work, and publishes one result to all.
#pragma once

#include <cstdint>
#include <functional>
#include <initializer_list>
#include <string>

namespace pgas::rt {

// `leader` runs on thread 0 only, after the arguments matched, and returns the published result; it may
// set `error` instead, which stops the job on every thread. A mismatch stops the job with a message naming
// `operation`, the argument and the threads that disagree.
std::uint64_t collective_call(const char *operation, std::initializer_list<std::uint64_t> args,
                              const std::function<std::uint64_t(std::string &error)> &leader);

// A barrier for the runtime's own use (no id, not allowed between upc_notify and upc_wait).
void internal_barrier(const char *operation);

}  // namespace pgas::rt
