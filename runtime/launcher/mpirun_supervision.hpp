// Running mpirun for pgasrun --conduit mpi and supervising it as the shm conduit's jobs are supervised: on
// --timeout and on SIGINT, SIGTERM, SIGHUP or SIGQUIT the job is ended, mpirun and every rank, with the
// same message and exit status; nothing mpirun started outlives pgasrun.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace pgas::launcher {

class SignalChannel;

// Runs mpirun (argv[0], looked up in PATH) until it exits or pgasrun ends it; `threads` is the job's
// number of threads (for the message). Returns pgasrun's exit status: mpirun's own, 124 after the
// timeout, 128+S after signal S, 127 if mpirun cannot be run. `signals` must exist before the call (mpirun
// may end before pgasrun waits for it); the caller keeps it for the trace import that follows.
int run_mpirun(const std::vector<std::string> &argv, std::optional<double> timeout_s, int threads,
               SignalChannel &signals);

}  // namespace pgas::launcher
