#include "trace_setup.hpp"

#include <fcntl.h>
#include <spawn.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <vector>

#include "pgas/tracedb/raw_directory.hpp"
#include "pgas/tracedb/recovery.hpp"
#include "signal_channel.hpp"

extern char **environ;

namespace pgas::launcher {
namespace {

namespace fs = std::filesystem;
namespace raw = tracedb::raw;
namespace settings = tracedb::settings;

// The raw directory of this run, held open and locked shared for as long as pgasrun lives: while it is,
// pgas-trace-import --recover leaves the directory alone; once pgasrun is gone (even SIGKILLed), it is a
// leaked directory that --recover imports.
int g_raw_directory_fd = -1;

// Where pgasrun itself lives: the tracing library is in PGAS_LIBDIR_FROM_BINDIR from it (../lib), the
// importer beside it, in the build tree as in any installed tree.
fs::path own_directory() {
  std::error_code ec;
  fs::path self = fs::read_symlink("/proc/self/exe", ec);
  return ec ? fs::path(".") : self.parent_path();
}

fs::path tool_path(const char *variable, const fs::path &fallback) {
  if (const char *path = std::getenv(variable); path && *path) return path;
  return fallback;
}

// mkdtemp: a new directory, mode 0700, with a name no other run has; "" if it cannot be made.
std::string make_unique_directory(const std::string &prefix) {
  std::vector<char> name(prefix.begin(), prefix.end());
  for (char c : std::string("XXXXXX")) name.push_back(c);
  name.push_back('\0');
  return mkdtemp(name.data()) ? std::string(name.data()) : "";
}

// The recorder's raw files go to a private directory of this run on /dev/shm when there is one: it is
// memory, so the recorder's writes cost nothing more (a mapping of a disk file pays for writeback), and it
// survives the death of any thread. Elsewhere (and for ranks on other machines), next to the database.
std::string make_raw_directory(const fs::path &database, bool next_to_database) {
  if (!next_to_database && access(raw::kShmDirectory, W_OK) == 0)
    if (std::string dir = make_unique_directory(std::string(raw::kShmDirectory) + "/" + raw::kShmPrefix);
        !dir.empty())
      return dir;
  return make_unique_directory(database.string() + ".raw-");
}

// The database is written at the end by a rename in its directory: check now, before the job runs, that
// this will work (a probe file made and removed there).
std::string check_database_target(const fs::path &database, bool force) {
  struct stat st {};
  if (lstat(database.c_str(), &st) == 0 && !S_ISREG(st.st_mode))
    return "--trace: " + database.string() + " exists and is not a regular file";
  if (lstat(database.c_str(), &st) == 0 && !force)
    return "--trace: " + database.string() +
           " already exists; choose another name, or add --force to replace it";
  std::string probe = make_unique_directory(database.string() + ".probe-");
  if (probe.empty()) return "--trace: cannot write " + database.string() + ": " + std::strerror(errno);
  rmdir(probe.c_str());
  return "";
}

// The leaked raw directories of earlier runs (their pgasrun was killed before its import step), so that
// they are not forgotten in memory.
void mention_leaked_directories() {
  const std::size_t leaked = tracedb::find_leaked_runs("").size();
  if (leaked > 0)
    std::fprintf(stderr,
                 "pgasrun: %zu trace(s) of killed jobs are still in %s/%s*: 'pgas-trace-import --recover' "
                 "imports them\n",
                 leaked, raw::kShmDirectory, raw::kShmPrefix);
}

// Waits for the importer; SIGINT, SIGTERM or SIGHUP that reach pgasrun's signalfd (`signals`, if any) are
// passed on to it. Sets `*forwarded` to the last signal passed on.
int wait_for_importer(pid_t pid, SignalChannel *signals, int *forwarded) {
  int status = -1;
  for (;;) {
    pid_t done = waitpid(pid, &status, signals ? WNOHANG : 0);
    if (done == pid) return status;
    if (done < 0 && errno != EINTR) return -1;
    if (signals == nullptr) continue;
    for (int signo : signals->wait(200))
      if (signo != SIGCHLD) kill(pid, *forwarded = signo);
  }
}

// Runs the importer with the signal mask and dispositions of a fresh process: pgasrun blocks SIGINT and
// friends for its signalfd, and a blocked mask is inherited, which would make Ctrl-C ignored by the import.
// Returns its wait status, or -1 if it could not be started.
int run_importer(std::vector<std::string> args, SignalChannel *signals, int *forwarded) {
  std::vector<char *> argv;
  for (std::string &arg : args) argv.push_back(arg.data());
  argv.push_back(nullptr);
  posix_spawnattr_t attr;
  posix_spawnattr_init(&attr);
  sigset_t none, defaults;
  sigemptyset(&none);
  sigfillset(&defaults);
  posix_spawnattr_setsigmask(&attr, &none);
  posix_spawnattr_setsigdefault(&attr, &defaults);
  posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF);
  pid_t pid = 0;
  int status = -1;
  if (posix_spawn(&pid, argv[0], nullptr, &attr, argv.data(), environ) == 0)
    status = wait_for_importer(pid, signals, forwarded);
  posix_spawnattr_destroy(&attr);
  return status;
}

fs::path trace_library() {
  return tool_path("PGAS_TRACE_LIBRARY",
                   (own_directory() / PGAS_LIBDIR_FROM_BINDIR / "libpgas-trace.so").lexically_normal());
}

}  // namespace

std::vector<std::pair<std::string, std::string>> trace_environment(const LaunchOptions &options) {
  const TraceOptions &trace = options.trace;
  std::string preload = trace_library().string();
  if (const char *existing = std::getenv("LD_PRELOAD"); existing && *existing)
    preload += std::string(":") + existing;
  return {{"LD_PRELOAD", preload},
          {"PGAS_TRACE_FILE", trace.file},
          {"PGAS_TRACE_RAW_DIR", trace.raw_directory},
          {settings::kLines.variable, trace.lines ? "1" : "0"},
          {settings::kCallers.variable, std::to_string(trace.callers)},
          {settings::kTimeline.variable, std::to_string(trace.timeline_ms)},
          {settings::kBins.variable, std::to_string(trace.bins)},
          {settings::kDepth.variable, std::to_string(trace.depth)},
          {settings::kTimeEvery.variable, std::to_string(trace.time_every)}};
}

std::vector<std::string> importer_command(const LaunchOptions &options) {
  return {tool_path("PGAS_TRACE_IMPORT", own_directory() / "pgas-trace-import").string(), "--as=pgasrun",
          "--raw-dir=" + options.trace.raw_directory, "--conduit=" + options.conduit, options.trace.file};
}

std::string prepare_trace(LaunchOptions &options) {
  const TraceOptions &trace = options.trace;
  if (trace.file.empty()) return {};
  fs::path library = trace_library();
  if (!fs::exists(library))
    return "cannot find the tracing library at " + library.string() + " (set PGAS_TRACE_LIBRARY to its path)";
  // Checked before the job runs, not found after it: a job whose import cannot start would leave its whole
  // trace in raw files.
  const std::string importer = importer_command(options).front();
  if (access(importer.c_str(), X_OK) != 0)
    return "cannot run the trace importer " + importer + ": " + std::strerror(errno) +
           " (build pgas-trace-import, or set PGAS_TRACE_IMPORT to its path)";
  std::error_code ec;
  fs::path database = fs::absolute(trace.file, ec).lexically_normal();
  if (!fs::is_directory(database.parent_path(), ec))
    return "--trace: the directory of " + trace.file + " does not exist";
  if (std::string problem = check_database_target(database, trace.force); !problem.empty()) return problem;
  if (trace.named_by_pgasrun) std::fprintf(stderr, "pgasrun: tracing into %s\n", database.c_str());
  mention_leaked_directories();
  std::string raw_dir = make_raw_directory(database, trace.raw_next_to_database);
  std::string error;
  int fd = raw_dir.empty() ? -1 : raw::open_private_directory(raw_dir, /*create=*/false, &error);
  if (fd < 0)
    return "--trace: cannot make a directory for the raw trace files: " +
           (raw_dir.empty() ? std::string(std::strerror(errno)) : error);
  raw::mark_in_use(fd);
  g_raw_directory_fd = fd;
  if (std::string problem = raw::write_job_file(fd, {database.string(), options.conduit}); !problem.empty())
    return "--trace: " + raw_dir + "/" + problem;
  options.trace.raw_directory = raw_dir;
  options.trace.file = database.string();
  options.extra_env = trace_environment(options);
  return {};
}

int finish_trace(const LaunchOptions &options, int job_status, SignalChannel *signals) {
  const TraceOptions &trace = options.trace;
  if (trace.file.empty()) return job_status;
  int forwarded = 0;
  int status = run_importer(importer_command(options), signals, &forwarded);
  if (g_raw_directory_fd >= 0) close(g_raw_directory_fd);
  g_raw_directory_fd = -1;
  if (status != -1 && WIFEXITED(status) && WEXITSTATUS(status) == 0) return job_status;
  std::error_code ec;
  if (!raw::holds_raw_files(trace.raw_directory)) {  // no thread got as far as tracing: nothing to keep
    fs::remove_all(trace.raw_directory, ec);
    return job_status != 0 ? job_status : 1;
  }
  // What was recorded stays where it is, and the message says how to import it.
  std::string why = status == -1          ? "could not be started"
                    : WIFSIGNALED(status) ? std::string("was ended by ") + signal_name(WTERMSIG(status))
                                          : "failed";
  std::fprintf(stderr,
               "pgasrun: the trace import %s: the trace was not written to %s; its raw files are in %s "
               "(import them with: pgas-trace-import --raw-dir=%s %s)\n",
               why.c_str(), trace.file.c_str(), trace.raw_directory.c_str(), trace.raw_directory.c_str(),
               trace.file.c_str());
  if (forwarded != 0) return 128 + forwarded;  // pgasrun was interrupted
  return job_status != 0 ? job_status : 1;
}

}  // namespace pgas::launcher
