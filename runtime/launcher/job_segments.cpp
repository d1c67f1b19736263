#include "job_segments.hpp"

#include <sys/mman.h>
#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>

#include "common/segment.hpp"

namespace pgas::launcher {
namespace {

// Every segment stays open in the launcher and in each thread: raise the soft descriptor limit if the
// job needs more than it allows (1024 threads need over 1024 descriptors).
void ensure_descriptor_room(std::size_t needed) {
  rlimit limit{};
  if (getrlimit(RLIMIT_NOFILE, &limit) != 0 || limit.rlim_cur == RLIM_INFINITY || limit.rlim_cur >= needed)
    return;
  limit.rlim_cur = limit.rlim_max == RLIM_INFINITY ? needed : std::min<rlim_t>(needed, limit.rlim_max);
  setrlimit(RLIMIT_NOFILE, &limit);  // if this fails, create_segment reports the shortage
}

}  // namespace

std::unique_ptr<JobSegments> JobSegments::create(int threads, std::uint64_t segment_size,
                                                 std::string *error) {
  constexpr std::size_t kSpareDescriptors = 64;  // stdio, the signalfd, whatever the program opens
  ensure_descriptor_room(static_cast<std::size_t>(threads) + 1 + kSpareDescriptors);

  std::unique_ptr<JobSegments> job(new JobSegments);
  job->control_fd_ = shm::create_segment(sizeof(rt::ControlBlock), error);
  if (job->control_fd_ < 0) return nullptr;
  void *control = shm::map_segment(job->control_fd_, &job->control_size_, error);
  if (!control) return nullptr;
  job->control_ = static_cast<rt::ControlBlock *>(control);

  for (int thread = 0; thread < threads; ++thread) {
    int fd = shm::create_segment(segment_size, error);
    if (fd < 0) {
      *error = "thread " + std::to_string(thread) + ": " + *error;
      return nullptr;
    }
    job->data_fds_.push_back(fd);
  }
  return job;
}

JobSegments::~JobSegments() {
  if (control_) munmap(const_cast<rt::ControlBlock *>(control_), control_size_);
  if (control_fd_ >= 0) close(control_fd_);
  for (int fd : data_fds_) close(fd);
}

}  // namespace pgas::launcher
