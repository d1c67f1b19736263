#include "job_ending.hpp"

#include <algorithm>
#include <cstdio>

#include "signal_channel.hpp"

namespace pgas::launcher {
namespace {

using Clock = std::chrono::steady_clock;

constexpr int kTimeoutExit = 124;  // as timeout(1)

}  // namespace

Deadline::Deadline(std::optional<double> seconds) {
  // --timeout is at most a year (options.cpp), far inside the clock's range.
  if (seconds)
    at_ = Clock::now() + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(*seconds));
}

bool Deadline::passed() const { return at_ && Clock::now() >= *at_; }

int Deadline::wait_ms(int at_most) const {
  if (!at_) return at_most;
  auto left = std::chrono::ceil<std::chrono::milliseconds>(*at_ - Clock::now()).count();
  return static_cast<int>(std::clamp<decltype(left)>(left, 0, at_most));
}

int report_timeout(double timeout_s, int ended) {
  std::fprintf(stderr, "pgasrun: job exceeded --timeout %g s; ended %d thread(s)\n", timeout_s, ended);
  return kTimeoutExit;
}

int report_interrupt(int signo, int ended) {
  std::fprintf(stderr, "pgasrun: interrupted by %s; ended %d thread(s)\n", signal_name(signo).c_str(), ended);
  return 128 + signo;
}

}  // namespace pgas::launcher
