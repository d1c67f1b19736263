// The processes of a running job, found from its launcher's pid (its descendants in /proc: mpirun, the
// ranks, whatever they started), and the /dev/shm files they map. Tests look at a job while it runs and,
// after it, check that none of these is left. Other tests running at the same time have other processes
// and files, so the check names only this job's.
#pragma once

#include <sys/types.h>

#include <set>
#include <string>
#include <vector>

namespace launcher_test {

// The children of a process at this moment.
std::vector<pid_t> children_of(pid_t pid);

class JobProcesses {
 public:
  explicit JobProcesses(pid_t launcher) : launcher_(launcher) {}

  // Adds the launcher's descendants at this moment, and the /dev/shm files they map.
  void look();
  // The processes seen so far, the launcher included.
  const std::set<pid_t> &pids() const { return pids_; }
  // Adds a failure for every process seen that still exists and every /dev/shm file seen that still does.
  void expect_all_gone() const;
  void expect_processes_gone() const;
  // Removes the /dev/shm files seen (after a job that could not remove them: its mpirun was SIGKILLed).
  void remove_shm_files() const;

 private:
  pid_t launcher_;
  std::set<pid_t> pids_;
  std::set<std::string> shm_files_;
};

}  // namespace launcher_test
