// pgasrun --trace: preparing the threads' environment for the tracing library before the job, and turning
// the raw recorder files into the trace database after it (pgas-trace-import, next to pgasrun).
#pragma once

#include <string>

#include "options.hpp"

namespace pgas::launcher {

// Fills options.extra_env (LD_PRELOAD of libpgas-trace.so and the PGAS_TRACE_* variables) and clears
// stale raw files. Returns an error message, or "" when ready (also when tracing is off).
std::string prepare_trace(LaunchOptions &options);

// Imports the run's raw files into the database and reports it in one line. Returns the job's exit status,
// or 1 if the job succeeded but its trace could not be written.
int finish_trace(const LaunchOptions &options, int job_status);

}  // namespace pgas::launcher
