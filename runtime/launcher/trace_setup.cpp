#include "trace_setup.hpp"

#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>

extern char **environ;

namespace pgas::launcher {
namespace {

namespace fs = std::filesystem;

// Where pgasrun itself lives: the tracing library is in ../lib, the importer beside it.
fs::path own_directory() {
  std::error_code ec;
  fs::path self = fs::read_symlink("/proc/self/exe", ec);
  return ec ? fs::path(".") : self.parent_path();
}

// The recorder's raw files go to a private directory on /dev/shm when there is one: it is memory, so the
// recorder's writes cost nothing more (a mapping of a disk file pays for writeback), and it survives the
// death of any thread. Elsewhere, next to the database.
fs::path raw_directory_for(const fs::path &database) {
  char shm_template[] = "/dev/shm/pgas-trace-XXXXXX";
  if (access("/dev/shm", W_OK) == 0 && mkdtemp(shm_template) != nullptr) return shm_template;
  return database.string() + ".raw";
}

fs::path tracing_library() {
  if (const char *path = std::getenv("PGAS_TRACE_LIBRARY"); path && *path) return path;
  return own_directory().parent_path() / "lib" / "libpgas-trace.so";
}

}  // namespace

std::string prepare_trace(LaunchOptions &options) {
  const TraceOptions &trace = options.trace;
  if (trace.file.empty()) return {};
  fs::path library = tracing_library();
  if (!fs::exists(library))
    return "cannot find the tracing library at " + library.string() + " (set PGAS_TRACE_LIBRARY to its path)";
  std::error_code ec;
  fs::path database = fs::absolute(trace.file, ec);
  if (!fs::is_directory(database.parent_path(), ec))
    return "--trace: the directory of " + trace.file + " does not exist";
  fs::remove_all(database.string() + ".raw", ec);  // a previous run's leftovers
  options.trace.raw_directory =
      trace.raw_next_to_database ? database.string() + ".raw" : raw_directory_for(database).string();
  std::string preload = library.string();
  if (const char *existing = std::getenv("LD_PRELOAD"); existing && *existing)
    preload += std::string(":") + existing;
  options.extra_env = {{"LD_PRELOAD", preload},
                       {"PGAS_TRACE_FILE", database.string()},
                       {"PGAS_TRACE_RAW_DIR", options.trace.raw_directory},
                       {"PGAS_TRACE_LINES", trace.lines ? "1" : "0"},
                       {"PGAS_TRACE_TIMELINE", std::to_string(trace.timeline_ms)},
                       {"PGAS_TRACE_BINS", std::to_string(trace.bins)},
                       {"PGAS_TRACE_DEPTH", std::to_string(trace.depth)},
                       {"PGAS_TRACE_TIME_EVERY", std::to_string(trace.time_every)}};
  options.trace.file = database.string();
  return {};
}

int finish_trace(const LaunchOptions &options, int job_status) {
  const TraceOptions &trace = options.trace;
  if (trace.file.empty()) return job_status;
  std::string importer = (own_directory() / "pgas-trace-import").string();
  std::string as = "--as=pgasrun", raw = "--raw-dir=" + trace.raw_directory,
              conduit = "--conduit=" + options.conduit;
  char *argv[] = {
      importer.data(), as.data(), raw.data(), conduit.data(), const_cast<char *>(trace.file.c_str()),
      nullptr};
  pid_t pid = 0;
  int status = 0;
  if (posix_spawn(&pid, importer.c_str(), nullptr, nullptr, argv, environ) == 0 &&
      waitpid(pid, &status, 0) == pid && WIFEXITED(status) && WEXITSTATUS(status) == 0)
    return job_status;
  // Keep what was recorded: beside the database, where pgas-trace-import finds it by default.
  std::error_code ec;
  const std::string kept = trace.file + ".raw";
  if (trace.raw_directory != kept) {
    fs::remove_all(kept, ec);
    fs::copy(trace.raw_directory, kept, fs::copy_options::recursive, ec);
    if (!ec) fs::remove_all(trace.raw_directory, ec);
  }
  std::fprintf(stderr, "pgasrun: the trace of this run could not be written to %s; its raw files are in %s\n",
               trace.file.c_str(), ec ? trace.raw_directory.c_str() : kept.c_str());
  return job_status != 0 ? job_status : 1;
}

}  // namespace pgas::launcher
