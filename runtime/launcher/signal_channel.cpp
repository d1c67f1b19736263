#include "signal_channel.hpp"

#include <poll.h>
#include <sys/prctl.h>
#include <sys/signalfd.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace pgas::launcher {
namespace {

bool ignored(int signo) {
  struct sigaction current {};
  return sigaction(signo, nullptr, &current) == 0 && current.sa_handler == SIG_IGN;
}

// SIGCHLD, and each of SIGINT, SIGTERM, SIGHUP and SIGQUIT that the launcher's parent did not ignore:
// `nohup pgasrun ...` (SIGHUP ignored) or a script's background job (SIGINT and SIGQUIT ignored) must survive
// those signals like any other program, and so must the job's threads.
sigset_t handled_signals() {
  sigset_t set;
  sigemptyset(&set);
  sigaddset(&set, SIGCHLD);
  for (int signo : {SIGINT, SIGTERM, SIGHUP, SIGQUIT})
    if (!ignored(signo)) sigaddset(&set, signo);
  return set;
}

}  // namespace

SignalChannel::SignalChannel() : handled_(handled_signals()) {
  sigset_t set = handled_;
  sigprocmask(SIG_BLOCK, &set, nullptr);
  fd_ = signalfd(-1, &set, SFD_NONBLOCK | SFD_CLOEXEC);
  if (fd_ < 0) {
    std::fprintf(stderr, "pgasrun: cannot create a signalfd: %s\n", std::strerror(errno));
    std::exit(1);
  }
}

SignalChannel::~SignalChannel() {
  close(fd_);
  sigprocmask(SIG_UNBLOCK, &handled_, nullptr);
}

std::vector<int> SignalChannel::wait(int timeout_ms) {
  std::vector<int> received;
  pollfd pfd{fd_, POLLIN, 0};
  if (poll(&pfd, 1, timeout_ms) <= 0) return received;
  signalfd_siginfo info{};
  while (read(fd_, &info, sizeof info) == static_cast<ssize_t>(sizeof info))
    received.push_back(static_cast<int>(info.ssi_signo));
  return received;
}

bool prepare_child_signals(int death_signal, pid_t launcher) {
  // Set first, then check: the launcher may have died before prctl took effect.
  if (prctl(PR_SET_PDEATHSIG, death_signal) != 0 || getppid() != launcher) return false;
  // Signals ignored since before the launcher started stay ignored (see handled_signals); the launcher
  // installs no handler of its own, so exec resets nothing else.
  for (int signo = 1; signo < NSIG; ++signo)
    if (!ignored(signo)) std::signal(signo, SIG_DFL);  // SIGKILL/SIGSTOP just fail
  sigset_t none;
  sigemptyset(&none);
  sigprocmask(SIG_SETMASK, &none, nullptr);
  return true;
}

std::string signal_name(int signo) {
  const char *abbreviation = sigabbrev_np(signo);
  return abbreviation ? std::string("SIG") + abbreviation : "signal " + std::to_string(signo);
}

}  // namespace pgas::launcher
