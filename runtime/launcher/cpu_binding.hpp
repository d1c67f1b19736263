// pgasrun --bind-to core and spread: each thread runs on one CPU of those pgasrun may use.
#pragma once

#include <cstddef>
#include <vector>

namespace pgas::launcher {

// The CPUs this process may run on (its affinity mask), in increasing order.
std::vector<int> usable_cpus();

// The CPU of thread `thread` among `cpus` (usable_cpus()): the thread-th, round robin when the threads
// outnumber them. Threads that spread over fewer CPUs than there are threads share them evenly: a static
// placement, since the kernel may leave three busy-waiting threads on one CPU and one on the other for
// many milliseconds (bench/RESULTS.md section 49).
inline int cpu_of_thread(const std::vector<int> &cpus, int thread) {
  return cpus.at(static_cast<std::size_t>(thread) % cpus.size());
}

// Restricts the calling process to `cpu`. False (errno set) if the system refuses.
bool bind_to_cpu(int cpu);

}  // namespace pgas::launcher
