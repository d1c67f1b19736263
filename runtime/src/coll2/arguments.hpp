// The checks every Collectives 2.0 entry point makes before it initiates a call, each giving the
// specific error code of pgas/upccoll.h 3.1.6, and the launching of the checked call.
#pragma once

#include <cstddef>
#include <limits>
#include <vector>

#include "coll2/operation.hpp"
#include "pgas/upccoll.h"

namespace pgas::rt::coll2 {

// The library is initialized, `handle` names a live team of this thread and `flags` is a valid
// combination: the team in *team, or the error.
upccoll_return_t check_call(upccoll_team_t handle, upccoll_flag_t flags, Team **team);

inline bool root_valid(const Team &team, int root) { return root >= 0 && root < team.size(); }

// `buffer` is not NULL, has affinity to this thread and holds `bytes` from where it points: else `error`.
// When valid, `*local` is where it points in this process (the engine's buffer address: no second lookup).
bool buffer_valid(const upccoll_shared_ptr_t &buffer, std::size_t bytes, void **local);

// Byte sizes saturate at kOverflow instead of wrapping: a call whose pieces reach it is UPCCOLL_ERROR_SIZE.
inline constexpr std::size_t kOverflow = std::numeric_limits<std::size_t>::max();
inline std::size_t times(std::size_t a, std::size_t b) {
  std::size_t product = 0;
  return __builtin_mul_overflow(a, b, &product) ? kOverflow : product;
}
inline std::size_t plus(std::size_t a, std::size_t b) {
  std::size_t sum = 0;
  return __builtin_add_overflow(a, b, &sum) ? kOverflow : sum;
}
// Whether a piece's end (offset + bytes) does not fit in size_t (the call is UPCCOLL_ERROR_SIZE).
bool overflows(const std::vector<Piece> &pieces);

// n pieces of `each` bytes, piece t at t * each.
void even_pieces(int n, std::size_t each, std::vector<Piece> *pieces);
// Piece t of counts[t] elements at displs[t] elements (of `size` bytes).
void counted_pieces(int n, const std::size_t *counts, const std::size_t *displs, std::size_t size,
                    std::vector<Piece> *pieces);
// The bytes a buffer must hold for `pieces`.
std::size_t extent(const std::vector<Piece> &pieces);

// Initiates `call` on `team` and completes it (handle NULL, no UPC_ASYNC_FENCE), or hands back a handle.
upccoll_return_t launch(Team &team, const Description &call, upccoll_handle_t *handle);

// Whether a call completes before it returns: no handle and no UPC_ASYNC_FENCE.
inline bool blocking(upccoll_flag_t flags, const upccoll_handle_t *handle) {
  return handle == nullptr && (flags & UPC_ASYNC_FENCE) == 0;
}

// What a refused call was: on which engine its members wait for it follows from its kind, flags and handle.
struct Refused {
  Kind kind;
  bool variable;
  upccoll_flag_t flags;
  const upccoll_handle_t *handle;
};
// A call refused with `error` after check_call found its team: it takes the team's next call number, on the
// engine the call would have run on, so that members waiting in the call learn why this thread will not
// join them (agreement.hpp). Returns `error`.
upccoll_return_t refuse(Team &team, const Refused &call, upccoll_return_t error);
// refuse() unless `result` is UPCCOLL_SUCCESS.
inline upccoll_return_t refused_unless_success(Team &team, const Refused &call, upccoll_return_t result) {
  return result == UPCCOLL_SUCCESS ? result : refuse(team, call, result);
}

// The description an entry point fills for its call: empty, reused from call to call (no allocation).
Description &fresh_description();

// The library's state: whether it is initialized.
bool initialized();

}  // namespace pgas::rt::coll2
