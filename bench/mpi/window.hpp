// An MPI-3 window from MPI_Win_allocate, the way an MPI user sets up one-sided communication. With
// `lock_all`, the window stays in a passive-target access epoch to every rank (MPI_Win_lock_all) for its
// whole life, so that get/put need only a flush; without it, epochs are opened per operation (locks).
#pragma once

#include <mpi.h>

#include <cstddef>

namespace bench {

class Window {
 public:
  enum class Epoch { kLockAll, kPerOperation };

  Window(std::size_t bytes, Epoch epoch);
  ~Window();
  Window(const Window &) = delete;
  Window &operator=(const Window &) = delete;

  MPI_Win get() const { return win_; }

 private:
  MPI_Win win_ = MPI_WIN_NULL;
  Epoch epoch_;
};

}  // namespace bench
