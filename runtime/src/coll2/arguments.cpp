#include "coll2/arguments.hpp"

#include <algorithm>

#include "handles.hpp"
#include "runtime.hpp"

namespace pgas::rt::coll2 {

upccoll_return_t check_call(upccoll_team_t handle, upccoll_flag_t flags, Team **team) {
  if (!initialized()) return UPCCOLL_ERROR_UNINITIALIZED;
  *team = team_of(handle);
  if (*team == nullptr) return UPCCOLL_ERROR_TEAM;
  constexpr upccoll_flag_t in = UPC_IN_ALLSYNC | UPC_IN_MYSYNC | UPC_IN_NOSYNC;
  constexpr upccoll_flag_t out = UPC_OUT_ALLSYNC | UPC_OUT_MYSYNC | UPC_OUT_NOSYNC;
  const auto one_at_most = [](upccoll_flag_t bits) { return (bits & (bits - 1)) == 0; };
  if ((flags & ~(in | out | UPC_ASYNC_FENCE)) != 0 || !one_at_most(flags & in) || !one_at_most(flags & out))
    return UPCCOLL_ERROR_FLAGS;
  return UPCCOLL_SUCCESS;
}

bool buffer_valid(const upccoll_shared_ptr_t &buffer, std::size_t bytes, void **local) {
  if (buffer.handle == 0 || buffer.thread != g_runtime.mythread) return false;
  const HandleDesc &d = handle_lookup(buffer.handle, "upccoll");  // a freed or forged object stops the job
  if ((d.owner >= 0 && d.owner != buffer.thread) || buffer.offset > d.bytes_per_thread ||
      bytes > d.bytes_per_thread - buffer.offset)
    return false;
  *local = segment_address(buffer.thread, d.seg_offset + buffer.offset);
  return true;
}

void even_pieces(int n, std::size_t each, std::vector<Piece> *pieces) {
  pieces->clear();
  for (int t = 0; t < n; ++t) pieces->push_back({times(static_cast<std::size_t>(t), each), each});
}

void counted_pieces(int n, const std::size_t *counts, const std::size_t *displs, std::size_t size,
                    std::vector<Piece> *pieces) {
  pieces->clear();
  for (int t = 0; t < n; ++t) pieces->push_back({times(displs[t], size), times(counts[t], size)});
}

Description &fresh_description() {
  // A UPC thread is a process and a call is never made from inside another: one description, whose piece
  // vectors keep their capacity from call to call.
  static Description call;
  call.send.clear();
  call.recv.clear();
  call.kind = Kind::kBarrier;
  call.root = 0;
  call.flags = 0;
  call.sendbuf = call.recvbuf = {};
  call.send_local = call.recv_local = nullptr;
  call.dt = 0;
  call.op = 0;
  call.count = 0;
  call.variable = false;
  call.function = nullptr;
  return call;
}

std::size_t extent(const std::vector<Piece> &pieces) {
  std::size_t end = 0;
  for (const Piece &p : pieces) end = std::max<std::size_t>(end, plus(p.offset, p.bytes));
  return end;
}

bool overflows(const std::vector<Piece> &pieces) { return extent(pieces) == kOverflow; }

}  // namespace pgas::rt::coll2
