// pgasrun --trace: preparing the threads' environment for the tracing library before the job, and turning
// the raw recorder files into the trace database after it (pgas-trace-import, next to pgasrun).
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "options.hpp"
#include "signal_channel.hpp"

namespace pgas::launcher {

// The variables that attach the tracer to a thread (LD_PRELOAD of libpgas-trace.so, or $PGAS_TRACE_LIBRARY,
// and the PGAS_TRACE_* settings), for options.trace as it is.
std::vector<std::pair<std::string, std::string>> trace_environment(const LaunchOptions &options);

// The command that imports the run's raw files after the job.
std::vector<std::string> importer_command(const LaunchOptions &options);

// Checks that the database can be written (it must not exist unless --force) (before the job runs), makes the
// run's private raw directory (mkdtemp; in use until pgasrun exits, with a job file naming the database for
// pgas-trace-import
// --recover) and fills options.extra_env (trace_environment). A name pgasrun chose is printed. Returns an
// error message, or "" when ready (also when tracing is off).
std::string prepare_trace(LaunchOptions &options);

// Imports the run's raw files into the database with pgas-trace-import beside pgasrun (or
// $PGAS_TRACE_IMPORT), which reports it in one line; it gets default signal dispositions, so Ctrl-C ends
// it; a signal pgasrun receives through `signals` (when it has a signalfd) is passed on to it. If the import
// fails, the raw files are kept and the message says where. Returns the job's exit status; 128+S if the
// import was ended by signal S sent to pgasrun; 1 if the job succeeded but its trace could not be written.
int finish_trace(const LaunchOptions &options, int job_status, SignalChannel *signals = nullptr);

}  // namespace pgas::launcher
