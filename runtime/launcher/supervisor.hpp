// Supervising a running job: reaping the threads, ending the job when one fails, when a thread calls
// upc_global_exit, on SIGINT/SIGTERM/SIGHUP/SIGQUIT or on --timeout, and choosing the launcher's exit status.
#pragma once

#include <sys/types.h>

#include <optional>
#include <vector>

#include "control.hpp"
#include "signal_channel.hpp"

namespace pgas::launcher {

class Supervisor {
 public:
  // pids[t] is thread t's process. `signals` must have been created before the threads were forked.
  Supervisor(std::vector<pid_t> pids, rt::ControlBlock &control, SignalChannel &signals);

  // Waits until the job is over and returns the launcher's exit status.
  int run(std::optional<double> timeout_s);

  // Ends every thread still running: SIGTERM, then SIGKILL after a grace period; reaps them all.
  // Returns how many threads were still running.
  int end_job();

 private:
  // Reaps the threads that have finished. Returns the exit status if the job must end because of one.
  std::optional<int> reap_finished();
  void mark_reaped(pid_t pid);
  int thread_of(pid_t pid) const;
  bool global_exit_requested() const;
  void note_exit_before_end_of_main(int thread);

  std::vector<pid_t> pids_;
  std::vector<bool> running_;
  int running_count_ = 0;
  rt::ControlBlock &control_;  // the job's; the launcher writes only first_exited
  SignalChannel &signals_;
};

}  // namespace pgas::launcher
