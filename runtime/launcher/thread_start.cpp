#include "thread_start.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "common/launch_contract.hpp"
#include "cpu_binding.hpp"
#include "emulation.hpp"
#include "signal_channel.hpp"

namespace pgas::launcher {
namespace {

// Exit status of a thread whose program cannot be executed (as in shells).
constexpr int kExecFailedExit = 127;

// The contract variables every thread gets; PGAS_MYTHREAD is added per thread.
struct JobEnvironment {
  std::string threads, control_fd, segment_fds, segment_size, latency, bandwidth;
};

JobEnvironment job_environment(const LaunchOptions &options, const JobSegments &segments) {
  JobEnvironment env;
  env.threads = std::to_string(options.threads);
  env.control_fd = std::to_string(segments.control_fd());
  for (int fd : segments.data_fds()) {
    if (!env.segment_fds.empty()) env.segment_fds += ',';
    env.segment_fds += std::to_string(fd);
  }
  env.segment_size = std::to_string(options.segment_size);
  if (options.latency_ns > 0) env.latency = canonical_latency(options.latency_ns);
  if (options.bandwidth_bps > 0) env.bandwidth = canonical_bandwidth(options.bandwidth_bps);
  return env;
}

void set_or_unset(const char *name, const std::string &value) {
  if (value.empty())
    unsetenv(name);
  else
    setenv(name, value.c_str(), 1);
}

// Where a thread's output goes (--tag-output) and the CPUs the threads are bound to (--bind-to core and
// spread: cpu_of_thread).
struct ThreadPlacement {
  const OutputTagger *output;
  std::vector<int> cpus;  // empty: not bound
  bool own_cpu = false;   // bound, and no more threads than CPUs
};

[[noreturn]] void die_in_child(const char *what) {
  std::fprintf(stderr, "pgasrun: %s: %s\n", what, std::strerror(errno));
  _exit(kExecFailedExit);
}

// Runs in the forked child; never returns. The launcher is single-threaded, so setenv is safe here.
[[noreturn]] void exec_thread(int thread, const JobEnvironment &env, const LaunchOptions &options,
                              const JobSegments &segments, const ThreadPlacement &placement, pid_t launcher) {
  // Die with the launcher, even if it is SIGKILLed; if it is gone already, there is no job.
  if (!prepare_child_signals(SIGKILL, launcher)) _exit(1);
  if (placement.output) placement.output->attach_child(thread);
  if (!placement.cpus.empty() && !bind_to_cpu(cpu_of_thread(placement.cpus, thread)))
    die_in_child("--bind-to");

  // shm_open sets FD_CLOEXEC; the segments must survive exec.
  for (int fd : segments.data_fds())
    if (fcntl(fd, F_SETFD, 0) != 0) die_in_child("cannot pass a segment descriptor");
  if (fcntl(segments.control_fd(), F_SETFD, 0) != 0) die_in_child("cannot pass the control descriptor");

  setenv(launch::kThreadsEnv, env.threads.c_str(), 1);
  setenv(launch::kMyThreadEnv, std::to_string(thread).c_str(), 1);
  setenv(launch::kControlFdEnv, env.control_fd.c_str(), 1);
  setenv(launch::kSegmentFdsEnv, env.segment_fds.c_str(), 1);
  setenv(launch::kSegmentSizeEnv, env.segment_size.c_str(), 1);
  set_or_unset(launch::kLatencyEnv, env.latency);
  set_or_unset(launch::kBandwidthEnv, env.bandwidth);
  set_or_unset(launch::kOwnCpuEnv, placement.own_cpu ? "1" : "");
  for (const auto &[name, value] : options.extra_env) setenv(name.c_str(), value.c_str(), 1);

  std::vector<char *> argv;
  for (const std::string &arg : options.program) argv.push_back(const_cast<char *>(arg.c_str()));
  argv.push_back(nullptr);
  execvp(argv[0], argv.data());
  std::fprintf(stderr, "pgasrun: thread %d: cannot execute '%s': %s\n", thread, argv[0],
               std::strerror(errno));
  _exit(kExecFailedExit);
}

}  // namespace

std::vector<pid_t> start_threads(const LaunchOptions &options, const JobSegments &segments,
                                 const OutputTagger *output, std::string *error) {
  const JobEnvironment env = job_environment(options, segments);
  ThreadPlacement placement{output, {}};
  if (options.binding != Binding::kNone) {
    placement.cpus = usable_cpus();
    placement.own_cpu = options.threads <= static_cast<int>(placement.cpus.size());
  }
  const pid_t launcher = getpid();
  std::fflush(nullptr);  // nothing buffered may be written twice by the children
  std::vector<pid_t> pids;
  for (int thread = 0; thread < options.threads; ++thread) {
    pid_t pid = fork();
    if (pid < 0) {
      *error = "cannot start thread " + std::to_string(thread) + ": " + std::strerror(errno);
      break;
    }
    if (pid == 0) exec_thread(thread, env, options, segments, placement, launcher);
    pids.push_back(pid);
  }
  return pids;
}

}  // namespace pgas::launcher
