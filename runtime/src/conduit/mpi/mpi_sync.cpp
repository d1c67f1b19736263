// The MPI conduit's job-wide synchronization: phases, collective steps, the heap mutex and allocators
// (on thread 0), handle descriptors (each thread's own slots, fetched on first use elsewhere), locks (one
// atomic word on the lock's home thread) and the end of the job.
#include <sched.h>
#include <time.h>

#include <cstdio>
#include <cstring>
#include <limits>

#include "conduit/mpi/mpi_conduit.hpp"

namespace pgas::rt {
namespace {

constexpr std::int64_t kNone = std::numeric_limits<std::int64_t>::max();

// Waiting for a lock held elsewhere: yield first, then sleep a little longer each time (at most ~0.1 ms), so
// that oversubscribed jobs give the holder a core.
void back_off(int &attempt) {
  if (attempt++ < 16) {
    sched_yield();
    return;
  }
  timespec pause{0, std::min(1000L << std::min(attempt - 16, 7), 100000L)};
  nanosleep(&pause, nullptr);
}

std::uint64_t word(std::uint32_t generation, int holder_plus_one) {
  return static_cast<std::uint64_t>(generation) << 32 | static_cast<std::uint32_t>(holder_plus_one);
}

}  // namespace

MPI_Aint MpiConduit::control_offset(const void *field, int rank) const {
  return control_shift_[static_cast<std::size_t>(rank)] +
         (static_cast<const char *>(field) - reinterpret_cast<const char *>(ctl_));
}

// ---- synchronization phases ----

// upc_notify only records this thread's contribution: the exchange is one blocking MPI_Allreduce (MIN) at
// upc_wait (Open MPI's non-blocking MPI_Iallreduce costs several times more on every barrier). Each value
// goes in twice, as itself and negated, so that one reduction yields the lowest and the highest.
void MpiConduit::phase_arrive(PhaseSignature mine) {
  signature_ = mine;
  const bool anonymous = mine.barrier_id == kAnonymousBarrier;
  const std::int64_t values[3] = {static_cast<std::int64_t>(mine.kind),
                                  static_cast<std::int64_t>(mine.sequence),
                                  anonymous ? kNone : mine.barrier_id};
  for (int k = 0; k < 3; ++k) {
    phase_in_[2 * k] = values[k];
    phase_in_[2 * k + 1] = values[k] == kNone ? kNone : -values[k];
  }
}

PhaseResult MpiConduit::phase_complete() {
  const MpiProgress::Hold held(progress_);
  fence();  // every access of this thread is complete and this process's window view is current
  ctl_->last_phase = signature_;  // for a peer that finished main (mpi_exit.cpp) or waits for this rank
  ctl_->last_phase.blocks = 1;    // it waits here, whether it arrived with upc_notify or not
  MPI_Win_sync(control_);
  PhaseResult result;
  if (signature_.exiting != 0 && !peers_arrived(&result)) return result;
  MPI_Allreduce(phase_in_, phase_out_, 6, MPI_INT64_T, MPI_MIN, comm_);
  MPI_Win_sync(data_);
  for (int k = 0; k < 3; ++k)
    if (phase_out_[2 * k] != kNone && phase_out_[2 * k] != -phase_out_[2 * k + 1]) result.agreed = false;
  return result;
}

// Read from its control window, where phase_complete writes it after its fence.
PhaseSignature MpiConduit::last_phase(int rank) {
  const MpiProgress::Hold held(progress_);
  PhaseSignature last{};
  MPI_Get(&last, sizeof last, MPI_BYTE, rank, control_offset(&ctl_->last_phase, rank), sizeof last, MPI_BYTE,
          control_);
  MPI_Win_flush(rank, control_);
  return last;
}

// ---- data steps of a collective (its phase agreed, so every thread is here) ----

const std::uint64_t *MpiConduit::gather(const std::uint64_t *mine, int count, int *stride) {
  const MpiProgress::Hold held(progress_);
  std::uint64_t words[CollectiveState::kArgs] = {};
  std::memcpy(words, mine, sizeof(std::uint64_t) * static_cast<std::size_t>(count));
  gathered_.resize(static_cast<std::size_t>(size_) * CollectiveState::kArgs);
  MPI_Gather(words, CollectiveState::kArgs, MPI_UINT64_T, gathered_.data(), CollectiveState::kArgs,
             MPI_UINT64_T, 0, comm_);
  *stride = CollectiveState::kArgs;
  return gathered_.data();
}

const void *MpiConduit::allgather(const void *mine, std::size_t bytes) {
  const MpiProgress::Hold held(progress_);
  if (bytes > kAllgatherBytes) die("allgather of %zu bytes (at most %zu)", bytes, kAllgatherBytes);
  records_.resize(bytes * static_cast<std::size_t>(size_));
  MPI_Allgather(mine, static_cast<int>(bytes), MPI_BYTE, records_.data(), static_cast<int>(bytes), MPI_BYTE,
                comm_);
  return records_.data();
}

// Phases that do not agree are reported by one thread that every thread computes alike.
bool MpiConduit::claim_report() { return true; }

void MpiConduit::broadcast(void *data, std::size_t bytes) {
  const MpiProgress::Hold held(progress_);
  MPI_Bcast(data, static_cast<int>(bytes), MPI_BYTE, 0, comm_);
}

// ---- the heap: a mutex word and the allocators in thread 0's control block ----

void MpiConduit::heap_lock() {
  const MpiProgress::Hold held(progress_);
  const MPI_Aint where = control_offset(&ctl_->heap_mutex, 0);
  const std::uint32_t mine = static_cast<std::uint32_t>(rank_) + 1, unlocked = 0;
  for (int attempt = 0;; back_off(attempt)) {
    std::uint32_t seen = 0;
    MPI_Compare_and_swap(&mine, &unlocked, &seen, MPI_UINT32_T, 0, where, control_);
    MPI_Win_flush(0, control_);
    if (seen == unlocked) break;
  }
  MPI_Win_sync(control_);
}

void MpiConduit::heap_unlock() {
  const MpiProgress::Hold held(progress_);
  const std::uint32_t unlocked = 0;
  std::uint32_t seen = 0;
  MPI_Win_sync(control_);
  MPI_Fetch_and_op(&unlocked, &seen, MPI_UINT32_T, 0, control_offset(&ctl_->heap_mutex, 0), MPI_REPLACE,
                   control_);
  MPI_Win_flush(0, control_);
}

RangeAllocator &MpiConduit::heap_open(int owner) {
  const MpiProgress::Hold held(progress_);
  RangeAllocator &heap = owner >= 0 ? ctl_->local_heaps[owner] : ctl_->symmetric_heap;
  if (rank_ != 0) {
    MPI_Get(&heap, sizeof heap, MPI_BYTE, 0, control_offset(&heap, 0), sizeof heap, MPI_BYTE, control_);
    MPI_Win_flush(0, control_);
  }
  return heap;
}

void MpiConduit::heap_close(int owner) {
  const MpiProgress::Hold held(progress_);
  RangeAllocator &heap = owner >= 0 ? ctl_->local_heaps[owner] : ctl_->symmetric_heap;
  if (rank_ != 0) {
    MPI_Put(&heap, sizeof heap, MPI_BYTE, 0, control_offset(&heap, 0), sizeof heap, MPI_BYTE, control_);
    MPI_Win_flush(0, control_);
  }
}

// ---- handles: thread t creates handles in slots t, t + THREADS, ... (thread 0 from THREADS on) ----

void MpiConduit::handle_slots(std::uint32_t *first, std::uint32_t *stride) {
  *first = rank_ == 0 ? static_cast<std::uint32_t>(size_) : static_cast<std::uint32_t>(rank_);
  *stride = static_cast<std::uint32_t>(size_);
}

bool MpiConduit::handle_refresh(std::uint32_t index) {
  const MpiProgress::Hold held(progress_);
  const int creator = static_cast<int>(index % static_cast<std::uint32_t>(size_));
  if (creator == rank_) return false;  // this process's copy is the original
  HandleDesc &d = ctl_->handles[index];
  MPI_Get(&d, sizeof d, MPI_BYTE, creator, control_offset(&d, creator), sizeof d, MPI_BYTE, control_);
  MPI_Win_flush(creator, control_);
  return true;
}

void MpiConduit::handle_publish(std::uint32_t index) {
  const MpiProgress::Hold held(progress_);
  const int creator = static_cast<int>(index % static_cast<std::uint32_t>(size_));
  if (creator == rank_) return;
  HandleDesc &d = ctl_->handles[index];
  MPI_Put(&d.state, sizeof d.state, MPI_BYTE, creator, control_offset(&d.state, creator), sizeof d.state,
          MPI_BYTE, control_);
  // The creator's cached local parts are looked up again (pgas::detail::local_part).
  const std::uint64_t one = 1;
  MPI_Accumulate(&one, 1, MPI_UINT64_T, creator, control_offset(&ctl_->frees, creator), 1, MPI_UINT64_T,
                 MPI_SUM, control_);
  MPI_Win_flush(creator, control_);
}

// ---- locks: slot i lives on thread i % THREADS; its word is generation << 32 | holder + 1 ----

std::uint64_t MpiConduit::lock_word_cas(int home, MPI_Aint where, std::uint64_t expected,
                                        std::uint64_t desired) {
  std::uint64_t seen = 0;
  MPI_Compare_and_swap(&desired, &expected, &seen, MPI_UINT64_T, home, where, control_);
  MPI_Win_flush(home, control_);
  return seen;
}

bool MpiConduit::lock_allocate(std::uint32_t *index, std::uint32_t *generation) {
  const MpiProgress::Hold held(progress_);
  std::uint32_t first = 0, stride = 0;
  handle_slots(&first, &stride);
  // This rank's slots, from the one after its last allocation (one compare-and-swap when none was freed).
  const std::uint32_t slots = first < kMaxLocks ? (kMaxLocks - first + stride - 1) / stride : 0;
  for (std::uint32_t k = 0; k < slots; ++k) {
    const std::uint32_t i = first + (lock_next_ + k) % slots * stride;
    const std::uint32_t g = (ctl_->locks[i].generation.load(std::memory_order_relaxed) + 1) & 0xfffffff;
    const std::uint32_t next = g == 0 ? 1 : g;
    if (lock_word_cas(rank_, control_offset(&ctl_->lock_words[i], rank_), 0, word(next, 0)) != 0) continue;
    ctl_->locks[i].generation.store(next, std::memory_order_relaxed);
    lock_next_ = (lock_next_ + k + 1) % slots;
    *index = i;
    *generation = next;
    return true;
  }
  return false;
}

LockStatus MpiConduit::lock_acquire(std::uint32_t index, std::uint32_t generation, bool wait, int *holder) {
  const MpiProgress::Hold held(progress_);
  const int home = static_cast<int>(index % static_cast<std::uint32_t>(size_));
  const MPI_Aint where = control_offset(&ctl_->lock_words[index], home);
  for (int attempt = 0;; back_off(attempt)) {
    const std::uint64_t seen = lock_word_cas(home, where, word(generation, 0), word(generation, rank_ + 1));
    if (seen == word(generation, 0)) break;
    if (seen >> 32 != generation) return LockStatus::kFreed;
    if (seen == word(generation, rank_ + 1)) return LockStatus::kHeldByCaller;
    if (!wait) return LockStatus::kBusy;
    *holder = static_cast<int>(seen & 0xffffffff) - 1;
    if (attempt % 256 == 255 && finished_main(*holder)) return LockStatus::kHolderFinished;  // every ~25 ms
    // The holder may be waiting for a non-blocking collective of this thread's (the collective engine's),
    // which moves only while this thread is in MPI (the proposal's Figure 1, EX2).
    progress();
  }
  MPI_Win_sync(data_);  // what the previous holder wrote is visible to this thread's own loads
  return LockStatus::kOk;
}

LockStatus MpiConduit::lock_release(std::uint32_t index, std::uint32_t generation, int *holder) {
  const MpiProgress::Hold held(progress_);
  const int home = static_cast<int>(index % static_cast<std::uint32_t>(size_));
  fence();  // every access made while holding the lock is complete before the next holder gets it
  const std::uint64_t seen = lock_word_cas(home, control_offset(&ctl_->lock_words[index], home),
                                           word(generation, rank_ + 1), word(generation, 0));
  if (seen == word(generation, rank_ + 1)) return LockStatus::kOk;
  if (seen >> 32 != generation) return LockStatus::kFreed;
  *holder = static_cast<int>(seen & 0xffffffff) - 1;
  return *holder < 0 ? LockStatus::kNotHeld : LockStatus::kHeldByOther;
}

LockStatus MpiConduit::lock_free(std::uint32_t index, std::uint32_t generation, int *holder) {
  const MpiProgress::Hold held(progress_);
  const int home = static_cast<int>(index % static_cast<std::uint32_t>(size_));
  const MPI_Aint where = control_offset(&ctl_->lock_words[index], home);
  for (std::uint64_t expected = word(generation, 0);;) {
    const std::uint64_t seen = lock_word_cas(home, where, expected, 0);
    if (seen == expected) return LockStatus::kOk;
    if (seen >> 32 != generation) return LockStatus::kFreed;
    *holder = static_cast<int>(seen & 0xffffffff) - 1;
    expected = seen;  // held: freeing it succeeds all the same (UPC 1.3 section 7.2.4.4)
  }
}

}  // namespace pgas::rt
