// pgasrun running job_program (mode "wait") on a conduit, with the job's processes and /dev/shm files
// looked at while it runs (JobProcesses), so that a test can check afterwards that none of them is left.
#pragma once

#include <chrono>
#include <string>
#include <vector>

#include "job_processes.hpp"
#include "pgasrun_process.hpp"

namespace launcher_test {

// What mpirun needs to run here, as root, with more ranks than cores.
extern const EnvOverrides kMpiEnv;

class WatchedJob {
 public:
  // pgasrun --conduit `conduit` -n `threads` `options` job_program wait, with `env` added to the
  // environment (kMpiEnv too on the mpi conduit).
  WatchedJob(const std::string &conduit, int threads, const std::vector<std::string> &options,
             EnvOverrides env = {});

  // Waits until every thread has started (printed its line), looking at the job's processes meanwhile.
  bool wait_until_started();
  // Looks at the job's processes for that long.
  void watch_for(std::chrono::milliseconds duration);
  // Waits for pgasrun to exit (SIGKILLing it after `deadline`), looking at the job's processes until then.
  RunResult wait_for_exit(std::chrono::seconds deadline);

  pid_t pid() const { return pgasrun_.pid(); }
  const JobProcesses &processes() const { return processes_; }

 private:
  int threads_;
  PgasrunProcess pgasrun_;
  JobProcesses processes_;
};

}  // namespace launcher_test
