#include "job_traces.hpp"

#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <sstream>
#include <string_view>
#include <thread>

namespace faults {
namespace {

using Clock = std::chrono::steady_clock;

// A /proc file's text, "" if the process is gone (read with stdio: a process that vanishes in the middle
// makes std::ifstream throw).
std::string proc_text(const std::string &path) {
  std::string text;
  if (FILE *file = std::fopen(path.c_str(), "r")) {
    char buf[4096];
    for (std::size_t n; (n = std::fread(buf, 1, sizeof buf, file)) > 0;) text.append(buf, n);
    std::fclose(file);
  }
  return text;
}

std::string command_line(pid_t pid) {
  std::string text = proc_text("/proc/" + std::to_string(pid) + "/cmdline");
  for (char &ch : text)
    if (ch == '\0') ch = ' ';
  return std::to_string(pid) + " (" + text + ")";
}

// This process's children, from every /proc/PID/stat (the kernel may not offer /proc/PID/task/*/children).
std::vector<pid_t> children() {
  std::vector<pid_t> pids;
  const pid_t self = getpid();
  for (const auto &entry : std::filesystem::directory_iterator("/proc")) {
    const std::string name = entry.path().filename().string();
    if (name.find_first_not_of("0123456789") != std::string::npos) continue;
    const std::string text = proc_text(entry.path() / "stat");
    if (text.empty()) continue;
    // "pid (comm) state ppid ...": comm may hold spaces and parentheses, so parse after the last ')'.
    std::istringstream rest(text.substr(text.rfind(')') + 1));
    char state = 0;
    pid_t parent = 0;
    if (rest >> state >> parent && parent == self && state != 'Z') pids.push_back(std::stoi(name));
  }
  return pids;
}

void reap_exited() {
  while (waitpid(-1, nullptr, WNOHANG) > 0) {
  }
}

}  // namespace

void become_subreaper() {
  if (prctl(PR_SET_CHILD_SUBREAPER, 1) != 0) std::perror("prctl(PR_SET_CHILD_SUBREAPER)");
}

std::vector<std::string> end_leftover_children(std::chrono::milliseconds grace) {
  const auto give_up = Clock::now() + grace;
  for (reap_exited(); !children().empty() && Clock::now() < give_up; reap_exited())
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  std::vector<std::string> left;
  // A leftover's own children are reparented here when it dies: repeat until none is left.
  for (std::vector<pid_t> pids = children(); !pids.empty(); pids = children()) {
    for (pid_t pid : pids) {
      left.push_back(command_line(pid));
      kill(pid, SIGKILL);
    }
    for (pid_t pid : pids) waitpid(pid, nullptr, 0);
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    reap_exited();
  }
  return left;
}

std::set<std::string> shm_entries_mapped_by(pid_t pid) {
  std::set<std::string> entries;
  std::istringstream maps(proc_text("/proc/" + std::to_string(pid) + "/maps"));
  constexpr std::string_view kShm = "/dev/shm/";
  for (std::string line; std::getline(maps, line);) {
    auto at = line.find(kShm);
    if (at == std::string::npos || line.ends_with(" (deleted)")) continue;
    std::string path = line.substr(at);
    auto slash = path.find('/', kShm.size());
    entries.insert(slash == std::string::npos ? path : path.substr(0, slash));
  }
  return entries;
}

}  // namespace faults
