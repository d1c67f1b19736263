// pgasrun --conduit mpi: the job's threads started by mpirun on the MPI conduit.
#pragma once

#include <string>
#include <vector>

#include "options.hpp"

namespace pgas::launcher {

// Runs the job under mpirun (with the tracer's settings, if any, passed to every rank), imports the trace
// afterwards, and returns pgasrun's exit status.
int run_mpi_job(LaunchOptions options);

// mpirun's command line for the job.
std::vector<std::string> mpirun_command(const LaunchOptions &options);

}  // namespace pgas::launcher
