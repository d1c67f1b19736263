// The data-moving collectives of pgas/upccoll.h 3.5: barrier, bcast, scatter(v), gather(v), allgather(v),
// alltoall(v). Each checks its arguments (the specific error code), names its send and receive pieces and
// launches the call.
#include "coll2/arguments.hpp"
#include "coll2/datatypes.hpp"
#include "coll2/fast.hpp"
#include "coll2/roles.hpp"

using namespace pgas::rt::coll2;

namespace {

// What a data-moving call passes besides its pieces.
struct Common {
  Kind kind;
  upccoll_shared_ptr_t sendbuf, recvbuf;
  upccoll_dtype_t sendtype, recvtype;
  int root;  // the root of a rooted kind (has_root); ignored for the others
  upccoll_team_t team;
  upccoll_flag_t flags;
  upccoll_handle_t *handle;
};

// The call's pieces, given the team and the type sizes; an error code other than success refuses the call.
struct Sizes {
  const Team &team;
  std::size_t send, recv;
  bool is_root;
};

// The size of the piece a member sends to itself or receives from itself: its own of one per rank, or the
// only one (0 without pieces).
std::uint64_t own_bytes(const std::vector<Piece> &pieces, int rank) {
  if (pieces.empty()) return 0;
  return pieces[pieces.size() == 1 ? 0 : static_cast<std::size_t>(rank)].bytes;
}

// `variable`: the v form (counts per rank). `args` and `arrays`: what the fast lane compares (fast.hpp), when
// the call may take it.
template <class Pieces>
upccoll_return_t checked(Team *team, const Common &c, bool sends, bool receives, Pieces pieces, bool variable,
                         const Arguments *args, Counts arrays) {
  const bool rooted = has_root(c.kind);
  if (rooted && !root_valid(*team, c.root)) return UPCCOLL_ERROR_ROOT;
  const bool is_root = rooted && team->rank == c.root;
  const Sizes sizes{*team, type_size(c.sendtype), type_size(c.recvtype), is_root};
  const bool send_here = sends || is_root, recv_here = receives || is_root;
  if (send_here && sizes.send == 0) return UPCCOLL_ERROR_SENDTYPE;
  if (recv_here && sizes.recv == 0) return UPCCOLL_ERROR_RECVTYPE;
  Description &call = fresh_description();
  call.kind = c.kind;
  call.root = rooted ? c.root : 0;
  call.flags = c.flags;
  call.sendbuf = c.sendbuf;
  call.recvbuf = c.recvbuf;
  call.variable = variable;
  if (const upccoll_return_t error = pieces(sizes, &call.send, &call.recv)) return error;
  if (!send_here) call.send.clear();
  if (!recv_here) call.recv.clear();
  if (overflows(call.send) || overflows(call.recv)) return UPCCOLL_ERROR_SIZE;
  if (!call.send.empty() && !buffer_valid(call.sendbuf, extent(call.send), &call.send_local))
    return UPCCOLL_ERROR_SENDBUF;
  if (!call.recv.empty() && !buffer_valid(call.recvbuf, extent(call.recv), &call.recv_local))
    return UPCCOLL_ERROR_RECVBUF;
  if (send_here && recv_here && own_bytes(call.send, team->rank) != own_bytes(call.recv, team->rank))
    return UPCCOLL_ERROR_COUNT;
  const upccoll_return_t result = launch(*team, call, c.handle);
  if (args != nullptr && result == UPCCOLL_SUCCESS) remember(*team, *args, call, arrays);
  return result;
}

// A refused call takes its call number once the team is known (refuse()).
template <class Pieces>
upccoll_return_t moving(const Common &c, bool sends, bool receives, Pieces pieces, bool variable = false,
                        const Arguments *args = nullptr, Counts arrays = nullptr) {
  Team *team = nullptr;
  if (const upccoll_return_t error = check_call(c.team, c.flags, &team)) return error;
  return refused_unless_success(*team, {c.kind, variable, c.flags, c.handle},
                                checked(team, c, sends, receives, pieces, variable, args, arrays));
}

void one(std::size_t bytes, std::vector<Piece> *pieces) { pieces->assign(1, Piece{0, bytes}); }

// The fixed-count calls: `sendcnt` and `recvcnt` elements per piece, in one piece (kOne) or one per rank.
enum class Shape { kOne, kPerRank };
upccoll_return_t fixed(const Common &c, bool sends, bool receives, std::size_t sendcnt, Shape send_shape,
                       std::size_t recvcnt, Shape recv_shape) {
  const Arguments args{c.kind,  c.root,  c.flags,    c.sendbuf, c.recvbuf,
                       sendcnt, recvcnt, c.sendtype, c.recvtype};
  if (c.handle == nullptr && fast_call(c.team, args)) return UPCCOLL_SUCCESS;
  return moving(
      c, sends, receives,
      [&](const Sizes &z, auto *send, auto *recv) {
        // A thread that both sends and receives (a root, or everyone without one) checks that the sizes
        // agree.
        const bool both = !has_root(c.kind) || z.is_root;
        if ((sends ? sendcnt : recvcnt) == 0 || (both && times(sendcnt, z.send) != times(recvcnt, z.recv)))
          return UPCCOLL_ERROR_COUNT;
        const auto pieces = [&](Shape shape, std::size_t bytes, std::vector<Piece> *out) {
          if (shape == Shape::kOne)
            one(bytes, out);
          else
            even_pieces(z.team.size(), bytes, out);
        };
        pieces(send_shape, times(sendcnt, z.send), send);
        pieces(recv_shape, times(recvcnt, z.recv), recv);
        return UPCCOLL_SUCCESS;
      },
      false, c.handle == nullptr ? &args : nullptr);
}

// One side of a variable-count call: `count` elements in one piece, or counts[t] elements at displs[t].
struct Side {
  std::size_t count;
  const size_t *counts, *displs;
  bool arrays;
};
Side one_piece(std::size_t count) { return {count, nullptr, nullptr, false}; }
Side per_rank(const size_t *counts, const size_t *displs) { return {0, counts, displs, true}; }

// `args` and `arrays`: what the fast lane compares, when the call may take it (alltoallv, whose arrays every
// member reads).
upccoll_return_t variable(const Common &c, bool sends, bool receives, const Side &send_side,
                          const Side &recv_side, const Arguments *args = nullptr, Counts arrays = nullptr) {
  if (args != nullptr && c.handle == nullptr && fast_call(c.team, *args, arrays)) return UPCCOLL_SUCCESS;
  return moving(
      c, sends, receives,
      [&](const Sizes &z, auto *send, auto *recv) {
        // A side's arrays are read only on the threads that use them (a root's, or every thread's).
        const auto pieces = [&](const Side &side, bool used, std::size_t size, upccoll_return_t no_counts,
                                upccoll_return_t no_displs, std::vector<Piece> *out) {
          if (!side.arrays) {
            one(times(side.count, size), out);
            return UPCCOLL_SUCCESS;
          }
          if (!used) return UPCCOLL_SUCCESS;
          if (side.counts == nullptr) return no_counts;
          if (side.displs == nullptr) return no_displs;
          counted_pieces(z.team.size(), side.counts, side.displs, size, out);
          return UPCCOLL_SUCCESS;
        };
        if (const upccoll_return_t error = pieces(send_side, sends || z.is_root, z.send,
                                                  UPCCOLL_ERROR_SENDCNTS, UPCCOLL_ERROR_SDISPLS, send))
          return error;
        return pieces(recv_side, receives || z.is_root, z.recv, UPCCOLL_ERROR_RECVCNTS, UPCCOLL_ERROR_RDISPLS,
                      recv);
      },
      true, c.handle == nullptr ? args : nullptr, arrays);
}

}  // namespace

extern "C" {

upccoll_return_t upccoll_barrier(upccoll_team_t team, upccoll_flag_t flags, upccoll_handle_t *handle) {
  const Common c{Kind::kBarrier, {}, {}, UPC_BYTE, UPC_BYTE, -1, team, flags, handle};
  return moving(c, false, false, [](const Sizes &, auto *, auto *) { return UPCCOLL_SUCCESS; });
}

upccoll_return_t upccoll_bcast(upccoll_shared_ptr_t sendbuf, size_t sendcount, upccoll_dtype_t sendtype,
                               upccoll_shared_ptr_t recvbuf, size_t recvcnt, upccoll_dtype_t recvtype,
                               int root, upccoll_team_t team, upccoll_flag_t flags,
                               upccoll_handle_t *handle) {
  const Common c{Kind::kBcast, sendbuf, recvbuf, sendtype, recvtype, root, team, flags, handle};
  return fixed(c, false, true, sendcount, Shape::kOne, recvcnt, Shape::kOne);
}

upccoll_return_t upccoll_scatter(upccoll_shared_ptr_t sendbuf, size_t sendcnt, upccoll_dtype_t sendtype,
                                 upccoll_shared_ptr_t recvbuf, size_t recvcnt, upccoll_dtype_t recvtype,
                                 int root, upccoll_team_t team, upccoll_flag_t flags,
                                 upccoll_handle_t *handle) {
  const Common c{Kind::kScatter, sendbuf, recvbuf, sendtype, recvtype, root, team, flags, handle};
  return fixed(c, false, true, sendcnt, Shape::kPerRank, recvcnt, Shape::kOne);
}

upccoll_return_t upccoll_scatterv(upccoll_shared_ptr_t sendbuf, const size_t *sendcnts, const size_t *sdispls,
                                  upccoll_dtype_t sendtype, upccoll_shared_ptr_t recvbuf, size_t recvcnt,
                                  upccoll_dtype_t recvtype, int root, upccoll_team_t team,
                                  upccoll_flag_t flags, upccoll_handle_t *handle) {
  const Common c{Kind::kScatter, sendbuf, recvbuf, sendtype, recvtype, root, team, flags, handle};
  return variable(c, false, true, per_rank(sendcnts, sdispls), one_piece(recvcnt));
}

upccoll_return_t upccoll_gather(upccoll_shared_ptr_t sendbuf, size_t sendcnt, upccoll_dtype_t sendtype,
                                upccoll_shared_ptr_t recvbuf, size_t recvcnt, upccoll_dtype_t recvtype,
                                int root, upccoll_team_t team, upccoll_flag_t flags,
                                upccoll_handle_t *handle) {
  const Common c{Kind::kGather, sendbuf, recvbuf, sendtype, recvtype, root, team, flags, handle};
  return fixed(c, true, false, sendcnt, Shape::kOne, recvcnt, Shape::kPerRank);
}

upccoll_return_t upccoll_gatherv(upccoll_shared_ptr_t sendbuf, size_t sendcnt, upccoll_dtype_t sendtype,
                                 upccoll_shared_ptr_t recvbuf, const size_t *recvcnts, const size_t *rdispls,
                                 upccoll_dtype_t recvtype, int root, upccoll_team_t team,
                                 upccoll_flag_t flags, upccoll_handle_t *handle) {
  const Common c{Kind::kGather, sendbuf, recvbuf, sendtype, recvtype, root, team, flags, handle};
  return variable(c, true, false, one_piece(sendcnt), per_rank(recvcnts, rdispls));
}

upccoll_return_t upccoll_allgather(upccoll_shared_ptr_t sendbuf, size_t sendcnt, upccoll_dtype_t sendtype,
                                   upccoll_shared_ptr_t recvbuf, size_t recvcnt, upccoll_dtype_t recvtype,
                                   upccoll_team_t team, upccoll_flag_t flags, upccoll_handle_t *handle) {
  const Common c{Kind::kAllgather, sendbuf, recvbuf, sendtype, recvtype, -1, team, flags, handle};
  return fixed(c, true, true, sendcnt, Shape::kOne, recvcnt, Shape::kPerRank);
}

upccoll_return_t upccoll_allgatherv(upccoll_shared_ptr_t sendbuf, size_t sendcnt, upccoll_dtype_t sendtype,
                                    upccoll_shared_ptr_t recvbuf, const size_t *recvcnts,
                                    const size_t *rdispls, upccoll_dtype_t recvtype, upccoll_team_t team,
                                    upccoll_flag_t flags, upccoll_handle_t *handle) {
  const Common c{Kind::kAllgather, sendbuf, recvbuf, sendtype, recvtype, -1, team, flags, handle};
  return variable(c, true, true, one_piece(sendcnt), per_rank(recvcnts, rdispls));
}

upccoll_return_t upccoll_alltoall(upccoll_shared_ptr_t sendbuf, size_t sendcnt, upccoll_dtype_t sendtype,
                                  upccoll_shared_ptr_t recvbuf, size_t recvcnt, upccoll_dtype_t recvtype,
                                  upccoll_team_t team, upccoll_flag_t flags, upccoll_handle_t *handle) {
  const Common c{Kind::kAlltoall, sendbuf, recvbuf, sendtype, recvtype, -1, team, flags, handle};
  return fixed(c, true, true, sendcnt, Shape::kPerRank, recvcnt, Shape::kPerRank);
}

upccoll_return_t upccoll_alltoallv(upccoll_shared_ptr_t sendbuf, const size_t *sendcnts,
                                   const size_t *sdispls, upccoll_dtype_t sendtype,
                                   upccoll_shared_ptr_t recvbuf, const size_t *recvcnts,
                                   const size_t *rdispls, upccoll_dtype_t recvtype, upccoll_team_t team,
                                   upccoll_flag_t flags, upccoll_handle_t *handle) {
  const Common c{Kind::kAlltoall, sendbuf, recvbuf, sendtype, recvtype, -1, team, flags, handle};
  const std::size_t *const arrays[4] = {sendcnts, sdispls, recvcnts, rdispls};
  const Arguments args{c.kind, c.root, c.flags, c.sendbuf, c.recvbuf, 0, 0, c.sendtype, c.recvtype};
  return variable(c, true, true, per_rank(sendcnts, sdispls), per_rank(recvcnts, rdispls), &args, arrays);
}

}  // extern "C"
