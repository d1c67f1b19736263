// pgasrun --conduit mpi: the job's threads started by mpirun on the MPI conduit.
#pragma once

#include <string>
#include <vector>

#include "options.hpp"

namespace pgas::launcher {

// Runs the job under mpirun (with the tracer's settings, if any, passed to every rank), imports the trace
// afterwards, and returns pgasrun's exit status.
int run_mpi_job(LaunchOptions options);

// mpirun's command line for the job; with --tag-output, mpirun writes each rank's output into files under
// `output_directory` (which pgasrun relays, tagged, line by line).
std::vector<std::string> mpirun_command(const LaunchOptions &options, const std::string &output_directory);

}  // namespace pgas::launcher
