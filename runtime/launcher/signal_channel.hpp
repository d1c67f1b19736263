// The signals the launcher reacts to, read synchronously through a signalfd (no handlers, no races).
#pragma once

#include <vector>

namespace pgas::launcher {

// Blocks SIGCHLD, SIGINT, SIGTERM and SIGHUP and reads them from a signalfd. Create it before forking
// the threads so that no SIGCHLD is lost; the children must unblock them (see thread_start.cpp).
class SignalChannel {
 public:
  SignalChannel();  // exits the launcher if the signalfd cannot be made (never happens in practice)
  ~SignalChannel();
  SignalChannel(const SignalChannel &) = delete;
  SignalChannel &operator=(const SignalChannel &) = delete;

  // Waits up to timeout_ms (0: just look) and returns the signals received, lowest number first.
  std::vector<int> wait(int timeout_ms);

 private:
  int fd_ = -1;
};

// "SIGINT" for the signals the launcher handles, "a signal" otherwise.
const char *signal_name(int signo);

}  // namespace pgas::launcher
