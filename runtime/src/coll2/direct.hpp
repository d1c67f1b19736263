// The large-message path on shm: a source of a large call (its pieces at least PGAS_COLL2_DIRECT bytes)
// stages nothing: its call block says "direct" and each receiver copies (or combines) straight from the
// source's sendbuf, which the shared segment maps in every process. One copy instead of two; the price is
// that the source's call holds its sendbuf until every reader has read it:
//  - a source completes only once each of its readers' recvbuf is filled (the readers' done words);
//  - so that it still waits only for the readers' initiations (pgas/upccoll.h, completion and ordering), a
//    source that has waited a while fills a reader's recvbuf itself once the reader initiated (a receiver of
//    a large call claims its own fill, as with OUT_ALLSYNC, so that exactly one thread fills it).
// A source whose sendbuf overlaps its own recvbuf (an in-place call) stages as before, and so do calls on a
// network conduit. Of the variable-count calls (whose piece sizes differ between members) only alltoallv
// goes large, each member deciding from its own pieces (direct.cpp).
#pragma once

#include <cstdint>

#include "coll2/operation.hpp"

namespace pgas::rt::coll2 {

// The fewest bytes per piece that go direct: PGAS_COLL2_DIRECT, 0 never; read once.
std::uint64_t direct_limit();

// Whether `call` is large on `team`: its pieces reach the limit (4x for a broadcast, whose source has many
// readers; for a scan, split by segments, half of it, or 2 / n of it in a team of n > 4). The same answer on
// every member (the piece size agrees between members), so every member takes the block path with claimed
// fills.
bool large_call(const Team &team, const Description &call);

// Whether this member's sendbuf is read in place (a large call whose send and recv buffers do not overlap).
bool reads_in_place(const Team &team, const Description &call);

// How long a direct source waits for its readers to fill themselves before it fills them (nanoseconds).
inline constexpr std::uint64_t kTakeOverAfterNs = 200'000;

}  // namespace pgas::rt::coll2
