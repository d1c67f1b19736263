// The MPI engine's progress thread (see mpi_progress.hpp).
#include "conduit/mpi/mpi_progress.hpp"

#include <algorithm>

#include "conduit/mpi/mpi_pause.hpp"

namespace pgas::rt {
namespace {

// Between two rounds: 2 us at first, then twice as long each time up to 100 us (a peer's access waits at
// most that long; a process that computes for long with calls in flight gives the thread a few percent of
// a core).
constexpr long kFirstPause = 2'000, kLongestPause = 100'000;

}  // namespace

void MpiProgress::enter() {
  if (depth_++ == 0 && active()) {
    mutex_.lock();
    locked_ = true;
  }
}

void MpiProgress::leave() {
  if (--depth_ == 0 && locked_) {
    locked_ = false;
    mutex_.unlock();
  }
}

void MpiProgress::own_and_run() {
  if (!locked_) {
    mutex_.lock();
    locked_ = true;
  }
  restarted_ = true;
  if (!thread_.joinable()) thread_ = std::thread(&MpiProgress::run, this);
  wake_.notify_one();
}

void MpiProgress::watch(MPI_Request *requests, int count) {
  if (!threads_allowed_ || comm_ == MPI_COMM_NULL) return;
  const Hold held(*this);
  own_and_run();
  watched_.push_back({requests, count, MPI_SUCCESS, false});
}

void MpiProgress::keep_probing(bool on) {
  if (!threads_allowed_ || comm_ == MPI_COMM_NULL || probing_ == on) return;
  const Hold held(*this);
  own_and_run();
  probing_ = on;
}

int MpiProgress::forget(const MPI_Request *requests) {
  const Hold held(*this);  // locks: the request is among the watched
  const auto found = std::find_if(watched_.begin(), watched_.end(),
                                  [&](const Watched &w) { return w.requests == requests; });
  if (found == watched_.end()) return MPI_SUCCESS;
  const int error = found->error;
  watched_.erase(found);
  return error;
}

void MpiProgress::stop() {
  {
    const std::lock_guard<std::mutex> lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_all();
  if (thread_.joinable()) thread_.join();
}

// A request MPI_Testall completes is MPI_REQUEST_NULL from then on, which the process's own test finds
// complete at once. Once every watched request is complete, the members' completions may still read this
// process's memory (the library compares the members' calls): until the process's own completion forgets
// them (and while keep_probing is on), the thread probes, which applies the peers' one-sided accesses.
void MpiProgress::run() {
  std::unique_lock<std::mutex> lock(mutex_);
  long pause_ns = kFirstPause;
  for (;;) {
    wake_.wait(lock, [&] { return stopping_ || active(); });
    if (stopping_) return;
    if (restarted_) pause_ns = kFirstPause;
    restarted_ = false;
    bool unfinished = false;
    for (Watched &w : watched_) {
      if (w.done) continue;
      int done = 0;
      const int error = MPI_Testall(w.count, w.requests, &done, MPI_STATUSES_IGNORE);
      if (error != MPI_SUCCESS && w.error == MPI_SUCCESS) w.error = error;
      w.done = done != 0 || error != MPI_SUCCESS;
      unfinished = unfinished || !w.done;
    }
    if (!unfinished) {
      int flag = 0;
      MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, comm_, &flag, MPI_STATUS_IGNORE);
    }
    lock.unlock();
    pause_and_lengthen(pause_ns, kLongestPause);
    lock.lock();
  }
}

}  // namespace pgas::rt
