// Shared by the trace fault tests: the programs they run, and the raw directories of traced runs.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "pgasrun_process.hpp"
#include "scratch_directory.hpp"

namespace trace_faults {

namespace fs = std::filesystem;

inline constexpr const char *kTracedProgram = TRACED_PROGRAM;
inline constexpr const char *kChurnProgram = CHURN_PROGRAM;
inline constexpr const char *kImporter = PGAS_TRACE_IMPORT_PATH;
inline constexpr const char *kTracingLibrary = PGAS_TRACE_LIBRARY_PATH;
inline constexpr const char *kReport = PGAS_REPORT_PATH;
inline constexpr const char *kStalledImporter = STALLED_IMPORTER;
inline constexpr const char *kRenameStall = RENAME_STALL_LIBRARY;

using pgas_test::read_file;
using pgas_test::ScratchDirectory;
using pgas_test::write_file;

// traced_program run traced the way the README documents without --trace (LD_PRELOAD of the tracer and
// PGAS_TRACE_FILE=database), under pgasrun on `threads` threads: the raw files go to database.raw/.
// `settings` are more environment settings for the program (PGAS_TRACE_LINES=1, ...).
launcher_test::RunResult run_preloaded(const std::string &database, int threads,
                                       const std::vector<std::string> &settings = {});

// The raw directories in /dev/shm whose job file names `database` (pgasrun's, of runs traced into it).
std::vector<std::string> shm_raw_directories_of(const std::string &database);

// Waits until no process holds the raw directory `dir` in use (a SIGKILLed pgasrun's threads die just
// after it); false if that did not happen within 20 s.
bool wait_until_unused(const std::string &dir);

// Files in `dir` whose name contains `part`.
std::vector<std::string> files_containing(const fs::path &dir, const std::string &part);

}  // namespace trace_faults
