// Large allreduce and reduce on shm, combined by segments (reduce-scatter, then allgather): the elements are
// cut into one segment per member, on cache-line boundaries in whole elements; the member of segment j
// combines it from every source's sendbuf (read in place, direct.hpp), in team rank order, straight into
// the result: member j's recvbuf (allreduce) or the root's (reduce). An allreduce's members then copy the
// other segments from the recvbufs of the members that combined them. Every byte of a sendbuf is read once
// per call, and the combining is shared by all members.
//
// Any member may combine any segment (claimed, so exactly one does) and fill any recvbuf; a member does its
// own parts, and another member's after waiting kTakeOverAfterNs, so a completion waits only for the other
// members' initiations. A member completes once every segment is combined and (allreduce) every recvbuf
// filled: nobody reads its sendbuf, recvbuf or block after that.
#pragma once

#include <cstdint>

#include "coll2/operation.hpp"

namespace pgas::rt::coll2 {

// Whether `call` is split: a large (direct.hpp) allreduce or reduce, the same answer on every member.
bool split_call(const Team &team, const Description &call);

// Combines segment `segment` of `op`'s call from every member's send data into its place in the result.
void combine_segment(const Operation &op, int segment);

// Allreduce: copies every segment but the receiver's own into `receiver`'s recvbuf from the recvbufs of the
// members that combined them (all combined).
void gather_segments(const Operation &op, int receiver);

}  // namespace pgas::rt::coll2
