#include "orphans.hpp"

#include <sys/prctl.h>
#include <sys/wait.h>

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <set>

#include "job_ending.hpp"

namespace pgas::launcher {
namespace {

constexpr int kReapPollMs = 20;
// A SIGKILLed process ends as soon as it leaves the kernel; one that does not within this long is stuck
// in an uninterruptible wait, and the launcher stops waiting for it.
constexpr double kKillWaitSeconds = 10;

// Reaps every child that has ended. False when the launcher has no child left.
bool reap_ended() {
  pid_t pid;
  while ((pid = waitpid(-1, nullptr, WNOHANG)) > 0) {
  }
  return !(pid < 0 && errno == ECHILD);
}

}  // namespace

void adopt_orphans() {
  if (prctl(PR_SET_CHILD_SUBREAPER, 1) != 0)
    std::fprintf(stderr, "pgasrun: cannot adopt the job's orphaned processes: %s\n", std::strerror(errno));
}

std::vector<pid_t> own_children() {
  std::vector<pid_t> children;
  std::error_code ec;
  for (const auto &task : std::filesystem::directory_iterator("/proc/self/task", ec)) {
    std::ifstream list(task.path() / "children");
    for (pid_t pid; list >> pid;) children.push_back(pid);
  }
  return children;
}

int end_all_children(double grace_seconds, SignalChannel &signals) {
  std::set<pid_t> ended;
  const Deadline grace(grace_seconds);
  const Deadline give_up(grace_seconds + kKillWaitSeconds);
  while (reap_ended()) {
    const int signo = grace.passed() ? SIGKILL : SIGTERM;
    for (pid_t pid : own_children())
      if (ended.insert(pid).second || signo == SIGKILL) kill(pid, signo);
    if (give_up.passed()) {
      std::fprintf(stderr, "pgasrun: a process of the job does not end even on SIGKILL; leaving it\n");
      break;
    }
    signals.wait(grace.passed() ? kReapPollMs : grace.wait_ms(kReapPollMs));
  }
  return static_cast<int>(ended.size());
}

}  // namespace pgas::launcher
