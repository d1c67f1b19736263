// The MPI conduit's start and its data movement (see mpi_conduit.hpp).
#include "conduit/mpi/mpi_conduit.hpp"

#include <sys/statvfs.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <string>

#include "common/launch_contract.hpp"
#include "common/launch_settings.hpp"
#include "common/units.hpp"
#include "pgas/detail/whole_access.hpp"
#include "range_allocator.hpp"

namespace pgas::rt {
namespace {

MPI_Datatype mpi_type(pgas_type_t type) {
  switch (type) {
    case PGAS_INT32:
      return MPI_INT32_T;
    case PGAS_UINT32:
      return MPI_UINT32_T;
    case PGAS_INT64:
      return MPI_INT64_T;
    case PGAS_UINT64:
      return MPI_UINT64_T;
    case PGAS_FLOAT:
      return MPI_FLOAT;
    case PGAS_DOUBLE:
      return MPI_DOUBLE;
  }
  return MPI_DATATYPE_NULL;
}

MPI_Op accumulate_op(pgas_acc_op_t op) {
  switch (op) {
    case PGAS_ACC_REPLACE:
      return MPI_REPLACE;
    case PGAS_ACC_SUM:
      return MPI_SUM;
    case PGAS_ACC_MIN:
      return MPI_MIN;
    case PGAS_ACC_MAX:
      return MPI_MAX;
  }
  return MPI_OP_NULL;
}

MPI_Op atomic_op(pgas_atomic_op_t op) {
  switch (op) {
    case PGAS_ATOMIC_FETCH_ADD:
      return MPI_SUM;
    case PGAS_ATOMIC_SWAP:
    case PGAS_ATOMIC_STORE:
      return MPI_REPLACE;
    case PGAS_ATOMIC_FETCH_MIN:
      return MPI_MIN;
    case PGAS_ATOMIC_FETCH_MAX:
      return MPI_MAX;
    case PGAS_ATOMIC_LOAD:
      return MPI_NO_OP;
    case PGAS_ATOMIC_FETCH_XOR:
      return MPI_BXOR;
    case PGAS_ATOMIC_FETCH_AND:
      return MPI_BAND;
    case PGAS_ATOMIC_FETCH_OR:
      return MPI_BOR;
    case PGAS_ATOMIC_CSWAP:
      break;
  }
  return MPI_OP_NULL;
}

constexpr std::size_t kMaxChunk = std::size_t{1} << 30;  // MPI counts are ints: big transfers go in pieces

// Open MPI 4.1's default one-sided component (osc/rdma) crashes on an atomic a process aims at its own
// window over the vader btl, which locks and atomics on local elements need. Unless the user chose,
// select osc/sm (windows on one node: load/store and CPU atomics) or else osc/pt2pt (any network).
void choose_one_sided_component() {
  if (std::getenv("OMPI_MCA_osc") == nullptr) setenv("OMPI_MCA_osc", "sm,pt2pt", 0);
}

// Initializes MPI (unless the program did) for MpiProgress's thread; whether MPI allows it.
bool start_mpi() {
  choose_one_sided_component();
  int initialized = 0, provided = MPI_THREAD_SINGLE;
  MPI_Initialized(&initialized);
  if (initialized)
    MPI_Query_thread(&provided);
  else
    MPI_Init_thread(nullptr, nullptr, MPI_THREAD_SERIALIZED, &provided);
  return provided >= MPI_THREAD_SERIALIZED;
}

}  // namespace

MpiConduit::MpiConduit(ConduitStartup *startup) : startup_(*startup), progress_(start_mpi()) {
  MPI_Comm_dup(MPI_COMM_WORLD, &comm_);
  progress_.probe_on(comm_);
  MPI_Comm_rank(comm_, &rank_);
  MPI_Comm_size(comm_, &size_);
  startup->threads = size_;
  startup->mythread = rank_;
  // The runtime read the size alone; now that the number of threads is known, check the job's total with
  // the same rule pgasrun applies (every rank on a machine maps the windows of all).
  if (std::string problem = launch::segment_size_problem(startup->segment_size, size_); !problem.empty())
    die("%s: %s is %s", launch::kSegmentSizeEnv, units::format_size(startup->segment_size).c_str(),
        problem.c_str());
  void *segment = nullptr;
  // Within the range, a machine may still lack the memory (osc/sm needs the windows of all its ranks in
  // /dev/shm, osc/pt2pt allocates each): say which setting asked for it rather than abort in MPI.
  MPI_Comm_set_errhandler(comm_, MPI_ERRORS_RETURN);
  if (int error =
          allocate_data_window(static_cast<MPI_Aint>(startup->segment_size + kAllocAlignment), &segment);
      error != MPI_SUCCESS) {
    char reason[MPI_MAX_ERROR_STRING];
    int length = 0;
    MPI_Error_string(error, reason, &length);
    die("cannot allocate the %s data segment of every thread (%s or pgasrun --segment-size): %s",
        units::format_size(startup->segment_size).c_str(), launch::kSegmentSizeEnv, reason);
  }
  MPI_Comm_set_errhandler(comm_, MPI_ERRORS_ARE_FATAL);
  // A window's base need not be aligned for every type (Open MPI's osc/sm gives 8 mod 16, where a long
  // double or a 16-byte atomic would be misaligned): each rank's segment starts at the first aligned byte of
  // its window, and every displacement into that window adds the rank's shift.
  segment = align_within(segment, kAllocAlignment, data_shift_);
  find_reachable_segments();
  // The control block has cache-line-aligned members; windows need not be aligned that much.
  void *control = nullptr;
  constexpr std::size_t kAlign = alignof(ControlBlock);
  MPI_Win_allocate(sizeof(ControlBlock) + kAlign, 1, MPI_INFO_NULL, comm_, &control, &control_);
  ctl_ = static_cast<ControlBlock *>(align_within(control, kAlign, control_shift_));
  std::memset(static_cast<void *>(ctl_), 0, sizeof(ControlBlock));
  MPI_Win_lock_all(MPI_MODE_NOCHECK, data_);
  MPI_Win_lock_all(MPI_MODE_NOCHECK, control_);
  MPI_Barrier(comm_);  // every control block is zero before anyone reads one
  mpi_coll2_set_fatal(startup->fatal);
  collectives_ =
      new MpiCollectives(comm_, ctl_, progress_, reachable_[0] != nullptr);  // every rank's or none
  startup->segment = static_cast<std::byte *>(segment);
  startup->ctl = ctl_;
}

void *MpiConduit::align_within(void *window_base, std::size_t alignment, std::vector<MPI_Aint> &shifts) {
  const auto base = reinterpret_cast<std::uintptr_t>(window_base);
  MPI_Aint shift = static_cast<MPI_Aint>((alignment - base % alignment) % alignment);
  shifts.resize(static_cast<std::size_t>(size_));
  MPI_Allgather(&shift, 1, MPI_AINT, shifts.data(), 1, MPI_AINT, comm_);
  return reinterpret_cast<void *>(base + static_cast<std::uintptr_t>(shift));
}

MPI_Aint MpiConduit::displacement(int thread, std::uint64_t at) const {
  return data_shift_[static_cast<std::size_t>(thread)] + static_cast<MPI_Aint>(at);
}

// A job on one machine asks for a shared-memory window (MPI_Win_allocate_shared, each rank's part on pages
// of its own), whose peers' parts this process can load and store; a one-sided component without shared
// windows (osc/pt2pt, chosen for a real network) refuses it, and then every rank allocates a plain window.
int MpiConduit::allocate_data_window(MPI_Aint bytes, void *segment) {
  MPI_Comm node;
  MPI_Comm_split_type(comm_, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL, &node);
  int node_size = 0;
  MPI_Comm_size(node, &node_size);
  MPI_Comm_free(&node);
  // osc/sm backs a shared window with files in /dev/shm and hangs, where a plain window fails (and its
  // failure is reported naming the setting), when they cannot have that size: asked only where they fit,
  // as every rank agrees.
  struct statvfs room {};
  int fits = statvfs("/dev/shm", &room) == 0 &&
             static_cast<double>(room.f_bavail) * static_cast<double>(room.f_frsize) >=
                 static_cast<double>(bytes) * size_;
  MPI_Allreduce(MPI_IN_PLACE, &fits, 1, MPI_INT, MPI_MIN, comm_);
  if (node_size == size_ && fits != 0) {
    MPI_Info info;
    MPI_Info_create(&info);
    MPI_Info_set(info, "alloc_shared_noncontig", "true");
    const int error = MPI_Win_allocate_shared(bytes, 1, info, comm_, segment, &data_);
    MPI_Info_free(&info);
    if (error == MPI_SUCCESS) return error;
  }
  return MPI_Win_allocate(bytes, 1, MPI_INFO_NULL, comm_, segment, &data_);
}

// MPI_Win_shared_query answers for a shared-memory window; any other window refuses, and every peer then
// stays out of reach.
void MpiConduit::find_reachable_segments() {
  reachable_.assign(static_cast<std::size_t>(size_), nullptr);
  MPI_Win_set_errhandler(data_, MPI_ERRORS_RETURN);
  for (int rank = 0; rank < size_; ++rank) {
    MPI_Aint bytes = 0;
    int unit = 0;
    std::byte *base = nullptr;
    if (MPI_Win_shared_query(data_, rank, &bytes, &unit, &base) != MPI_SUCCESS || base == nullptr) {
      reachable_.assign(static_cast<std::size_t>(size_), nullptr);
      break;
    }
    reachable_[static_cast<std::size_t>(rank)] = base + data_shift_[static_cast<std::size_t>(rank)];
  }
  MPI_Win_set_errhandler(data_, MPI_ERRORS_ARE_FATAL);
}

namespace {
// The unsigned integer of a scalar's width: MPI's accumulate operations are atomic per element of a
// predefined type, which a put or get of bytes is not.
MPI_Datatype whole_type(std::size_t size) {
  switch (size) {
    case 1:
      return MPI_UINT8_T;
    case 2:
      return MPI_UINT16_T;
    case 4:
      return MPI_UINT32_T;
    default:
      return MPI_UINT64_T;
  }
}
}  // namespace

// A peer in reach is read with one load (as shm does); any other with MPI_Fetch_and_op's no-op, the
// atomic read of MPI's one-sided interface.
bool MpiConduit::whole_get(int thread, std::uint64_t at, void *dst, std::size_t size) {
  std::byte *segment = reachable_[static_cast<std::size_t>(thread)];
  if (!detail::is_whole_access(at, size)) return false;
  if (segment != nullptr) {
    detail::load_shared(dst, segment + at, size);
  } else {
    const MpiProgress::Hold held(progress_);
    MPI_Fetch_and_op(nullptr, dst, whole_type(size), thread, displacement(thread, at), MPI_NO_OP, data_);
    MPI_Win_flush(thread, data_);
  }
  return true;
}

// A peer in reach is written with one store; any other with MPI_Accumulate's replace, the atomic write.
bool MpiConduit::whole_put(int thread, std::uint64_t at, const void *src, std::size_t size) {
  std::byte *segment = reachable_[static_cast<std::size_t>(thread)];
  if (!detail::is_whole_access(at, size)) return false;
  if (segment != nullptr) {
    detail::store_shared(segment + at, src, size);
  } else {
    const MpiProgress::Hold held(progress_);
    MPI_Accumulate(src, 1, whole_type(size), thread, displacement(thread, at), 1, whole_type(size),
                   MPI_REPLACE, data_);
    MPI_Win_flush(thread, data_);
  }
  return true;
}

void MpiConduit::die(const char *format, ...) {
  char message[512];
  va_list args;
  va_start(args, format);
  std::vsnprintf(message, sizeof message, format, args);
  va_end(args);
  startup_.fatal(message);
}

// Contiguous transfers move 8-byte words when the size allows (a single element is then one MPI element,
// as an MPI user would write it), else bytes; pieces keep MPI's int counts in range.
template <class Transfer>
void MpiConduit::contiguous(std::size_t size, Transfer transfer) {
  const bool words = size % 8 == 0;
  const MPI_Datatype type = words ? MPI_UINT64_T : MPI_BYTE;
  const std::size_t unit = words ? 8 : 1;
  for (std::size_t done = 0; done < size; done += kMaxChunk)
    transfer(done, static_cast<int>(std::min(kMaxChunk, size - done) / unit), type);
}

void MpiConduit::get(int thread, std::uint64_t at, void *dst, std::size_t size) {
  if (whole_get(thread, at, dst, size)) return;  // (it holds where it calls MPI)
  const MpiProgress::Hold held(progress_);
  contiguous(size, [&](std::size_t done, int count, MPI_Datatype type) {
    MPI_Get(static_cast<char *>(dst) + done, count, type, thread, displacement(thread, at + done), count,
            type, data_);
  });
  MPI_Win_flush(thread, data_);
}

// A put returns remotely complete: later gets of this thread (to any thread) see it, which relaxed
// accesses need for same-address order, and the caller's buffer is free again.
void MpiConduit::put(int thread, std::uint64_t at, const void *src, std::size_t size) {
  if (whole_put(thread, at, src, size)) return;  // (it holds where it calls MPI)
  const MpiProgress::Hold held(progress_);
  contiguous(size, [&](std::size_t done, int count, MPI_Datatype type) {
    MPI_Put(static_cast<const char *>(src) + done, count, type, thread, displacement(thread, at + done),
            count, type, data_);
  });
  MPI_Win_flush(thread, data_);
}

// Strict accesses: every earlier access is already complete (blocking transfers are, non-blocking ones
// are completed here), so only this process's own view of its window needs synchronizing.
void MpiConduit::get_strict(int thread, std::uint64_t at, void *dst, std::size_t size) {
  fence();
  get(thread, at, dst, size);
}

void MpiConduit::put_strict(int thread, std::uint64_t at, const void *src, std::size_t size) {
  fence();
  put(thread, at, src, size);
}

MpiConduit::TargetLayout MpiConduit::target_layout(int thread, const std::uint64_t *at, std::size_t count,
                                                   int block, MPI_Datatype element) {
  int element_size = 0;
  MPI_Type_size(element, &element_size);
  const auto stride = static_cast<std::uint64_t>(block) * static_cast<std::uint64_t>(element_size);
  bool contiguous = true;
  for (std::size_t k = 1; k < count && contiguous; ++k) contiguous = at[k] == at[k - 1] + stride;
  if (contiguous) return {displacement(thread, at[0]), static_cast<int>(count) * block, element, false};
  displacements_.resize(count);
  for (std::size_t k = 0; k < count; ++k) displacements_[k] = displacement(thread, at[k]);
  MPI_Datatype type;
  MPI_Type_create_hindexed_block(static_cast<int>(count), block, displacements_.data(), element, &type);
  MPI_Type_commit(&type);
  return {0, 1, type, true};
}

void MpiConduit::release(TargetLayout &layout) {
  if (layout.derived) MPI_Type_free(&layout.type);  // a transfer in flight keeps what it needs
}

void MpiConduit::getv(int thread, const std::uint64_t *at, std::size_t count, std::size_t size, void *dst) {
  sync(getv_nb(thread, at, count, size, dst));
}

void MpiConduit::putv(int thread, const std::uint64_t *at, std::size_t count, std::size_t size,
                      const void *src) {
  sync(putv_nb(thread, at, count, size, src));
}

void MpiConduit::accv(int thread, const std::uint64_t *at, std::size_t count, pgas_type_t type,
                      pgas_acc_op_t op, const void *src) {
  const MpiProgress::Hold held(progress_);
  if (count == 0) return;
  MPI_Datatype element = mpi_type(type);
  TargetLayout target = target_layout(thread, at, count, 1, element);
  MPI_Accumulate(src, static_cast<int>(count), element, thread, target.displacement, target.count,
                 target.type, accumulate_op(op), data_);
  release(target);
  MPI_Win_flush(thread, data_);
}

void MpiConduit::atomic(int thread, std::uint64_t at, pgas_type_t type, pgas_atomic_op_t op,
                        const void *operand, const void *compare, void *result) {
  const MpiProgress::Hold held(progress_);
  std::uint64_t old = 0;  // room for the old value when the caller does not want it
  void *out = result != nullptr ? result : &old;
  const MPI_Aint where = displacement(thread, at);
  if (op == PGAS_ATOMIC_CSWAP)
    MPI_Compare_and_swap(operand, compare, out, mpi_type(type), thread, where, data_);
  else
    MPI_Fetch_and_op(operand != nullptr ? operand : &old, out, mpi_type(type), thread, where, atomic_op(op),
                     data_);
  MPI_Win_flush(thread, data_);
}

pgas_token_t MpiConduit::remember(MPI_Request request, int put_target) {
  std::size_t slot;
  if (free_pending_.empty()) {
    slot = pending_.size();
    pending_.emplace_back();
  } else {
    slot = free_pending_.back();
    free_pending_.pop_back();
  }
  pending_[slot] = {request, put_target, true};
  ++outstanding_;
  return slot + 1;
}

pgas_token_t MpiConduit::get_nb(int thread, std::uint64_t at, void *dst, std::size_t size) {
  const MpiProgress::Hold held(progress_);
  if (size > kMaxChunk) {
    get(thread, at, dst, size);
    return 0;
  }
  MPI_Request request;
  MPI_Rget(dst, static_cast<int>(size), MPI_BYTE, thread, displacement(thread, at), static_cast<int>(size),
           MPI_BYTE, data_, &request);
  return remember(request, -1);
}

pgas_token_t MpiConduit::put_nb(int thread, std::uint64_t at, const void *src, std::size_t size) {
  const MpiProgress::Hold held(progress_);
  if (size > kMaxChunk) {
    put(thread, at, src, size);
    return 0;
  }
  MPI_Request request;
  MPI_Rput(src, static_cast<int>(size), MPI_BYTE, thread, displacement(thread, at), static_cast<int>(size),
           MPI_BYTE, data_, &request);
  return remember(request, thread);
}

pgas_token_t MpiConduit::getv_nb(int thread, const std::uint64_t *at, std::size_t count, std::size_t size,
                                 void *dst) {
  const MpiProgress::Hold held(progress_);
  if (count == 0) return 0;
  TargetLayout target = target_layout(thread, at, count, static_cast<int>(size), MPI_BYTE);
  MPI_Request request;
  MPI_Rget(dst, static_cast<int>(count * size), MPI_BYTE, thread, target.displacement, target.count,
           target.type, data_, &request);
  release(target);
  return remember(request, -1);
}

pgas_token_t MpiConduit::putv_nb(int thread, const std::uint64_t *at, std::size_t count, std::size_t size,
                                 const void *src) {
  const MpiProgress::Hold held(progress_);
  if (count == 0) return 0;
  TargetLayout target = target_layout(thread, at, count, static_cast<int>(size), MPI_BYTE);
  MPI_Request request;
  MPI_Rput(src, static_cast<int>(count * size), MPI_BYTE, thread, target.displacement, target.count,
           target.type, data_, &request);
  release(target);
  return remember(request, thread);
}

// A request completes locally; a put is remotely complete only after a flush of its target. A token
// that is no longer outstanding (synced already, or by remote_sync_all) is complete.
void MpiConduit::sync(pgas_token_t token) {
  const MpiProgress::Hold held(progress_);
  if (token == 0 || token > pending_.size() || !pending_[token - 1].busy) return;
  MPI_Wait(&pending_[token - 1].request, MPI_STATUS_IGNORE);
  retire(token);
}

// MPI_Test of the request: a get's is complete once its data is here. A put's completes locally (its
// buffer is free); remote completion then needs MPI_Win_flush, which MPI offers only as a wait, for the
// target's acknowledgment of data already sent (a memory barrier over osc/sm).
bool MpiConduit::test(pgas_token_t token) {
  const MpiProgress::Hold held(progress_);
  if (token == 0 || token > pending_.size() || !pending_[token - 1].busy) return true;
  int done = 0;
  MPI_Test(&pending_[token - 1].request, &done, MPI_STATUS_IGNORE);
  if (done == 0) return false;
  retire(token);
  return true;
}

void MpiConduit::retire(pgas_token_t token) {
  Pending &p = pending_[token - 1];
  if (p.target >= 0) MPI_Win_flush(p.target, data_);
  p = Pending{};
  free_pending_.push_back(token - 1);
  --outstanding_;
}

void MpiConduit::sync_all() {
  const MpiProgress::Hold held(progress_);
  if (outstanding_ == 0) return;
  for (std::size_t slot = 0; slot < pending_.size(); ++slot)
    if (pending_[slot].busy) MPI_Wait(&pending_[slot].request, MPI_STATUS_IGNORE);
  MPI_Win_flush_all(data_);
  pending_.clear();
  free_pending_.clear();
  outstanding_ = 0;
}

void MpiConduit::fence() {
  const MpiProgress::Hold held(progress_);
  sync_all();
  MPI_Win_sync(data_);
}

// Any MPI call that probes for messages runs Open MPI's progress engine, which applies incoming one-sided
// operations when the one-sided component has no progress of its own (osc/pt2pt).
void MpiConduit::progress() {
  const MpiProgress::Hold held(progress_);
  int flag = 0;
  MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, comm_, &flag, MPI_STATUS_IGNORE);
  MPI_Win_sync(data_);
}

void MpiConduit::zero(int thread, std::uint64_t at, std::size_t bytes) {
  const MpiProgress::Hold held(progress_);
  // Never destroyed (a vector was, at exit): destructors of global shared objects free them after that.
  static constexpr std::size_t kPiece = std::size_t{1} << 16;
  static const char zeros[kPiece] = {};
  for (std::size_t done = 0; done < bytes; done += kPiece) {
    const int piece = static_cast<int>(std::min(kPiece, bytes - done));
    MPI_Put(zeros, piece, MPI_BYTE, thread, displacement(thread, at + done), piece, MPI_BYTE, data_);
  }
  MPI_Win_flush(thread, data_);
}

}  // namespace pgas::rt

extern "C" __attribute__((visibility("default"))) pgas::rt::Conduit *pgas_conduit_start(
    pgas::rt::ConduitStartup *startup) {
  return new pgas::rt::MpiConduit(startup);
}
