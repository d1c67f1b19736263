#include "faults_util.hpp"

#include <unistd.h>

#include <chrono>
#include <fstream>
#include <sstream>
#include <thread>

#include "pgas/tracedb/raw_directory.hpp"

namespace trace_faults {

launcher_test::RunResult run_preloaded(const std::string &database, int threads,
                                       const std::vector<std::string> &settings) {
  std::vector<std::string> command{"-n",
                                   std::to_string(threads),
                                   "--timeout",
                                   "60",
                                   "env",
                                   std::string("LD_PRELOAD=") + kTracingLibrary,
                                   "PGAS_TRACE_FILE=" + database};
  command.insert(command.end(), settings.begin(), settings.end());
  command.push_back(kTracedProgram);
  return launcher_test::run_pgasrun(command);
}

std::vector<std::string> shm_raw_directories_of(const std::string &database) {
  std::vector<std::string> found;
  std::error_code ec;
  for (fs::directory_iterator it("/dev/shm", ec), end; !ec && it != end; it.increment(ec)) {
    if (!it->path().filename().string().starts_with("pgas-trace-")) continue;
    if (read_file(it->path() / "job").find("database=" + database + "\n") != std::string::npos)
      found.push_back(it->path().string());
  }
  return found;
}

bool wait_until_unused(const std::string &dir) {
  for (int attempt = 0; attempt < 200; ++attempt) {
    std::string error;
    int fd = pgas::tracedb::raw::open_private_directory(dir, /*create=*/false, &error);
    if (fd < 0) return false;
    bool unused = pgas::tracedb::raw::claim_unused(fd);
    close(fd);
    if (unused) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  return false;
}

std::vector<std::string> files_containing(const fs::path &dir, const std::string &part) {
  std::vector<std::string> found;
  for (const auto &entry : fs::directory_iterator(dir))
    if (entry.path().filename().string().find(part) != std::string::npos) found.push_back(entry.path());
  return found;
}

}  // namespace trace_faults
