// Starting the processes of a job: one fork + exec per PGAS thread, with the launch contract in its
// environment (see common/launch_contract.hpp).
#pragma once

#include <sys/types.h>

#include <string>
#include <vector>

#include "job_segments.hpp"
#include "options.hpp"
#include "output_tagging.hpp"

namespace pgas::launcher {

// Forks one process per thread, each executing options.program, with its output through `output` when
// given (--tag-output) and bound to a CPU under --bind-to core. Returns the pids indexed by thread; if a fork
// fails, returns the pids started so far and sets *error.
std::vector<pid_t> start_threads(const LaunchOptions &options, const JobSegments &segments,
                                 const OutputTagger *output, std::string *error);

}  // namespace pgas::launcher
