// Turning a run's raw recorder files ("<db>.raw/thread-<T>.bin") into the trace database.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace pgas::tracedb {

class Database;

struct ImportOptions {
  bool keep_raw = false;        // leave the raw files in place after a successful import
  std::string raw_directory;    // where the raw files are; "" = raw_directory(database)
  std::string conduit = "shm";  // run.conduit: the conduit the run used ("shm" or "mpi")
  bool replace_newer = true;    // false: a database written after the run started is kept (an Error)
  // Runs on the complete database before it replaces the target (pgas-trace-import symbolizes there), so
  // that no reader ever sees it half done.
  std::function<void(Database &)> before_commit;
};

struct ImportSummary {
  int threads = 0;                       // THREADS of the run
  int threads_found = 0;                 // threads that left a raw file
  bool complete = false;                 // every thread finished normally
  std::uint64_t accesses = 0;            // remote transport calls recorded
  std::uint64_t dropped = 0;             // calls that found a recorder's access table full (in no access row)
  std::uint64_t objects_unrecorded = 0;  // shared objects that found a handle table full
  std::vector<std::string> rejected;     // raw files left out (corrupt, or of another run), with why
  bool replaced_newer = false;           // the database replaced had been written since this run started
  bool raw_kept = false;                 // the raw files were kept (--keep-raw, or a file was rejected)
};

// Writes `database` (replacing it; written to a uniquely named temporary file first and renamed, so an
// existing database is never left half-written and concurrent imports to one path do not mix). Invalid raw
// files are left out (summary.rejected); throws tracedb::Error naming the file and the problem if none is
// valid or the database cannot be written.
ImportSummary import_raw_trace(const std::string &database, const ImportOptions &options = {});

// Removes the temporary database of the import under way, if any. Async-signal-safe: for the handler of a
// signal that ends the importing process (the raw files stay, so nothing recorded is lost).
void abandon_import_in_progress();

// The default directory holding the raw files of `database` ("<database>.raw").
std::string raw_directory(const std::string &database);

}  // namespace pgas::tracedb
