// A database written under a unique temporary name beside its final path and renamed over it when
// complete: an import never leaves a half-written database, and two imports to one path never share a
// file (the last to finish wins, atomically).
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "pgas/tracedb/database.hpp"

namespace pgas::tracedb {

class TemporaryDatabase {
 public:
  // Creates "<final_path>.importing-XXXXXX" exclusively, with the current schema.
  explicit TemporaryDatabase(const std::string &final_path);
  ~TemporaryDatabase();  // removes the temporary file unless committed
  TemporaryDatabase(const TemporaryDatabase &) = delete;
  TemporaryDatabase &operator=(const TemporaryDatabase &) = delete;

  Database &database() { return *database_; }
  // Closes the database and renames it to `final_path`, replacing what is there.
  void commit_as(const std::string &final_path);

 private:
  std::string path_;
  std::optional<Database> database_;
  bool committed_ = false;
};

// True if `path` exists and was last modified at or after `realtime_ns` (CLOCK_REALTIME).
bool written_since(const std::string &path, std::int64_t realtime_ns);

}  // namespace pgas::tracedb
