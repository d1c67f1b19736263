// The end of an MPI job. The end of main is the job's last collective: a thread that finished main arrives
// at its phase, and every thread then releases the conduit. The other threads' collectives block in
// MPI_Allreduce, which they cannot leave to look for a thread that finished main, so it looks for them:
// before it joins the reduction (a non-blocking one would not match theirs) it reads the phase every
// thread last arrived at, from their control windows (and the Collectives 2.0 call a thread waits in inside
// the conduit's collective engine, which is no phase). Once all are there it joins, and the runtime reports
// a disagreement with every thread's account. A thread that waits in another collective while some thread
// never arrives (it spins, or waits for a lock) would wait forever: the thread that finished main reports
// it, and mpirun ends the job.

#include <chrono>
#include <cstdio>

#include "conduit/mpi/mpi_conduit.hpp"
#include "conduit/mpi/mpi_pause.hpp"

namespace pgas::rt {
namespace {

// How long every thread gets to arrive before a waiting one is reported stranded: a disagreement among
// threads that all arrive is worded by the runtime, with each thread's own account of its call.
constexpr auto kArrivalGrace = std::chrono::milliseconds(200);

// Between two looks: 10 us at first, up to 10 ms, so that the normal end of a job stays quick and a long one
// costs its peers little traffic.
constexpr long kFirstLook = 10'000, kLongestLook = 10'000'000;

}  // namespace

bool MpiConduit::peers_arrived(PhaseResult *result) {
  std::vector<PhaseSignature> seen(static_cast<std::size_t>(size_)), engine(seen.size());
  const auto start = std::chrono::steady_clock::now();
  for (long pause_ns = kFirstLook;; pause_and_lengthen(pause_ns, kLongestLook)) {
    for (int r = 0; r < size_; ++r)
      if (r != rank_) {
        MPI_Get(&seen[r], sizeof(PhaseSignature), MPI_BYTE, r, control_offset(&ctl_->last_phase, r),
                sizeof(PhaseSignature), MPI_BYTE, control_);
        MPI_Get(&engine[r], sizeof(PhaseSignature), MPI_BYTE, r, control_offset(&ctl_->engine_wait, r),
                sizeof(PhaseSignature), MPI_BYTE, control_);
      }
    MPI_Win_flush_all(control_);
    seen[static_cast<std::size_t>(rank_)] = signature_;
    engine[static_cast<std::size_t>(rank_)] = {};
    int arrived = 0, waiter = -1, first_exited = -1;
    PhaseSignature waiting{};
    for (int r = 0; r < size_; ++r) {
      if (seen[r].sequence !=
          signature_.sequence) {  // not there yet: perhaps waiting in the collective engine
        if (engine[r].kind != 0 && waiter < 0) waiter = r, waiting = engine[r];
        continue;
      }
      ++arrived;
      if (seen[r].exiting == 0 && waiter < 0) waiter = r, waiting = seen[r];
      if (seen[r].exiting != 0 && first_exited < 0) first_exited = r;
    }
    if (arrived == size_) return true;
    // One report, from the first thread that finished main.
    if (waiter >= 0 && first_exited == rank_ && std::chrono::steady_clock::now() - start >= kArrivalGrace) {
      *result = {false, rank_, waiter, waiting};
      return false;
    }
  }
}

void MpiConduit::finish() {
  progress_.stop();
  finish_reductions();
  MPI_Win_unlock_all(control_);
  MPI_Win_unlock_all(data_);
  MPI_Win_free(&control_);
  MPI_Win_free(&data_);
  MPI_Comm_free(&comm_);
  MPI_Finalize();
}

void MpiConduit::global_exit(int status) {
  const MpiProgress::Hold held(progress_);
  std::fflush(nullptr);
  MPI_Abort(comm_, status);
  std::_Exit(status);
}

}  // namespace pgas::rt
