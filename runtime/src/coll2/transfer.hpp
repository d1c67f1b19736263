// The data movement of a call, as bulk transfers through the transport seam (so a profiler sees it):
// staging a member's send pieces into its block, and filling a receiver's recvbuf from its sources' blocks.
#pragma once

#include <cstdint>
#include <vector>

#include "coll2/operation.hpp"
#include "coll2/small.hpp"

namespace pgas::rt::coll2 {

// Copies member `member`'s send pieces of call `sequence` (its slot at `at`) from its sendbuf into its block
// (any thread may, once the call's IN condition holds), then marks it staged.
void stage_member(const Team &team, int member, const SlotAt &at, std::uint64_t sequence);

// Fills receiver `receiver`'s recvbuf in `op`'s call from the blocks of its sources (all staged), and tells
// each source that the receiver has read it.
void fill_member(const Operation &op, int receiver);

// Member `member`'s call block header of `op`'s call (block.hpp); the member initiated it.
std::vector<std::uint64_t> block_header(const Operation &op, int member);
// Where `source`'s piece for `receiver` is (inline, staged in its block, or in its sendbuf: direct.hpp).
Located source_piece(const Operation &op, int source, int receiver);

// On the small path (small.hpp): fills this thread's recvbuf from its sources, inline or staged, and tells
// each source that it has read it.
void fill_own(const Operation &op);

}  // namespace pgas::rt::coll2
