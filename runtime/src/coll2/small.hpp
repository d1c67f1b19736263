// The small-message path on shm: a member whose send data of a MYSYNC call fits in its slot's inline words
// (team.hpp) writes it there before its started flag, with no call block; a receiver that sees the flag
// reads the data from the same lines and fills its own recvbuf. Calls with IN_ALLSYNC or OUT_ALLSYNC (where
// other threads act for a member) and calls on a network conduit keep the block engine.
//
// The inline words of a member's call: one word per send piece, the end of that piece in the data (bytes),
// then the pieces' data (a member of a kind with a piece per rank has piece_count() pieces, else one).
#pragma once

#include <cstdint>

#include "coll2/operation.hpp"
#include "pgas/detail/api.hpp"

namespace pgas::rt::coll2 {

// The most bytes (piece ends and data) a member puts inline: PGAS_COLL2_INLINE, default and at most
// kInlineWords * 8; 0 sends every call through the block engine. Read once.
std::uint64_t inline_limit();

// Whether `call` completes on the small path (the receiver fills its own recvbuf; barriers only wait). Never
// a large call (direct.hpp): its sources' blocks are laid out for reading in place and its receivers claim
// their fills. The one answer for the general path and the fast lane (fast.hpp), which repeats only small
// calls.
bool small_path(const Team &team, const Description &call, bool in_all, bool out_all);

// Whether this thread's send pieces of `call` fit inline.
bool fits_inline(const Description &call);

// Writes this thread's send pieces of `call` into its slot at `at` (before its started flag).
void stage_inline(const Team &team, const Description &call, const SlotAt &at);

// Piece `piece` of member `source`'s inline data in its slot at `at`: where it is and its bytes.
struct Located {
  pgas::detail::gaddr at;
  std::uint64_t bytes;
};
Located inline_piece(const Team &team, Kind kind, int source, const SlotAt &at, int piece);

}  // namespace pgas::rt::coll2
