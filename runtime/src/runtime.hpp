// The per-process state of the runtime and the accessors the rest of the library uses.
#pragma once

#include <cstddef>
#include <cstdint>

#include "control.hpp"

namespace pgas::rt {

class Conduit;

struct Runtime {
  int mythread = -1;
  int threads = 0;
  ControlBlock *ctl = nullptr;
  Conduit *network = nullptr;             // the network conduit running the job, or nullptr: the shm conduit
  std::byte *segments[kMaxThreads] = {};  // this process's mapping of every thread's data segment (shm;
                                          // a network conduit maps only this thread's)
  std::size_t segment_size = 0;
  bool oversubscribed = false;  // more threads than CPUs to run them on: waiting yields early
  bool own_cpu = false;         // bound to a CPU no other thread of the job runs on (pgasrun --bind-to
                                // core; under a network conduit, found from every thread's affinity)
  bool finished = false;        // passed the exit barrier; no more runtime calls allowed
  long online_cpus = 0;         // the machine's, read at start-up (the first collective would pay the read)
};

extern Runtime g_runtime;

// The runtime, after checking that it is initialized; `caller` names the function for the error message.
Runtime &runtime(const char *caller);

inline std::byte *segment_address(int thread, std::uint64_t seg_offset) {
  return g_runtime.segments[thread] + seg_offset;
}

}  // namespace pgas::rt
