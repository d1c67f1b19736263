// pgasrun --help: every flag, its range and default, and the exit statuses.
#include <string>

#include "common/launch_contract.hpp"
#include "common/launch_settings.hpp"
#include "common/units.hpp"
#include "options.hpp"

namespace pgas::launcher {
namespace {

namespace settings = tracedb::settings;

// "1..256 (default 64)"
std::string range_text(const tracedb::settings::Setting &setting) {
  return std::to_string(setting.low) + ".." + std::to_string(setting.high) + " (default " +
         std::to_string(setting.fallback) + ")";
}

}  // namespace

// clang-format off: the help text is laid out as printed

std::string usage_text() {
  const std::string max_threads = std::to_string(launch::kMaxThreads);
  const std::string min_size = units::format_size(launch::kMinSegmentSize);
  const std::string default_size = units::format_size(launch::kDefaultSegmentSize);
  const std::string max_segments = units::format_size(launch::kMaxJobSegments);
  const std::string max_latency = units::format_duration_ns(launch::kMaxLatencyNs);
  const std::string bandwidth_range = units::format_bandwidth(launch::kMinBandwidth) + " to " +
                                      units::format_bandwidth(launch::kMaxBandwidth);
  const std::string max_timeout = std::to_string(static_cast<long>(kMaxTimeoutSeconds));
  return "Usage: pgasrun -n N [options] [--] PROGRAM [ARGS...]\n"
         "\n"
         "Runs PROGRAM as a PGAS job of N threads (processes) on this machine, connected by shared memory.\n"
         "\n"
         "Options:\n"
         "  -n, -np, --threads N     number of threads, 1.." +
         max_threads +
         " (required)\n"
         "      --latency T          network emulation (what-if): each remote transport call costs T more,\n"
         "                           with a unit (ns, us, ms, s): 2us, 500ns, 1.5ms; at most " +
         max_latency +
         "; 0 = off\n"
         "                           (default: $PGAS_LATENCY, else 0)\n"
         "      --bandwidth B        network emulation (what-if): remote transfers move at most B,\n"
         "                           e.g. 10GB/s, 800MB/s, 1.5GiB/s; " +
         bandwidth_range +
         "; 0 = unlimited\n"
         "                           (default: $PGAS_BANDWIDTH, else 0)\n"
         "      --segment-size SIZE  shared memory per thread, at least " +
         min_size +
         ", e.g. 1GiB, 512MiB\n"
         "                           (default: $PGAS_SEGMENT_SIZE, else " +
         default_size +
         "); pages cost memory\n"
         "                           only when touched; every thread maps all segments, which together\n"
         "                           may take at most " +
         max_segments +
         "; the first three quarters of a thread's segment\n"
         "                           hold collective allocations (upc_all_alloc, upc_global_alloc and\n"
         "                           the runtime's own), the last quarter that thread's upc_alloc heap\n"
         "      --timeout SECONDS    end the job after SECONDS, at most " +
         max_timeout +
         " (a year)\n"
         "                           (exit status 124)\n"
         "      --conduit C          shm (default): the threads are processes on this machine, connected\n"
         "                           by shared memory; mpi: run them with mpirun on the MPI conduit\n"
         "                           (MPI-3 RMA; also across machines): mpirun --oversubscribe -np N,\n"
         "                           plus the flags in $PGAS_MPIRUN_FLAGS (e.g. '--hostfile hosts' or\n"
         "                           '--mca btl tcp,self'); $PGAS_MPIRUN names mpirun (default: on PATH)\n"
         "      --bind-to B          core: thread T runs on the T-th CPU pgasrun may use (no more threads\n"
         "                           than CPUs) and, having a CPU of its own, polls through short waits\n"
         "                           instead of yielding; spread: the same when the threads fit, else\n"
         "                           thread T on CPU T mod K of the K CPUs, shared evenly (waits yield);\n"
         "                           none (default): the threads go where the system puts them\n"
         "      --tag-output         prefix each line the threads print with [T], their thread number\n"
         "      --show               print what would be run (each thread's environment and command, or\n"
         "                           mpirun's) and exit without running it\n"
         "\n"
         "Tracing (libpgas-trace.so is preloaded into every thread):\n"
         "      --trace [FILE]       record remote accesses into the trace database FILE (SQLite); after\n"
         "                           the job, import and symbolize it and print where it is. If pgasrun\n"
         "                           is killed first, 'pgas-trace-import --recover' imports the trace.\n"
         "                           FILE is the next argument when it ends in .db (or --trace=FILE);\n"
         "                           without it, pgasrun picks pgas.PROGRAM.PID.db and prints the name\n"
         "      --force              replace FILE if it exists (without it, an existing FILE is refused)\n"
         "      --lines              also record call sites (source lines) of the accesses and waits\n"
         "      --callers N          with --lines, also keep the chain of N calling lines above each\n"
         "                           access's and wait's line, " +
         range_text(settings::kCallers) +
         ", so that a helper is\n"
         "                           shown per calling line (pgas-report --section paths); every event\n"
         "                           then walks the stack\n"
         "      --timeline MS        also record accesses per thread over time, in MS-millisecond buckets\n"
         "      --bins N             offset histogram bins per shared variable, " +
         range_text(settings::kBins) +
         "\n"
         "      --depth N            frames walked at most to leave runtime code, " +
         range_text(settings::kDepth) +
         "\n"
         "      --time-every N       time one transport call in N, " +
         range_text(settings::kTimeEvery) +
         "; 1 = every call; counts stay\n"
         "                           exact and time sums are scaled from the timed calls\n"
         "\n"
         "  -h, --help               print this help and exit\n"
         "      --version            print the version and exit\n"
         "\n"
         "Options end at '--' or at the first argument that is not an option; PROGRAM and ARGS are passed\n"
         "unchanged. Every option also accepts the --option=VALUE form.\n"
         "\n"
         "Environment: the flags above have PGAS_ variables (PGAS_LATENCY, PGAS_SEGMENT_SIZE, ...); pgasrun\n"
         "also reads PGAS_MPIRUN and PGAS_MPIRUN_FLAGS (--conduit mpi), PGAS_TRACE_LIBRARY and\n"
         "PGAS_TRACE_IMPORT (--trace), and passes the runtime's own (PGAS_COLL_MYSYNC, PGAS_COLL2_ENGINE,\n"
         "PGAS_COLL2_INLINE, PGAS_PAIRSYNC_TREE_ARITY, PGAS_CACHE_DIRECT, ...) to every thread unchanged.\n"
         "README.md, section \"Environment variables\", lists each with its meaning and range.\n"
         "\n"
         "When a thread fails (non-zero exit status, or killed by a signal), the others are ended at once.\n"
         "SIGINT, SIGTERM, SIGHUP and SIGQUIT to pgasrun end the job, except a signal ignored when pgasrun\n"
         "started (nohup's SIGHUP): it stays ignored, by pgasrun and by the job.\n"
         "Exit status: 0 if every thread exits 0; else the first non-zero exit status of a thread;\n"
         "  128+S if a thread was killed by signal S, or pgasrun was interrupted by signal S;\n"
         "  the status given to upc_global_exit; 124 after --timeout; 127 if PROGRAM cannot be run;\n"
         "  2 for a bad command line.\n";
}
// clang-format on

}  // namespace pgas::launcher
