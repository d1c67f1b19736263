// The shared memory of a job: the control segment and one data segment per thread (shm conduit).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "control.hpp"

namespace pgas::launcher {

// Owns the segment descriptors (closed on destruction) and the launcher's read-only view of the control
// block. The names are unlinked at creation, so nothing is ever left in /dev/shm.
class JobSegments {
 public:
  // Returns nullptr and sets *error if a segment cannot be created or mapped.
  static std::unique_ptr<JobSegments> create(int threads, std::uint64_t segment_size, std::string *error);
  ~JobSegments();
  JobSegments(const JobSegments &) = delete;
  JobSegments &operator=(const JobSegments &) = delete;

  int control_fd() const { return control_fd_; }
  const std::vector<int> &data_fds() const { return data_fds_; }
  // Laid out by thread 0, not by the launcher: the launcher reads global_exit, global_exit_status and the
  // barrier's signatures of threads that have ended, and writes only first_exited.
  rt::ControlBlock &control() const { return *control_; }

 private:
  JobSegments() = default;

  int control_fd_ = -1;
  std::vector<int> data_fds_;
  rt::ControlBlock *control_ = nullptr;
  std::size_t control_size_ = 0;
};

}  // namespace pgas::launcher
