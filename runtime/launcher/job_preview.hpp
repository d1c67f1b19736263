// pgasrun --show: what a job would run, printed instead of running it (as upcrun -show and mpirun's
// --display do): each thread's environment and command, mpirun's command line under --conduit mpi, and the
// import after a traced job.
#pragma once

#include <string>

#include "options.hpp"

namespace pgas::launcher {

// The text --show prints for `options` (checked, nothing prepared: no segment, no raw directory exists).
std::string job_preview(LaunchOptions options);

}  // namespace pgas::launcher
