// Large allreduce, reduce and scans on shm, combined by segments: the elements are cut into one segment per
// member, on cache-line boundaries in whole elements; the member of segment j combines it from every
// source's sendbuf (read in place, direct.hpp), in team rank order, straight into the result: member j's
// recvbuf (allreduce), the root's (reduce), or, for a scan, every member's as the running prefix passes
// it (x_0, x_0 op x_1, ...; an exscan's one rank up). An allreduce's members then copy the other segments
// from the recvbufs of the members that combined them (a reduce-scatter, then an allgather). Every byte of a
// sendbuf is read once per call, and the combining is shared by all members (a scan whose receivers each
// combined their sources would read n (n + 1) / 2 vectors).
//
// Any member may combine any segment (claimed, so exactly one does) and fill any recvbuf; a member does its
// own parts, and another member's after waiting kTakeOverAfterNs (at once when threads outnumber CPUs), so
// a completion waits only for the other members' initiations. A member completes once every segment is
// combined and (allreduce) every recvbuf filled: nobody reads its sendbuf, recvbuf or block after that.
#pragma once

#include <cstdint>

#include "coll2/operation.hpp"

namespace pgas::rt::coll2 {

// Whether `call` is split: a large (direct.hpp) allreduce, reduce, scan or exscan, the same answer on every
// member.
bool split_call(const Team &team, const Description &call);

// Combines segment `segment` of `op`'s call from every member's send data into its place in the result.
void combine_segment(const Operation &op, int segment);

// Allreduce: copies every segment but the receiver's own into `receiver`'s recvbuf from the recvbufs of the
// members that combined them (all combined).
void gather_segments(const Operation &op, int receiver);

}  // namespace pgas::rt::coll2
