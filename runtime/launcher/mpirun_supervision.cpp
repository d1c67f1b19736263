#include "mpirun_supervision.hpp"

#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstring>

#include "job_ending.hpp"
#include "orphans.hpp"
#include "signal_channel.hpp"

namespace pgas::launcher {
namespace {

constexpr int kPollMs = 100;
// mpirun ends its ranks itself on SIGTERM (SIGTERM, then SIGKILL after a second) and removes their shared
// memory; it gets this long to do so before it is SIGKILLed.
constexpr double kMpirunGraceSeconds = 10;
// How long what is left after mpirun gets after SIGTERM before SIGKILL: ranks it did not end, or an mpirun
// adopted from a wrapper script ($PGAS_MPIRUN), which needs a second to end its ranks.
constexpr double kLeftoverGraceSeconds = 2;
constexpr int kCannotRunExit = 127;

// Forks and executes mpirun; returns its pid, or -1 if it cannot be forked.
pid_t start_mpirun(const std::vector<std::string> &argv) {
  std::vector<char *> pointers;
  for (const std::string &arg : argv) pointers.push_back(const_cast<char *>(arg.c_str()));
  pointers.push_back(nullptr);
  const pid_t launcher = getpid();
  std::fflush(nullptr);  // nothing buffered may be written twice by the child
  const pid_t pid = fork();
  if (pid != 0) return pid;
  // If pgasrun dies, even by SIGKILL, mpirun gets the SIGTERM with which it ends its ranks.
  if (!prepare_child_signals(SIGTERM, launcher)) _exit(1);
  execvp(pointers[0], pointers.data());
  std::fprintf(stderr, "pgasrun: cannot run %s (--conduit mpi needs Open MPI; set PGAS_MPIRUN): %s\n",
               pointers[0], std::strerror(errno));
  _exit(kCannotRunExit);
}

// Reaps whatever has ended (mpirun, or an orphan adopted from it). Returns mpirun's status once it ended.
std::optional<int> reap(pid_t mpirun) {
  int status = 0;
  pid_t pid;
  while ((pid = waitpid(-1, &status, WNOHANG)) > 0)
    if (pid == mpirun) return status;
  return std::nullopt;
}

// Ends mpirun (which ends its ranks) and waits for it, SIGKILLing it after the grace period.
void end_mpirun(pid_t mpirun, SignalChannel &signals) {
  kill(mpirun, SIGTERM);
  const Deadline grace(kMpirunGraceSeconds);
  while (!grace.passed()) {
    signals.wait(grace.wait_ms(kPollMs));  // woken by SIGCHLD; further signals change nothing now
    if (reap(mpirun)) return;
  }
  std::fprintf(stderr, "pgasrun: mpirun did not end within %g s of SIGTERM; killing it\n",
               kMpirunGraceSeconds);
  kill(mpirun, SIGKILL);
  waitpid(mpirun, nullptr, 0);
}

int exit_status_of(int wait_status) {
  if (WIFEXITED(wait_status)) return WEXITSTATUS(wait_status);  // mpirun reported a failure itself
  const int signo = WTERMSIG(wait_status);
  std::fprintf(stderr, "pgasrun: mpirun was killed by signal %d (%s)\n", signo, strsignal(signo));
  return 128 + signo;
}

// Waits until mpirun exits, the deadline passes or a signal comes; returns pgasrun's exit status.
int supervise(pid_t mpirun, SignalChannel &signals, std::optional<double> timeout_s, int threads) {
  // The ranks leave together (the runtime's exit barrier, or mpirun ending the job when one fails), so
  // while mpirun runs every thread of the job counts as running.
  const Deadline deadline(timeout_s);
  for (;;) {
    if (deadline.passed()) {
      end_mpirun(mpirun, signals);
      return report_timeout(*timeout_s, threads);
    }
    for (int signo : signals.wait(deadline.wait_ms(kPollMs))) {
      if (signo == SIGCHLD) continue;  // reaped below
      end_mpirun(mpirun, signals);
      return report_interrupt(signo, threads);
    }
    if (auto status = reap(mpirun)) return exit_status_of(*status);
  }
}

}  // namespace

int run_mpirun(const std::vector<std::string> &argv, std::optional<double> timeout_s, int threads,
               SignalChannel &signals) {
  adopt_orphans();
  const pid_t mpirun = start_mpirun(argv);
  if (mpirun < 0) {
    std::fprintf(stderr, "pgasrun: cannot start %s: %s\n", argv[0].c_str(), std::strerror(errno));
    return kCannotRunExit;
  }
  const int status = supervise(mpirun, signals, timeout_s, threads);
  if (int left = end_all_children(kLeftoverGraceSeconds, signals); left > 0)
    std::fprintf(stderr, "pgasrun: mpirun left %d process(es) of the job running; ended them\n", left);
  return status;
}

}  // namespace pgas::launcher
