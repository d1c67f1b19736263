// The MPI conduit: the runtime on MPI-3 one-sided communication, for jobs started by mpirun.
//
// Every thread's data segment is an MPI_Win_allocate window (MPI_Win_allocate_shared on one machine, where a
// scalar access of a peer is one load or store; whole_get / whole_put); so is its control block (the
// runtime's job-wide tables: the heap allocators on thread 0, each thread's handle and lock slots). Both
// windows stay in a passive-target epoch to every rank (MPI_Win_lock_all) for the whole job. Blocking
// transfers return complete (MPI_Win_flush), which gives relaxed and strict accesses their ordering;
// non-blocking ones are request-based (MPI_Rget / MPI_Rput). Vector transfers move all their elements with
// one MPI call and an indexed datatype (none for a contiguous run); atomics and accumulate are
// MPI_Fetch_and_op, MPI_Compare_and_swap and MPI_Accumulate. A synchronization phase (every collective starts
// with one) is one MPI_Allreduce that also compares the threads' collective kinds, sequence numbers and
// barrier ids. The job runs under MPI_THREAD_SERIALIZED: while a non-blocking collective is in flight a
// progress thread tests it, and every function here that calls MPI holds MpiProgress (mpi_progress.hpp).
#pragma once

#include <mpi.h>

#include <cstdarg>
#include <vector>

#include "conduit/conduit.hpp"
#include "conduit/mpi/mpi_coll2.hpp"
#include "conduit/mpi/mpi_progress.hpp"
#include "control.hpp"

namespace pgas::rt {

class MpiConduit final : public Conduit {
 public:
  explicit MpiConduit(ConduitStartup *startup);

  const char *name() const override { return "mpi"; }

  void get(int thread, std::uint64_t at, void *dst, std::size_t size) override;
  void put(int thread, std::uint64_t at, const void *src, std::size_t size) override;
  void get_strict(int thread, std::uint64_t at, void *dst, std::size_t size) override;
  void put_strict(int thread, std::uint64_t at, const void *src, std::size_t size) override;
  void getv(int thread, const std::uint64_t *at, std::size_t count, std::size_t size, void *dst) override;
  void putv(int thread, const std::uint64_t *at, std::size_t count, std::size_t size,
            const void *src) override;
  void accv(int thread, const std::uint64_t *at, std::size_t count, pgas_type_t type, pgas_acc_op_t op,
            const void *src) override;
  void atomic(int thread, std::uint64_t at, pgas_type_t type, pgas_atomic_op_t op, const void *operand,
              const void *compare, void *result) override;
  pgas_token_t get_nb(int thread, std::uint64_t at, void *dst, std::size_t size) override;
  pgas_token_t put_nb(int thread, std::uint64_t at, const void *src, std::size_t size) override;
  pgas_token_t getv_nb(int thread, const std::uint64_t *at, std::size_t count, std::size_t size,
                       void *dst) override;
  pgas_token_t putv_nb(int thread, const std::uint64_t *at, std::size_t count, std::size_t size,
                       const void *src) override;
  void sync(pgas_token_t token) override;
  bool test(pgas_token_t token) override;
  void sync_all() override;
  void fence() override;
  void zero(int thread, std::uint64_t at, std::size_t bytes) override;
  void progress() override;

  void phase_arrive(PhaseSignature mine) override;
  PhaseResult phase_complete() override;
  const std::uint64_t *gather(const std::uint64_t *mine, int count, int *stride) override;
  void broadcast(void *data, std::size_t bytes) override;
  const void *allgather(const void *mine, std::size_t bytes) override;
  bool claim_report() override;
  PhaseSignature last_phase(int thread) override;
  void heap_lock() override;
  void heap_unlock() override;
  RangeAllocator &heap_open(int owner) override;
  void heap_close(int owner) override;
  void handle_slots(std::uint32_t *first, std::uint32_t *stride) override;
  bool handle_refresh(std::uint32_t index) override;
  void handle_publish(std::uint32_t index) override;
  bool lock_allocate(std::uint32_t *index, std::uint32_t *generation) override;
  LockStatus lock_acquire(std::uint32_t index, std::uint32_t generation, bool wait, int *holder) override;
  LockStatus lock_release(std::uint32_t index, std::uint32_t generation, int *holder) override;
  LockStatus lock_free(std::uint32_t index, std::uint32_t generation, int *holder) override;
  CollectiveEngine *collectives() override { return collectives_; }
  void progress_in_background(bool on) override {
    if (reachable_[0] == nullptr) progress_.keep_probing(on);  // across machines (every rank's or none)
  }
  void finish() override;
  [[noreturn]] void global_exit(int status) override;

  [[noreturn]] void die(const char *format, ...) __attribute__((format(printf, 2, 3)));

 private:
  // An outstanding non-blocking transfer; a token is its index + 1.
  struct Pending {
    MPI_Request request = MPI_REQUEST_NULL;
    int target = -1;  // puts: the rank to flush for remote completion; -1 for gets and free slots
    bool busy = false;
  };

  // Where `field` of this process's control block is in `rank`'s control window.
  template <class Transfer>
  void contiguous(std::size_t size, Transfer transfer);
  MPI_Aint control_offset(const void *field, int rank) const;
  // Where offset `at` of `thread`'s data segment is in its window (past the shift that aligns the segment).
  MPI_Aint displacement(int thread, std::uint64_t at) const;
  // Allocates the data window (data_), a shared-memory one where the job allows; MPI's error code.
  int allocate_data_window(MPI_Aint bytes, void *segment);
  // Finds the ranks whose data segments this process can load and store (MPI_Win_shared_query).
  void find_reachable_segments();
  // A scalar get or put (pgas/detail/whole_access.hpp): one access of its width, or false if `size` at
  // `at` is not a scalar's.
  bool whole_get(int thread, std::uint64_t at, void *dst, std::size_t size);
  bool whole_put(int thread, std::uint64_t at, const void *src, std::size_t size);
  // The first byte of a window at `alignment`; every rank's shift to it is gathered into `shifts`.
  void *align_within(void *window_base, std::size_t alignment, std::vector<MPI_Aint> &shifts);
  // Where a vector transfer's `count` blocks of `block` elements land at the target. A contiguous run
  // (one element, or consecutive offsets) is a plain displacement and count: osc/pt2pt ships a derived
  // datatype to the target in an extra message, which costs a whole round of target progress.
  struct TargetLayout {
    MPI_Aint displacement;
    int count;
    MPI_Datatype type;
    bool derived;
  };
  TargetLayout target_layout(int thread, const std::uint64_t *at, std::size_t count, int block,
                             MPI_Datatype element);
  static void release(TargetLayout &layout);
  pgas_token_t remember(MPI_Request request, int put_target);
  // Completes a token whose request is complete: a put's flush, then its slot is free again.
  void retire(pgas_token_t token);
  // This thread finished main: true once every thread arrived at its phase; false with `result` set when
  // a thread waits in another collective that some thread never reaches (see mpi_exit.cpp).
  bool peers_arrived(PhaseResult *result);
  std::uint64_t lock_word_cas(int home, MPI_Aint where, std::uint64_t expected, std::uint64_t desired);

  ConduitStartup startup_;
  std::uint32_t lock_next_ = 0;  // which of this rank's lock slots the next allocation tries first
  MpiProgress progress_;         // every function that calls MPI holds it
  MPI_Comm comm_ = MPI_COMM_NULL;
  MPI_Win data_ = MPI_WIN_NULL;
  MPI_Win control_ = MPI_WIN_NULL;
  ControlBlock *ctl_ = nullptr;
  MpiCollectives *collectives_ = nullptr;
  std::vector<MPI_Aint> control_shift_;  // per rank: where its control block starts in its window (aligned)
  std::vector<MPI_Aint> data_shift_;     // per rank: where its data segment starts in its window (aligned)
  std::vector<std::byte *> reachable_;   // per rank: its data segment here, if load/store reach it; or null
  int rank_ = 0;
  int size_ = 1;
  std::vector<Pending> pending_;
  std::vector<std::size_t> free_pending_;
  std::size_t outstanding_ = 0;
  std::vector<MPI_Aint> displacements_;
  std::vector<std::uint64_t> gathered_;
  std::vector<std::byte> records_;  // allgather's result
  PhaseSignature signature_{};      // this thread's arrival at the phase in flight
  // The phase in flight: the lowest and minus the highest kind, sequence number and barrier id (kNone
  // where nobody gives one).
  std::int64_t phase_in_[6] = {};
  std::int64_t phase_out_[6] = {};
};

}  // namespace pgas::rt
