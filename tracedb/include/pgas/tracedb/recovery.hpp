// Finding the raw trace directories that killed jobs left behind (pgasrun SIGKILLed before its import
// step), to import them: pgas-trace-import --recover.
#pragma once

#include <string>
#include <vector>

#include "pgas/tracedb/raw_directory.hpp"

namespace pgas::tracedb {

// A raw directory no running process uses, with the job that wrote it. Holds the directory claimed (an
// exclusive lock) until destroyed, so that two recoveries never import one directory.
class LeakedRun {
 public:
  LeakedRun(std::string directory, raw::JobDescription job, int dir_fd);
  ~LeakedRun();
  LeakedRun(LeakedRun &&other) noexcept;
  LeakedRun(const LeakedRun &) = delete;
  LeakedRun &operator=(const LeakedRun &) = delete;
  LeakedRun &operator=(LeakedRun &&) = delete;

  const std::string &directory() const { return directory_; }
  const raw::JobDescription &job() const { return job_; }

 private:
  std::string directory_;
  raw::JobDescription job_;
  int dir_fd_ = -1;
};

// This user's leaked raw directories in /dev/shm (pgasrun's "pgas-trace-XXXXXX"), and those of `database`
// ("" = any) beside it ("<database>.raw-XXXXXX", where pgasrun --conduit mpi puts them); directories in use
// by a running job are not listed. Ordered by path.
std::vector<LeakedRun> find_leaked_runs(const std::string &database);

}  // namespace pgas::tracedb
