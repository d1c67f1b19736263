// Checking the trace database of a job that was interrupted, in a scratch directory of its own.
#pragma once

#include <string>

#include "scratch_directory.hpp"

namespace launcher_test {

using pgas_test::ScratchDirectory;

// Adds failures unless `path` is an intact trace database of a job of `threads` threads on `conduit`, with
// every thread's rows and the accesses they made, marked partial, its raw files imported.
void expect_partial_trace(const std::string &path, int threads, const std::string &conduit);

}  // namespace launcher_test
