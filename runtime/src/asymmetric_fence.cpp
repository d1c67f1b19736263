#include "asymmetric_fence.hpp"

#include <linux/membarrier.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <atomic>
#include <thread>

namespace pgas::rt {
namespace {

bool g_job_light = false;     // the job's writers may skip their fences (every process decides alike)
bool g_writer_light = false;  // ... and this process registered, so its threads receive the sleepers' fences

long membarrier(int command) { return syscall(__NR_membarrier, command, 0, 0); }

}  // namespace

void set_up_asymmetric_fences(int threads) {
  g_job_light = threads > 1 && static_cast<unsigned>(threads) <= std::thread::hardware_concurrency();
  if (!g_job_light) return;
  const long supported = membarrier(MEMBARRIER_CMD_QUERY);
  g_writer_light = supported > 0 && (supported & MEMBARRIER_CMD_GLOBAL_EXPEDITED) != 0 &&
                   membarrier(MEMBARRIER_CMD_REGISTER_GLOBAL_EXPEDITED) == 0;
}

bool light_writer_fences() { return g_writer_light; }

void sleeper_fence() {
  std::atomic_thread_fence(std::memory_order_seq_cst);
  // Without the command (an older kernel, a filter), no process of the job registered: its writers fence.
  if (g_job_light) membarrier(MEMBARRIER_CMD_GLOBAL_EXPEDITED);
}

}  // namespace pgas::rt
