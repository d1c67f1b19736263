// Turning a run's raw recorder files ("<db>.raw/thread-<T>.bin") into the trace database.
#pragma once

#include <cstdint>
#include <string>

namespace pgas::tracedb {

struct ImportOptions {
  bool keep_raw = false;        // leave the raw files in place after a successful import
  std::string raw_directory;    // where the raw files are; "" = raw_directory(database)
  std::string conduit = "shm";  // run.conduit: the conduit the run used ("shm" or "mpi")
};

struct ImportSummary {
  int threads = 0;             // THREADS of the run
  int threads_found = 0;       // threads that left a raw file
  bool complete = false;       // every thread finished normally
  std::uint64_t accesses = 0;  // remote transport calls recorded
  std::uint64_t dropped = 0;   // events that found a recorder table full
};

// Writes `database` (replacing it; written to a temporary file first, so an existing database is never
// left half-written). Throws tracedb::Error naming the file and the problem.
ImportSummary import_raw_trace(const std::string &database, const ImportOptions &options = {});

// The default directory holding the raw files of `database` ("<database>.raw").
std::string raw_directory(const std::string &database);

}  // namespace pgas::tracedb
