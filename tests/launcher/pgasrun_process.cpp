#include "pgasrun_process.hpp"

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <sstream>
#include <string_view>
#include <thread>
#include <utility>

extern char **environ;

namespace launcher_test {
namespace {

using namespace std::chrono_literals;

// An anonymous temporary file (close-on-exec: only the dup2'ed copy reaches pgasrun).
int temporary_file() {
  char path[] = "/tmp/launcher_test-XXXXXX";
  int fd = mkostemp(path, O_CLOEXEC);
  if (fd < 0) ADD_FAILURE() << "mkostemp: " << std::strerror(errno);
  unlink(path);
  return fd;
}

std::string read_all(int fd) {
  std::string text;
  char buf[4096];
  ssize_t n;
  for (off_t offset = 0; (n = pread(fd, buf, sizeof buf, offset)) > 0; offset += n) text.append(buf, n);
  return text;
}

std::vector<std::string> environment_with(const EnvOverrides &overrides) {
  std::vector<std::string> env;
  for (char **var = environ; *var; ++var)
    if (!std::string_view(*var).starts_with("PGAS_")) env.emplace_back(*var);
  for (const auto &[name, value] : overrides) env.push_back(name + "=" + value);
  return env;
}

std::vector<char *> pointers_to(std::vector<std::string> &strings) {
  std::vector<char *> pointers;
  for (std::string &s : strings) pointers.push_back(s.data());
  pointers.push_back(nullptr);
  return pointers;
}

}  // namespace

Process::Process(std::string program, const std::vector<std::string> &args, const EnvOverrides &env,
                 const std::string &cwd)
    : program_(std::move(program)) {
  out_fd_ = temporary_file();
  err_fd_ = temporary_file();
  std::vector<std::string> argv_strings{program_};
  argv_strings.insert(argv_strings.end(), args.begin(), args.end());
  std::vector<std::string> env_strings = environment_with(env);
  std::vector<char *> argv = pointers_to(argv_strings);
  std::vector<char *> envp = pointers_to(env_strings);

  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, out_fd_, STDOUT_FILENO);
  posix_spawn_file_actions_adddup2(&actions, err_fd_, STDERR_FILENO);
  if (!cwd.empty()) posix_spawn_file_actions_addchdir_np(&actions, cwd.c_str());
  posix_spawnattr_t attr;
  posix_spawnattr_init(&attr);
  sigset_t none;
  sigemptyset(&none);
  posix_spawnattr_setsigmask(&attr, &none);
  sigset_t all;  // default dispositions: the tests send signals, whatever the test runner ignores
  sigfillset(&all);
  posix_spawnattr_setsigdefault(&attr, &all);
  posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF);
  start_ = std::chrono::steady_clock::now();
  int error = posix_spawn(&pid_, program_.c_str(), &actions, &attr, argv.data(), envp.data());
  posix_spawnattr_destroy(&attr);
  posix_spawn_file_actions_destroy(&actions);
  if (error != 0) {
    ADD_FAILURE() << "posix_spawn " << program_ << ": " << std::strerror(error);
    pid_ = -1;
  }
}

Process::~Process() {
  if (pid_ > 0) {
    kill(pid_, SIGKILL);
    waitpid(pid_, nullptr, 0);
  }
  close(out_fd_);
  close(err_fd_);
}

std::string Process::stdout_so_far() const { return read_all(out_fd_); }

bool Process::wait_for_stdout_lines(int count, std::chrono::milliseconds timeout) const {
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  while (std::chrono::steady_clock::now() < deadline) {
    std::string out = read_all(out_fd_);
    if (std::count(out.begin(), out.end(), '\n') >= count) return true;
    std::this_thread::sleep_for(10ms);
  }
  return false;
}

bool Process::running() const {
  siginfo_t info{};
  return pid_ > 0 && waitid(P_PID, static_cast<id_t>(pid_), &info, WEXITED | WNOHANG | WNOWAIT) == 0 &&
         info.si_pid == 0;
}

RunResult Process::wait(std::chrono::seconds deadline) {
  RunResult result;
  if (pid_ <= 0) return result;
  const auto give_up = start_ + deadline;
  int status = 0;
  pid_t reaped;
  while ((reaped = waitpid(pid_, &status, WNOHANG)) == 0 && std::chrono::steady_clock::now() < give_up)
    std::this_thread::sleep_for(5ms);
  if (reaped == 0) {
    ADD_FAILURE() << program_ << " did not exit within " << deadline.count() << " s; killing it";
    kill(pid_, SIGKILL);
    waitpid(pid_, &status, 0);
  }
  pid_ = -1;
  result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  result.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -WTERMSIG(status);
  result.out = read_all(out_fd_);
  result.err = read_all(err_fd_);
  return result;
}

RunResult run_program(const std::string &program, const std::vector<std::string> &args,
                      const EnvOverrides &env, const std::string &cwd) {
  return Process(program, args, env, cwd).wait();
}

RunResult run_pgasrun(const std::vector<std::string> &args, const EnvOverrides &env) {
  return run_program(kPgasrun, args, env);
}

std::map<int, pid_t> thread_pids(const std::string &out) {
  std::map<int, pid_t> pids;
  std::istringstream lines(out);
  std::string word, pid_word;
  int thread = 0, pid = 0;
  for (std::string line; std::getline(lines, line);)
    if (std::istringstream(line) >> word >> thread >> pid_word >> pid && word == "thread" &&
        pid_word == "pid")
      pids[thread] = pid;
  return pids;
}

std::vector<pid_t> probe_pids(const std::string &out) {
  std::vector<pid_t> pids;
  for (const auto &[thread, pid] : thread_pids(out)) pids.push_back(pid);
  return pids;
}

bool process_gone(pid_t pid) { return kill(pid, 0) != 0 && errno == ESRCH; }

void expect_threads_gone(const std::string &probe_out) {
  for (pid_t pid : probe_pids(probe_out))
    EXPECT_TRUE(process_gone(pid)) << "thread process " << pid << " left";
}

std::string signal_name(int signo) { return std::string("SIG") + sigabbrev_np(signo); }

int count_lines(const std::string &text, const std::string &line) {
  std::istringstream lines(text);
  int count = 0;
  for (std::string l; std::getline(lines, l);) count += (l == line);
  return count;
}

void LauncherTest::TearDown() {
  // Another test running in parallel may hold a segment for an instant between creating and unlinking
  // it; only a name that stays is a leak.
  auto segments = [] {
    std::vector<std::string> names;
    for (const auto &entry : std::filesystem::directory_iterator("/dev/shm"))
      if (std::string name = entry.path().filename().string();
          name.starts_with("pgas-") && !name.starts_with("pgas-trace-"))
        names.push_back(
            entry.path().string());  // segments; a traced run's raw files live there until imported
    return names;
  };
  if (segments().empty()) return;
  std::this_thread::sleep_for(200ms);
  for (const std::string &name : segments()) ADD_FAILURE() << "left behind in /dev/shm: " << name;
}

}  // namespace launcher_test
