#include "mpi/window.hpp"

namespace bench {

Window::Window(std::size_t bytes, Epoch epoch) : epoch_(epoch) {
  void *base = nullptr;
  MPI_Win_allocate(static_cast<MPI_Aint>(bytes), 1, MPI_INFO_NULL, MPI_COMM_WORLD, &base, &win_);
  if (epoch_ == Epoch::kLockAll) MPI_Win_lock_all(MPI_MODE_NOCHECK, win_);
}

Window::~Window() {
  if (epoch_ == Epoch::kLockAll) MPI_Win_unlock_all(win_);
  MPI_Win_free(&win_);
}

}  // namespace bench
