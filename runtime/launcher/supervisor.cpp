#include "supervisor.hpp"

#include <sys/wait.h>

#include <algorithm>
#include <csignal>
#include <cstdio>
#include <cstring>

#include "job_ending.hpp"

namespace pgas::launcher {
namespace {

// How often control->global_exit is looked at while waiting (it is a plain shared-memory flag).
constexpr int kControlPollMs = 20;
// How long ended threads get to exit after SIGTERM before they are SIGKILLed, in seconds.
constexpr double kTermGraceSeconds = 0.5;

}  // namespace

Supervisor::Supervisor(std::vector<pid_t> pids, rt::ControlBlock &control, SignalChannel &signals)
    : pids_(std::move(pids)),
      running_(pids_.size(), true),
      running_count_(static_cast<int>(pids_.size())),
      control_(control),
      signals_(signals) {}

int Supervisor::run(std::optional<double> timeout_s) {
  const Deadline deadline(timeout_s);
  while (running_count_ > 0) {
    if (deadline.passed()) return report_timeout(*timeout_s, end_job());
    for (int signo : signals_.wait(deadline.wait_ms(kControlPollMs))) {
      if (signo == SIGCHLD) continue;  // reaped below
      return report_interrupt(signo, end_job());
    }
    if (auto status = reap_finished()) return *status;
    if (global_exit_requested()) {
      end_job();
      return control_.global_exit_status.load(std::memory_order_acquire);
    }
  }
  return global_exit_requested() ? control_.global_exit_status.load(std::memory_order_acquire) : 0;
}

std::optional<int> Supervisor::reap_finished() {
  int status = 0;
  pid_t pid;
  while ((pid = waitpid(-1, &status, WNOHANG)) > 0) {
    int thread = thread_of(pid);
    if (thread < 0) continue;  // not a thread of this job
    mark_reaped(pid);
    if (WIFEXITED(status) && WEXITSTATUS(status) == 0) {
      note_exit_before_end_of_main(thread);
      continue;
    }
    if (global_exit_requested()) {  // upc_global_exit: the caller's exit is not a failure
      end_job();
      return control_.global_exit_status.load(std::memory_order_acquire);
    }
    if (WIFSIGNALED(status)) {
      int signo = WTERMSIG(status);
      std::fprintf(stderr, "pgasrun: thread %d (pid %d) was killed by signal %d (%s); ending the job\n",
                   thread, static_cast<int>(pid), signo, strsignal(signo));
      end_job();
      return 128 + signo;
    }
    std::fprintf(stderr, "pgasrun: thread %d (pid %d) exited with status %d; ending the job\n", thread,
                 static_cast<int>(pid), WEXITSTATUS(status));
    end_job();
    return WEXITSTATUS(status);
  }
  return std::nullopt;
}

// A thread that ended with status 0 without arriving at the end of main (_exit(0), which skips the
// runtime's exit handler) arrives at no later collective: its peers waiting in one must notice it, as they
// notice a thread that finished main (shm_conduit.cpp's complete()). Under upc_global_exit the launcher
// ends the job itself.
void Supervisor::note_exit_before_end_of_main(int thread) {
  if (global_exit_requested() || control_.magic != rt::kControlMagic) return;
  if (control_.barrier.signatures[thread].exiting != 0) return;
  std::int32_t none = 0;
  control_.first_exited.compare_exchange_strong(none, thread + 1, std::memory_order_acq_rel);
}

int Supervisor::end_job() {
  const int ended = running_count_;
  for (std::size_t t = 0; t < pids_.size(); ++t)
    if (running_[t]) kill(pids_[t], SIGTERM);
  const Deadline grace_end(kTermGraceSeconds);
  while (running_count_ > 0 && !grace_end.passed()) {
    signals_.wait(grace_end.wait_ms(kControlPollMs));  // woken by SIGCHLD; other signals change nothing now
    pid_t pid;
    while (running_count_ > 0 && (pid = waitpid(-1, nullptr, WNOHANG)) > 0) mark_reaped(pid);
  }
  for (std::size_t t = 0; t < pids_.size(); ++t) {
    if (!running_[t]) continue;
    kill(pids_[t], SIGKILL);
    waitpid(pids_[t], nullptr, 0);
    mark_reaped(pids_[t]);
  }
  return ended;
}

void Supervisor::mark_reaped(pid_t pid) {
  int thread = thread_of(pid);
  if (thread < 0 || !running_[thread]) return;
  running_[thread] = false;
  --running_count_;
}

int Supervisor::thread_of(pid_t pid) const {
  auto it = std::find(pids_.begin(), pids_.end(), pid);
  return it == pids_.end() ? -1 : static_cast<int>(it - pids_.begin());
}

bool Supervisor::global_exit_requested() const {
  return control_.global_exit.load(std::memory_order_acquire) != 0;
}

}  // namespace pgas::launcher
