#include "process.hpp"

#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <thread>

namespace report_test {
namespace {

int anonymous_file() {
  char path[] = "/tmp/pgas-report-out-XXXXXX";
  int fd = mkostemp(path, O_CLOEXEC);
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

}  // namespace

Result run_report(const std::vector<std::string> &args, const std::string &cwd) {
  int out = anonymous_file(), err = anonymous_file();
  std::vector<char *> argv{const_cast<char *>(kPgasReport)};
  for (const std::string &a : args) argv.push_back(const_cast<char *>(a.c_str()));
  argv.push_back(nullptr);
  pid_t pid = fork();
  if (pid == 0) {
    dup2(out, 1);
    dup2(err, 2);
    if (!cwd.empty() && chdir(cwd.c_str()) != 0) _exit(126);
    execv(kPgasReport, argv.data());
    _exit(127);
  }
  Result result;
  int status = 0;
  auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
  while (waitpid(pid, &status, WNOHANG) == 0) {
    if (std::chrono::steady_clock::now() > deadline) {
      kill(pid, SIGKILL);
      waitpid(pid, &status, 0);
      break;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
  result.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -WTERMSIG(status);
  result.out = read_all(out);
  result.err = read_all(err);
  close(out);
  close(err);
  return result;
}

}  // namespace report_test
