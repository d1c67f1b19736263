// Progress of the MPI engine's non-blocking collectives while this process computes outside the library.
//
// Seed 002 section 2.5: a completion waits only for the other members' initiations. Open MPI's non-blocking
// collectives (libnbc) advance a round only inside an MPI call of each member, and across machines its
// one-sided component (osc/pt2pt) applies a peer's access only there too; so while a collective of this
// process is in flight (until the process completes it), a progress thread tests its requests and then
// probes, a little less often each round. osc/pt2pt refuses MPI_THREAD_MULTIPLE, so the process runs under
// MPI_THREAD_SERIALIZED and its own MPI calls and the progress thread's exclude each other: every conduit
// function that calls MPI does so inside a Hold, which takes the lock only while the thread runs (requests
// watched, or keep_probing on) and costs two increments otherwise. Without MPI_THREAD_SERIALIZED there is no
// thread, and the requests move only when this process tests them.
#pragma once

#include <mpi.h>

#include <condition_variable>
#include <mutex>
#include <thread>
#include <vector>

namespace pgas::rt {

class MpiProgress {
 public:
  // `threads_allowed`: MPI granted MPI_THREAD_SERIALIZED.
  explicit MpiProgress(bool threads_allowed) : threads_allowed_(threads_allowed) {}
  // The communicator the thread probes (no thread before it is known).
  void probe_on(MPI_Comm comm) { comm_ = comm; }
  ~MpiProgress() { stop(); }
  MpiProgress(const MpiProgress &) = delete;
  MpiProgress &operator=(const MpiProgress &) = delete;

  // Around every MPI call of the process's own thread (nested holds are one).
  class Hold {
   public:
    explicit Hold(MpiProgress &progress) : progress_(progress) { progress_.enter(); }
    ~Hold() { progress_.leave(); }
    Hold(const Hold &) = delete;
    Hold &operator=(const Hold &) = delete;

   private:
    MpiProgress &progress_;
  };

  // Has the progress thread test `count` requests at `requests` (they stay put) until forget(requests).
  // The first error an MPI_Testall of theirs returned is forget's answer (MPI_SUCCESS if none).
  void watch(MPI_Request *requests, int count);
  int forget(const MPI_Request *requests);
  // While on, the thread probes even with no request watched (the shared engine's calls in flight, whose
  // members read and write this process's memory).
  void keep_probing(bool on);
  // Ends the thread (before MPI_Finalize); watched requests then move only when the process tests them.
  void stop();

 private:
  struct Watched {
    MPI_Request *requests;
    int count;
    int error;  // the first an MPI_Testall of the thread returned
    bool done;  // the thread found them complete (or failed): it tests them no more
  };
  // Whether the thread may be making MPI calls (the process's thread reads this without the lock: it alone
  // changes what it depends on).
  bool active() const { return probing_ || !watched_.empty(); }
  void enter();
  void leave();
  // The process's thread owns mutex_ until its outermost Hold ends; the thread is running.
  void own_and_run();
  void run();

  const bool threads_allowed_;
  MPI_Comm comm_ = MPI_COMM_NULL;
  int depth_ = 0;        // the process's thread: how many Holds it is inside
  bool locked_ = false;  // the process's thread: whether it owns mutex_
  std::mutex mutex_;
  std::condition_variable wake_;
  std::vector<Watched> watched_;  // changed under mutex_, by the process's thread only
  bool probing_ = false;          // likewise
  bool stopping_ = false;
  bool restarted_ = false;  // a request was added: test often again
  std::thread thread_;
};

}  // namespace pgas::rt
