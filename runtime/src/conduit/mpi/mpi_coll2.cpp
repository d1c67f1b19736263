// The MPI conduit's collective engine (see mpi_coll2.hpp).
#include "conduit/mpi/mpi_coll2.hpp"

#include <algorithm>
#include <climits>
#include <cstdio>
#include <cstring>

#include "control.hpp"

namespace pgas::rt {
namespace {

// Every MPI collective in its blocking and its non-blocking form: the same arguments, the request last.
template <class Blocking, class NonBlocking, class... Args>
int collective(MPI_Request *request, Blocking blocking, NonBlocking non_blocking, Args... args) {
  return request == nullptr ? blocking(args...) : non_blocking(args..., request);
}

bool fits_int(std::uint64_t value) { return value <= static_cast<std::uint64_t>(INT_MAX); }

int to_int(std::uint64_t value) { return static_cast<int>(value); }

// The pieces' byte counts (and their offsets as displacements) in MPI's ints.
void counts_of(const EnginePiece *pieces, std::size_t n, std::vector<int> &counts, std::vector<int> &displs,
               std::size_t unit = 1) {
  counts.resize(n);
  displs.resize(n);
  for (std::size_t t = 0; t < n; ++t) {
    counts[t] = to_int(pieces[t].bytes / unit);
    displs[t] = to_int(pieces[t].offset / unit);
  }
}

[[noreturn]] void failed(const char *function, int error) {
  char reason[MPI_MAX_ERROR_STRING];
  int length = 0;
  MPI_Error_string(error, reason, &length);
  char message[MPI_MAX_ERROR_STRING + 160];
  std::snprintf(
      message, sizeof message,
      "the MPI collective engine: %s failed: %s (do the members of the team make the same calls with "
      "the same sizes? PGAS_COLL2_ENGINE=shared reports which)",
      function, reason);
  mpi_coll2_fatal(message);
}

// A blocking broadcast of at least this many bytes runs as MPI_Ibcast on every member (they agree on the
// size, so MPI's blocking and non-blocking forms never meet), the root copying its sendbuf to its recvbuf in
// pieces while MPI moves the data, with MPI_Test between the pieces to drive it.
constexpr int kOverlappedBcast = 256 * 1024;

int overlapped_bcast(const void *send, void *recv, int bytes, bool is_root, int root, MPI_Comm comm) {
  MPI_Request request;
  void *from = is_root ? const_cast<void *>(send) : recv;
  if (const int error = MPI_Ibcast(from, bytes, MPI_BYTE, root, comm, &request)) return error;
  constexpr int kPiece = 64 * 1024;
  int done = 0;
  for (int at = 0; is_root && send != recv && at < bytes; at += kPiece) {
    std::memcpy(static_cast<char *>(recv) + at, static_cast<const char *>(send) + at,
                static_cast<std::size_t>(std::min(kPiece, bytes - at)));
    if (!done)
      if (const int error = MPI_Test(&request, &done, MPI_STATUS_IGNORE)) return error;
  }
  return done ? MPI_SUCCESS : MPI_Wait(&request, MPI_STATUS_IGNORE);
}

const char *const kFunctions[] = {"MPI_Barrier",   "MPI_Bcast",        "MPI_Scatter(v)",
                                  "MPI_Gather(v)", "MPI_Allgather(v)", "MPI_Alltoall(v)",
                                  "MPI_Reduce",    "MPI_Allreduce",    "MPI_Reduce_scatter(_block)",
                                  "MPI_Scan",      "MPI_Exscan"};

}  // namespace

CollectiveEngine::Team MpiCollectives::team_all() {
  const MpiProgress::Hold held(progress_);
  MPI_Comm comm;
  MPI_Comm_dup(world_, &comm);
  MPI_Comm_set_errhandler(comm, MPI_ERRORS_RETURN);
  return new MPI_Comm(comm);
}

CollectiveEngine::Team MpiCollectives::team_split(Team parent, int color, int key, int *rank) {
  const MpiProgress::Hold held(progress_);
  MPI_Comm comm;
  if (const int error = MPI_Comm_split(*static_cast<MPI_Comm *>(parent), color, key, &comm))
    failed("MPI_Comm_split", error);
  MPI_Comm_set_errhandler(comm, MPI_ERRORS_RETURN);
  MPI_Comm_rank(comm, rank);
  return new MPI_Comm(comm);
}

void MpiCollectives::team_free(Team team) {
  const MpiProgress::Hold held(progress_);
  auto *comm = static_cast<MPI_Comm *>(team);
  MPI_Comm_free(comm);
  delete comm;
}

bool MpiCollectives::fits(const EngineCall &call) {
  const bool combining = call.type_size != 0;
  if (combining && !fits_int(call.count)) return false;
  for (const auto &[pieces, n] :
       {std::pair{call.send_pieces, call.send_count}, {call.recv_pieces, call.recv_count}})
    for (std::size_t t = 0; t < n; ++t)
      if (!fits_int(pieces[t].bytes) || (call.variable && !fits_int(pieces[t].offset))) return false;
  return true;
}

void MpiCollectives::issue(MPI_Comm comm, const EngineCall &call, Pending *pending) {
  Pending &p = pending != nullptr ? *pending : blocking_;
  MPI_Request *request = pending != nullptr ? &pending->request : nullptr;
  const void *send = call.send;
  void *recv = call.recv;
  const int root = call.root;
  const int send_bytes = call.send_count > 0 ? to_int(call.send_pieces[0].bytes) : 0;
  const int recv_bytes = call.recv_count > 0 ? to_int(call.recv_pieces[0].bytes) : 0;
  const MPI_Datatype byte = MPI_BYTE;
  int error = MPI_SUCCESS;
  switch (call.kind) {
    case TeamCollective::kBarrier:
      error = collective(request, MPI_Barrier, MPI_Ibarrier, comm);
      break;
    case TeamCollective::kBcast:  // the root sends from its sendbuf and copies it to its recvbuf
      if (request == nullptr && recv_bytes >= kOverlappedBcast) {
        error = overlapped_bcast(send, recv, recv_bytes, call.send_count > 0, root, comm);
        break;
      }
      if (call.send_count > 0 && send != recv) {
        error = collective(request, MPI_Bcast, MPI_Ibcast, const_cast<void *>(send), recv_bytes, byte, root,
                           comm);
        std::memcpy(recv, send, static_cast<std::size_t>(recv_bytes));  // MPI-3: a send buffer may be read
        break;
      }
      error = collective(request, MPI_Bcast, MPI_Ibcast, recv, recv_bytes, byte, root, comm);
      break;
    case TeamCollective::kScatter:
      if (!call.variable) {
        error = collective(request, MPI_Scatter, MPI_Iscatter, send, send_bytes, byte, recv, recv_bytes, byte,
                           root, comm);
        break;
      }
      counts_of(call.send_pieces, call.send_count, p.counts[0], p.counts[1]);
      error = collective(request, MPI_Scatterv, MPI_Iscatterv, send, p.counts[0].data(), p.counts[1].data(),
                         byte, recv, recv_bytes, byte, root, comm);
      break;
    case TeamCollective::kGather:
      if (!call.variable) {
        error = collective(request, MPI_Gather, MPI_Igather, send, send_bytes, byte, recv, recv_bytes, byte,
                           root, comm);
        break;
      }
      counts_of(call.recv_pieces, call.recv_count, p.counts[0], p.counts[1]);
      error = collective(request, MPI_Gatherv, MPI_Igatherv, send, send_bytes, byte, recv, p.counts[0].data(),
                         p.counts[1].data(), byte, root, comm);
      break;
    case TeamCollective::kAllgather:
      if (!call.variable) {
        error = collective(request, MPI_Allgather, MPI_Iallgather, send, send_bytes, byte, recv, recv_bytes,
                           byte, comm);
        break;
      }
      counts_of(call.recv_pieces, call.recv_count, p.counts[0], p.counts[1]);
      error = collective(request, MPI_Allgatherv, MPI_Iallgatherv, send, send_bytes, byte, recv,
                         p.counts[0].data(), p.counts[1].data(), byte, comm);
      break;
    case TeamCollective::kAlltoall:
      if (!call.variable) {
        error = collective(request, MPI_Alltoall, MPI_Ialltoall, send, send_bytes, byte, recv, recv_bytes,
                           byte, comm);
        break;
      }
      counts_of(call.send_pieces, call.send_count, p.counts[0], p.counts[1]);
      counts_of(call.recv_pieces, call.recv_count, p.counts[2], p.counts[3]);
      error = collective(request, MPI_Alltoallv, MPI_Ialltoallv, send, p.counts[0].data(), p.counts[1].data(),
                         byte, recv, p.counts[2].data(), p.counts[3].data(), byte, comm);
      break;
    default: {
      const MpiReduction r = mpi_reduction(call);
      const int count = to_int(call.count);
      switch (call.kind) {
        case TeamCollective::kReduce:
          error = collective(request, MPI_Reduce, MPI_Ireduce, send, recv, count, r.type, r.op, root, comm);
          break;
        case TeamCollective::kAllreduce:
          error = collective(request, MPI_Allreduce, MPI_Iallreduce, send, recv, count, r.type, r.op, comm);
          break;
        case TeamCollective::kReduceScatter:
          if (!call.variable) {
            error = collective(request, MPI_Reduce_scatter_block, MPI_Ireduce_scatter_block, send, recv,
                               count, r.type, r.op, comm);
            break;
          }
          counts_of(call.send_pieces, call.send_count, p.counts[0], p.counts[1], call.type_size);
          error = collective(request, MPI_Reduce_scatter, MPI_Ireduce_scatter, send, recv, p.counts[0].data(),
                             r.type, r.op, comm);
          break;
        case TeamCollective::kScan:
          error = collective(request, MPI_Scan, MPI_Iscan, send, recv, count, r.type, r.op, comm);
          break;
        default:  // kExscan: rank 0 receives nothing, but MPI may write its recvbuf
          if (recv == nullptr) {
            p.scratch.resize(static_cast<std::size_t>(count) * call.type_size);
            recv = p.scratch.data();
          }
          error = collective(request, MPI_Exscan, MPI_Iexscan, send, recv, count, r.type, r.op, comm);
          break;
      }
    }
  }
  p.function = kFunctions[static_cast<int>(call.kind)];
  if (error != MPI_SUCCESS) failed(p.function, error);
}

void MpiCollectives::run(Team team, const EngineCall &call) {
  const MpiProgress::Hold held(progress_);
  issue(*static_cast<MPI_Comm *>(team), call, nullptr);
}

CollectiveEngine::Request MpiCollectives::start(Team team, const EngineCall &call) {
  const MpiProgress::Hold held(progress_);
  auto *pending = new Pending;
  issue(*static_cast<MPI_Comm *>(team), call, pending);
  progress_.watch(pending->requests(), pending->count());
  return reinterpret_cast<Request>(pending);
}

bool MpiCollectives::test(Request request) {
  auto *pending = reinterpret_cast<Pending *>(request);
  int done = 0;
  const MpiProgress::Hold held(progress_);
  if (const int error = MPI_Testall(pending->count(), pending->requests(), &done, MPI_STATUSES_IGNORE))
    failed(pending->function, error);
  if (done == 0) return false;
  if (const int error = progress_.forget(pending->requests())) failed(pending->function, error);
  delete pending;
  return true;
}

// Collectives never match point-to-point messages (MPI-3.1 section 5.1), so the team's communicator carries
// both; messages between two ranks with one tag arrive in the order sent.
void MpiCollectives::exchange(Team team, const std::uint64_t *out, std::uint64_t *in, std::size_t words,
                              const char *first_from, Request *first, Request *rest) {
  constexpr int kTag = 1;
  const MpiProgress::Hold held(progress_);
  const MPI_Comm comm = *static_cast<MPI_Comm *>(team);
  int size = 0, rank = 0;
  MPI_Comm_size(comm, &size);
  MPI_Comm_rank(comm, &rank);
  Pending *parts[2] = {new Pending, new Pending};
  for (Pending *part : parts) {
    part->function = "MPI_Isend/MPI_Irecv";
    part->exchange.reserve(2 * static_cast<std::size_t>(size));
  }
  const int count = static_cast<int>(words);
  for (int t = 0; t < size; ++t) {
    if (t == rank) continue;
    const std::size_t at = static_cast<std::size_t>(t) * words;
    Pending &receiving = *parts[first_from[t] != 0 ? 0 : 1];
    if (const int error =
            MPI_Irecv(in + at, count, MPI_UINT64_T, t, kTag, comm, &receiving.exchange.emplace_back()))
      failed(receiving.function, error);
    if (const int error =
            MPI_Isend(out + at, count, MPI_UINT64_T, t, kTag, comm, &parts[1]->exchange.emplace_back()))
      failed(parts[1]->function, error);
  }
  for (Pending *part : parts) progress_.watch(part->requests(), part->count());
  *first = reinterpret_cast<Request>(parts[0]);
  *rest = reinterpret_cast<Request>(parts[1]);
}

// A plain store to this process's control block: a peer that finished main reads it with MPI_Get.
void MpiCollectives::waiting_in(const EngineCall *call) {
  PhaseSignature published{};
  if (call != nullptr) {
    published.kind = call->report_kind;
    published.sequence = call->sequence;
    published.barrier_id = 1 + static_cast<std::int64_t>(call->kind);
  }
  ctl_->engine_wait = published;
}

}  // namespace pgas::rt
