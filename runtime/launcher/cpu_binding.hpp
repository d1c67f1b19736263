// pgasrun --bind-to core: each thread runs on one CPU of those pgasrun may use.
#pragma once

#include <vector>

namespace pgas::launcher {

// The CPUs this process may run on (its affinity mask), in increasing order.
std::vector<int> usable_cpus();

// Restricts the calling process to `cpu`. False (errno set) if the system refuses.
bool bind_to_cpu(int cpu);

}  // namespace pgas::launcher
