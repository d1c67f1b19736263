// The pgasrun command line: what it accepts, its help text, and the environment variables it honors.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "pgas/tracedb/trace_settings.hpp"

namespace pgas::launcher {

// --timeout is at most a year: the deadline stays far inside the clock's range.
inline constexpr double kMaxTimeoutSeconds = 365 * 24 * 3600;

// pgasrun --trace and its companions.
struct TraceOptions {
  std::string file;               // the database; empty = no tracing
  bool named_by_pgasrun = false;  // --trace without FILE: pgas.PROGRAM.PID.db, printed at the start
  bool force = false;             // --force: an existing database may be replaced
  std::string raw_directory;      // where the recorder's raw files go (set by prepare_trace)
  bool lines = false;
  unsigned callers = tracedb::settings::kCallers.fallback;  // --callers: caller sites kept per site
  unsigned timeline_ms = tracedb::settings::kTimeline.fallback;
  unsigned bins = tracedb::settings::kBins.fallback;
  unsigned depth = tracedb::settings::kDepth.fallback;
  unsigned time_every = tracedb::settings::kTimeEvery.fallback;
  bool raw_next_to_database = false;  // raw files on the database's file system (ranks on other machines)
};

// --bind-to: where the threads run (cpu_binding.hpp).
enum class Binding {
  kNone,    // wherever the system puts them
  kCore,    // thread T on the T-th CPU pgasrun may use, a CPU each (no more threads than CPUs)
  kSpread,  // thread T on CPU T mod k of the k CPUs pgasrun may use: a CPU each when they fit, else shared
};

struct LaunchOptions {
  int threads = 0;
  std::string conduit = "shm";       // "shm": fork the threads here; "mpi": run them with mpirun
  double latency_ns = 0;             // emulated latency added to every remote transport call; 0 = off
  double bandwidth_bps = 0;          // emulated bandwidth of every remote transfer; 0 = unlimited
  std::uint64_t segment_size = 0;    // bytes of shared memory per thread
  std::optional<double> timeout_s;   // end the job after this long
  std::vector<std::string> program;  // the program and its arguments, unchanged
  TraceOptions trace;
  bool tag_output = false;           // --tag-output: each line a thread prints starts with "[T] "
  bool show = false;                 // --show: print what would be run, run nothing
  Binding binding = Binding::kNone;  // --bind-to
  // Further variables every thread gets (set by the tracing set-up), applied last.
  std::vector<std::pair<std::string, std::string>> extra_env;

  bool emulation_on() const { return latency_ns > 0 || bandwidth_bps > 0; }
};

struct ParsedCommandLine {
  enum class Action { kRun, kHelp, kVersion, kUsageError };
  Action action = Action::kUsageError;
  LaunchOptions options;  // valid when action is kRun
  std::string error;      // set when action is kUsageError: what was wrong, without the "pgasrun: " prefix
};

// Returns the value of an environment variable or nullptr (std::getenv in production).
using EnvLookup = std::function<const char *(const char *)>;

ParsedCommandLine parse_command_line(int argc, char **argv, const EnvLookup &getenv);

// The full --help text.
std::string usage_text();

}  // namespace pgas::launcher
