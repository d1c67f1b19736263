// The signals the launcher reacts to, read synchronously through a signalfd (no handlers, no races).
#pragma once

#include <sys/types.h>

#include <csignal>
#include <string>
#include <vector>

namespace pgas::launcher {

// Blocks SIGCHLD, SIGINT, SIGTERM, SIGHUP and SIGQUIT and reads them from a signalfd; a signal that was
// ignored when the launcher started (nohup's SIGHUP) stays ignored, by the launcher and by the job. Create it
// before forking the job's processes so that no SIGCHLD is lost; the children must unblock them
// (prepare_child_signals).
class SignalChannel {
 public:
  SignalChannel();  // exits the launcher if the signalfd cannot be made (never happens in practice)
  ~SignalChannel();
  SignalChannel(const SignalChannel &) = delete;
  SignalChannel &operator=(const SignalChannel &) = delete;

  // Waits up to timeout_ms (0: just look) and returns the signals received, lowest number first.
  std::vector<int> wait(int timeout_ms);

 private:
  sigset_t handled_;
  int fd_ = -1;
};

// In a process the launcher forked, before exec: `death_signal` is sent to it when the launcher dies (even
// by SIGKILL), and it gets default signal dispositions and an empty mask (both survive exec, and the
// launcher blocks the signals it reads), except that ignored signals stay ignored. False if the launcher is
// already gone or prctl failed.
bool prepare_child_signals(int death_signal, pid_t launcher);

// "SIGINT", "SIGTERM", ...
std::string signal_name(int signo);

}  // namespace pgas::launcher
