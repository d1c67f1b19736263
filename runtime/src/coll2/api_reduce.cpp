// The computational collectives of pgas/upccoll.h 3.5: reduce, allreduce, reduce_scatter(v), scan and
// exscan. Each contribution is combined in team rank order (pgas/upccoll.h).
#include <numeric>

#include "coll2/arguments.hpp"
#include "coll2/datatypes.hpp"
#include "coll2/fast.hpp"
#include "coll2/roles.hpp"

using namespace pgas::rt::coll2;

namespace {

// `send_pieces(n, size)` names the send pieces; `recv_elements(team, size)` the elements this thread
// receives (the combined count). `args`: the arguments the fast lane compares (fast.hpp), when the call may
// take it.
template <class SendPieces, class RecvElements>
upccoll_return_t checked(Team &team, Kind kind, upccoll_shared_ptr_t sendbuf, upccoll_shared_ptr_t recvbuf,
                         upccoll_dtype_t dt, upccoll_op_t op, int root, upccoll_flag_t flags,
                         upccoll_handle_t *out, SendPieces send_pieces, RecvElements recv_elements,
                         bool variable, const Arguments *args) {
  const std::size_t size = type_size(dt);
  if (size == 0) return UPCCOLL_ERROR_DATATYPE;
  if (!op_defined(op, dt)) return UPCCOLL_ERROR_UPC_OP;
  if (has_root(kind) && !root_valid(team, root)) return UPCCOLL_ERROR_ROOT;
  Description &call = fresh_description();
  call.kind = kind;
  call.root = root;
  call.flags = flags;
  call.sendbuf = sendbuf;
  call.recvbuf = recvbuf;
  call.dt = dt;
  call.op = op;
  call.variable = variable;
  std::size_t elements = 0;
  if (const upccoll_return_t error = send_pieces(team.size(), size, &call.send)) return error;
  if (const upccoll_return_t error = recv_elements(team, &elements)) return error;
  call.count = elements;
  if (receives(kind, team.rank, root)) call.recv.assign(1, Piece{0, times(elements, size)});
  if (overflows(call.send) || overflows(call.recv)) return UPCCOLL_ERROR_SIZE;
  if (!buffer_valid(call.sendbuf, extent(call.send), &call.send_local)) return UPCCOLL_ERROR_SENDBUF;
  if (!call.recv.empty() && !buffer_valid(call.recvbuf, extent(call.recv), &call.recv_local))
    return UPCCOLL_ERROR_RECVBUF;
  const upccoll_return_t result = launch(team, call, out);
  if (args != nullptr && result == UPCCOLL_SUCCESS) remember(team, *args, call);
  return result;
}

template <class SendPieces, class RecvElements>
upccoll_return_t computing(Kind kind, upccoll_shared_ptr_t sendbuf, upccoll_shared_ptr_t recvbuf,
                           upccoll_dtype_t dt, upccoll_op_t op, int root, upccoll_team_t handle,
                           upccoll_flag_t flags, upccoll_handle_t *out, SendPieces send_pieces,
                           RecvElements recv_elements, bool variable = false,
                           const Arguments *args = nullptr) {
  Team *team = nullptr;
  if (const upccoll_return_t error = check_call(handle, flags, &team)) return error;
  // A refused call takes its call number once the team is known (refuse()).
  return refused_unless_success(*team, {kind, variable, flags, out},
                                checked(*team, kind, sendbuf, recvbuf, dt, op, root, flags, out, send_pieces,
                                        recv_elements, variable, args));
}

// The calls whose every contribution is `count` elements, one piece for all receivers.
upccoll_return_t whole(Kind kind, upccoll_shared_ptr_t sendbuf, upccoll_shared_ptr_t recvbuf, size_t count,
                       upccoll_dtype_t dt, upccoll_op_t op, int root, upccoll_team_t team,
                       upccoll_flag_t flags, upccoll_handle_t *handle) {
  const Arguments args{kind, root, flags, sendbuf, recvbuf, count, count, dt, dt, op};
  if (handle == nullptr && fast_call(team, args)) return UPCCOLL_SUCCESS;
  return computing(
      kind, sendbuf, recvbuf, dt, op, root, team, flags, handle,
      [&](int, std::size_t size, std::vector<Piece> *send) {
        send->assign(1, Piece{0, times(count, size)});
        return count == 0 ? UPCCOLL_ERROR_COUNT : UPCCOLL_SUCCESS;
      },
      [&](const Team &, std::size_t *elements) {
        *elements = count;
        return UPCCOLL_SUCCESS;
      },
      false, handle == nullptr ? &args : nullptr);
}

}  // namespace

extern "C" {

upccoll_return_t upccoll_reduce(upccoll_shared_ptr_t sendbuf, upccoll_shared_ptr_t recvbuf, size_t count,
                                upccoll_dtype_t dt, upccoll_op_t op, int root, upccoll_team_t team,
                                upccoll_flag_t flags, upccoll_handle_t *handle) {
  return whole(Kind::kReduce, sendbuf, recvbuf, count, dt, op, root, team, flags, handle);
}

upccoll_return_t upccoll_allreduce(upccoll_shared_ptr_t sendbuf, upccoll_shared_ptr_t recvbuf, size_t count,
                                   upccoll_dtype_t dt, upccoll_op_t op, upccoll_team_t team,
                                   upccoll_flag_t flags, upccoll_handle_t *handle) {
  return whole(Kind::kAllreduce, sendbuf, recvbuf, count, dt, op, 0, team, flags, handle);
}

upccoll_return_t upccoll_scan(upccoll_shared_ptr_t sendbuf, upccoll_shared_ptr_t recvbuf, size_t count,
                              upccoll_dtype_t dt, upccoll_op_t op, upccoll_team_t team, upccoll_flag_t flags,
                              upccoll_handle_t *handle) {
  return whole(Kind::kScan, sendbuf, recvbuf, count, dt, op, 0, team, flags, handle);
}

upccoll_return_t upccoll_exscan(upccoll_shared_ptr_t sendbuf, upccoll_shared_ptr_t recvbuf, size_t count,
                                upccoll_dtype_t dt, upccoll_op_t op, upccoll_team_t team,
                                upccoll_flag_t flags, upccoll_handle_t *handle) {
  return whole(Kind::kExscan, sendbuf, recvbuf, count, dt, op, 0, team, flags, handle);
}

upccoll_return_t upccoll_reduce_scatter(upccoll_shared_ptr_t sendbuf, upccoll_shared_ptr_t recvbuf,
                                        size_t count, upccoll_dtype_t dt, upccoll_op_t op,
                                        upccoll_team_t team, upccoll_flag_t flags, upccoll_handle_t *handle) {
  const Arguments args{Kind::kReduceScatter, 0, flags, sendbuf, recvbuf, count, count, dt, dt, op};
  if (handle == nullptr && fast_call(team, args)) return UPCCOLL_SUCCESS;
  return computing(
      Kind::kReduceScatter, sendbuf, recvbuf, dt, op, 0, team, flags, handle,
      [&](int n, std::size_t size, std::vector<Piece> *send) {
        even_pieces(n, times(count, size), send);
        return count == 0 ? UPCCOLL_ERROR_COUNT : UPCCOLL_SUCCESS;
      },
      [&](const Team &, std::size_t *elements) {
        *elements = count;
        return UPCCOLL_SUCCESS;
      },
      false, handle == nullptr ? &args : nullptr);
}

upccoll_return_t upccoll_reduce_scatterv(upccoll_shared_ptr_t sendbuf, upccoll_shared_ptr_t recvbuf,
                                         const size_t *recvcounts, upccoll_dtype_t dt, upccoll_op_t op,
                                         upccoll_team_t team, upccoll_flag_t flags,
                                         upccoll_handle_t *handle) {
  return computing(
      Kind::kReduceScatter, sendbuf, recvbuf, dt, op, 0, team, flags, handle,
      [&](int n, std::size_t size, std::vector<Piece> *send) {
        if (recvcounts == nullptr) return UPCCOLL_ERROR_RECVCNTS;
        std::vector<std::size_t> displs(static_cast<std::size_t>(n));
        std::exclusive_scan(recvcounts, recvcounts + n, displs.begin(), std::size_t{0}, plus);
        counted_pieces(n, recvcounts, displs.data(), size, send);
        return UPCCOLL_SUCCESS;
      },
      [&](const Team &t, std::size_t *elements) {
        *elements = recvcounts[t.rank];
        return UPCCOLL_SUCCESS;
      },
      true);
}

}  // extern "C"
