#include "watched_job.hpp"

#include <thread>

namespace launcher_test {

const EnvOverrides kMpiEnv = {{"OMPI_ALLOW_RUN_AS_ROOT", "1"},
                              {"OMPI_ALLOW_RUN_AS_ROOT_CONFIRM", "1"},
                              {"OMPI_MCA_rmaps_base_oversubscribe", "1"}};

namespace {

using namespace std::chrono_literals;

EnvOverrides environment(const std::string &conduit, EnvOverrides env) {
  if (conduit == "mpi") env.insert(env.end(), kMpiEnv.begin(), kMpiEnv.end());
  return env;
}

std::vector<std::string> command_line(const std::string &conduit, int threads,
                                      std::vector<std::string> options) {
  options.insert(options.begin(), {"--conduit", conduit, "-n", std::to_string(threads)});
  options.insert(options.end(), {JOB_PROGRAM, "wait"});
  return options;
}

}  // namespace

WatchedJob::WatchedJob(const std::string &conduit, int threads, const std::vector<std::string> &options,
                       EnvOverrides env)
    : threads_(threads),
      pgasrun_(command_line(conduit, threads, options), environment(conduit, std::move(env))),
      processes_(pgasrun_.pid()) {}

void WatchedJob::watch_for(std::chrono::milliseconds duration) {
  const auto until = std::chrono::steady_clock::now() + duration;
  while (std::chrono::steady_clock::now() < until) {
    processes_.look();
    std::this_thread::sleep_for(50ms);
  }
}

bool WatchedJob::wait_until_started() {
  const auto give_up = std::chrono::steady_clock::now() + 90s;  // MPI starts slowly on a loaded machine
  while (std::chrono::steady_clock::now() < give_up) {
    processes_.look();
    if (pgasrun_.wait_for_stdout_lines(threads_, 50ms)) {
      processes_.look();
      return true;
    }
  }
  return false;
}

RunResult WatchedJob::wait_for_exit(std::chrono::seconds deadline) {
  const auto give_up = std::chrono::steady_clock::now() + deadline;
  while (pgasrun_.running() && std::chrono::steady_clock::now() < give_up) {
    processes_.look();
    std::this_thread::sleep_for(50ms);
  }
  // Still running past the deadline: a deadline of 0 makes wait() SIGKILL it and fail the test.
  RunResult result = pgasrun_.wait(pgasrun_.running() ? 0s : 600s);
  for (pid_t thread : probe_pids(result.out))
    EXPECT_EQ(processes_.pids().count(thread), 1u)
        << "thread " << thread << " was not seen among the job's processes";
  return result;
}

}  // namespace launcher_test
