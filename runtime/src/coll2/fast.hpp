// The fast lane of the small path on shm (small.hpp): a blocking MYSYNC call whose arguments equal the last
// blocking call's that went through the checks on this team. The checks' outcome depends only on those
// arguments (and on the buffers and user operation still being live, looked up on every call), so the
// remembered checked call is run again without them: no description, no operation, no handle. It writes
// the same slot words as the small path (signature, inline data, then the started flag with one release
// store), reads its sources' slots, combines in rank order and tells each source, so members on either path
// take part in the same call. Anything unusual (a source not there within the spin and yield budget, a
// different signature, data not inline or of another size) hands the call to the general completion, which
// waits, reports, or reads blocks as before. Off when a profiler replaced the transport seam or the
// synchronization events (a traced run takes the general path), with transfer emulation, on the conduit's
// engine, and with PGAS_COLL2_FAST=0.
#pragma once

#include <cstddef>

#include "coll2/operation.hpp"
#include "pgas/upccoll.h"

namespace pgas::rt::coll2 {

// An entry point's arguments, as compared from call to call (unused ones 0). Every small call builds one:
// alltoallv's arrays are passed beside it, not in it, to keep it small (the compiler may clear a larger one
// with `rep stos` before filling it: the reductions' entry points fill it without, the data-moving ones in
// api_move.cpp clear it first, measured as no slower).
struct Arguments {
  Kind kind = Kind::kBarrier;
  int root = 0;
  upccoll_flag_t flags = 0;
  upccoll_shared_ptr_t sendbuf{}, recvbuf{};
  std::size_t sendcount = 0, recvcount = 0;
  upccoll_dtype_t sendtype = 0, recvtype = 0;
  upccoll_op_t op = 0;
};

// upccoll_alltoallv's four arrays (sendcnts, sdispls, recvcnts, rdispls), one entry per team rank, compared
// by content (a program may refill them between calls); nullptr for every other call.
using Counts = const std::size_t *const *;

// Runs the call on the fast lane when the team remembered these arguments; false: nothing done (the caller
// checks and launches it).
bool fast_call(upccoll_team_t handle, const Arguments &args, Counts arrays = nullptr);

// After `call` (checked, from `args`) completed as a blocking call on `team`: remembers it when it
// qualifies for the fast lane.
void remember(Team &team, const Arguments &args, const Description &call, Counts arrays = nullptr);

// Reads once whether the fast lane may be used in this job (upccoll_initialize).
void choose_fast_lane();

}  // namespace pgas::rt::coll2
