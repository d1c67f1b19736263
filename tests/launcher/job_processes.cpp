#include "job_processes.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <vector>

#include "pgasrun_process.hpp"

namespace launcher_test {
namespace {

namespace fs = std::filesystem;

// The /dev/shm files a process maps, by name (those already unlinked excepted: they cannot be left).
std::vector<std::string> shm_files_of(pid_t pid) {
  std::vector<std::string> files;
  std::ifstream maps("/proc/" + std::to_string(pid) + "/maps");
  for (std::string line; std::getline(maps, line);) {
    auto path = line.find(" /dev/shm/");
    if (path != std::string::npos && !line.ends_with(" (deleted)")) files.push_back(line.substr(path + 1));
  }
  return files;
}

}  // namespace

std::vector<pid_t> children_of(pid_t pid) {
  std::vector<pid_t> children;
  std::error_code ec;
  for (const auto &task : fs::directory_iterator("/proc/" + std::to_string(pid) + "/task", ec)) {
    std::ifstream list(task.path() / "children");
    for (pid_t child; list >> child;) children.push_back(child);
  }
  return children;
}

void JobProcesses::look() {
  std::vector<pid_t> pending{launcher_};
  while (!pending.empty()) {
    const pid_t pid = pending.back();
    pending.pop_back();
    pids_.insert(pid);
    for (const std::string &file : shm_files_of(pid)) shm_files_.insert(file);
    for (pid_t child : children_of(pid)) pending.push_back(child);
  }
}

void JobProcesses::expect_all_gone() const {
  expect_processes_gone();
  for (const std::string &file : shm_files_)
    EXPECT_FALSE(fs::exists(file)) << file << ", mapped by the job, is left in /dev/shm";
}

void JobProcesses::remove_shm_files() const {
  std::error_code ec;
  for (const std::string &file : shm_files_) fs::remove(file, ec);
}

void JobProcesses::expect_processes_gone() const {
  for (pid_t pid : pids_) {
    if (process_gone(pid)) continue;
    std::ifstream cmdline("/proc/" + std::to_string(pid) + "/cmdline");
    std::string command;
    std::getline(cmdline, command, '\0');
    ADD_FAILURE() << "process " << pid << " (" << command << ") of the job is still there";
  }
}

}  // namespace launcher_test
