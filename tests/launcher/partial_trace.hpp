// Checking the trace database of a job that was interrupted, in a scratch directory of its own.
#pragma once

#include <string>

namespace launcher_test {

// A private directory (for a traced job's database), removed with everything in it afterwards.
class ScratchDirectory {
 public:
  ScratchDirectory();
  ~ScratchDirectory();
  ScratchDirectory(const ScratchDirectory &) = delete;
  ScratchDirectory &operator=(const ScratchDirectory &) = delete;

  const std::string &path() const { return path_; }

 private:
  std::string path_;
};

// Adds failures unless `path` is an intact trace database of a job of `threads` threads on `conduit`, with
// every thread's rows and the accesses they made, marked partial, its raw files imported.
void expect_partial_trace(const std::string &path, int threads, const std::string &conduit);

}  // namespace launcher_test
