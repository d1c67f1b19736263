// Running pgasrun (or another tool) from a test: posix_spawn with stdout/stderr captured in temporary files,
// a deadline, and the checks every launcher test shares (no segment left in /dev/shm, no thread left
// running).
#pragma once

#include <gtest/gtest.h>
#include <sys/types.h>

#include <chrono>
#include <map>
#include <string>
#include <utility>
#include <vector>

namespace launcher_test {

inline constexpr const char *kPgasrun = PGASRUN_PATH;
inline constexpr const char *kProbe = LAUNCHER_PROBE_PATH;

// exit_code is the exit status, or -S if pgasrun was killed by signal S (as on the deadline).
struct RunResult {
  int exit_code = -1;
  std::string out;
  std::string err;
  double seconds = 0;  // from spawn to exit
};

using EnvOverrides = std::vector<std::pair<std::string, std::string>>;

// A running program (pgasrun or another tool). The environment is the test's minus every PGAS_* variable,
// plus `env`; `cwd` is its working directory ("" = the test's).
class Process {
 public:
  Process(std::string program, const std::vector<std::string> &args, const EnvOverrides &env = {},
          const std::string &cwd = "");
  ~Process();  // SIGKILLs the program if it still runs (pgasrun's threads die with it)
  Process(const Process &) = delete;
  Process &operator=(const Process &) = delete;

  pid_t pid() const { return pid_; }
  // What the program has written to stdout so far.
  std::string stdout_so_far() const;
  // Waits until stdout has `count` lines; false if that did not happen before the timeout.
  bool wait_for_stdout_lines(int count, std::chrono::milliseconds timeout) const;
  // True while the program has not exited (it is not reaped: wait() still reports its status).
  bool running() const;
  // Waits for the program to exit; past the deadline it is SIGKILLed and the test fails.
  RunResult wait(std::chrono::seconds deadline = std::chrono::seconds(20));

 private:
  std::string program_;
  pid_t pid_ = -1;
  int out_fd_ = -1;
  int err_fd_ = -1;
  std::chrono::steady_clock::time_point start_;
};

class PgasrunProcess : public Process {
 public:
  explicit PgasrunProcess(const std::vector<std::string> &args, const EnvOverrides &env = {})
      : Process(kPgasrun, args, env) {}
};

// Runs a program, or pgasrun, with `args` to completion.
RunResult run_program(const std::string &program, const std::vector<std::string> &args,
                      const EnvOverrides &env = {}, const std::string &cwd = "");
RunResult run_pgasrun(const std::vector<std::string> &args, const EnvOverrides &env = {});

// The pids printed by launcher_probe and other test programs ("thread T pid P started"), by thread.
std::map<int, pid_t> thread_pids(const std::string &out);
// The same pids in thread order.
std::vector<pid_t> probe_pids(const std::string &out);

// True if the process no longer exists (not even as a zombie).
bool process_gone(pid_t pid);

// Adds a failure for every thread printed by launcher_probe (or job_program) that still exists.
void expect_threads_gone(const std::string &probe_out);

// "SIGINT", "SIGTERM", ...: as pgasrun names a signal.
std::string signal_name(int signo);

// Counts the lines of `text` equal to `line`.
int count_lines(const std::string &text, const std::string &line);

// The number of the line of `source` that holds the comment "// SITE <tag>" (-1 if none).
long line_tagged(const std::string &source, const std::string &tag);

// Base of every launcher test: after each test, no segment may be left in /dev/shm.
class LauncherTest : public ::testing::Test {
 protected:
  void TearDown() override;
};

template <typename Param>
class LauncherParamTest : public LauncherTest, public ::testing::WithParamInterface<Param> {};

}  // namespace launcher_test
