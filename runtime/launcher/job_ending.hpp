// How the launcher ends a job by itself, the same on both conduits: the --timeout deadline, and the message
// and exit status when it passes or when a signal interrupts pgasrun.
#pragma once

#include <chrono>
#include <optional>

namespace pgas::launcher {

// The moment --timeout ends the job (none without --timeout).
class Deadline {
 public:
  explicit Deadline(std::optional<double> seconds);

  bool passed() const;
  // How long to wait for signals before looking again: `at_most` ms, less if the deadline comes sooner.
  int wait_ms(int at_most) const;

 private:
  std::optional<std::chrono::steady_clock::time_point> at_;
};

// Print "pgasrun: job exceeded --timeout T s; ended N thread(s)" and return 124.
int report_timeout(double timeout_s, int ended);

// Print "pgasrun: interrupted by SIGTERM; ended N thread(s)" and return 128+signo.
int report_interrupt(int signo, int ended);

}  // namespace pgas::launcher
