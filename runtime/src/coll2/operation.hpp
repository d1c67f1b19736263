// One call of a Collectives 2.0 collective on one thread: initiated without waiting for anyone, then
// advanced (never blocking) until complete.
//
// Each member that sends or receives data allocates a call block in its own shared memory when it
// initiates the call:
//   header      what the other members need to act on its behalf: its buffers, type, op and count
//   send table  its send pieces (offset in sendbuf, offset of the staged copy in the block, bytes), one per
//               destination rank, or one for all
//   recv table  where the data from each source rank goes in its recvbuf (offset, bytes), or one entry
//   staged data the send pieces, copied from sendbuf (at initiation with MYSYNC, so that the send buffer
//               is the user's again at once; with IN_ALLSYNC by the first thread to see every member
//               initiated)
// A receiver reads its sources' pieces from their blocks into its recvbuf, copying or combining in rank
// order; with OUT_ALLSYNC the first completing thread fills every receiver's recvbuf (from the receivers'
// recv tables). A block is freed once every reader has read it (the slot's reader_done words).
#pragma once

#include <cstdint>
#include <vector>

#include "coll/backoff.hpp"
#include "coll2/team.hpp"
#include "conduit/collectives.hpp"
#include "pgas/upccoll.h"

namespace pgas::rt::coll2 {

// The collectives (one list with the conduits' engines, conduit/collectives.hpp).
using Kind = TeamCollective;
const char *kind_name(Kind kind, bool variable = false);  // "upccoll_bcast", "upccoll_gatherv"

// Bytes at `offset` in sendbuf (send table) or recvbuf (recv table).
using Piece = EnginePiece;

// What a thread passes to initiate a call (the checked arguments).
struct Description {
  Kind kind = Kind::kBarrier;
  int root = 0;
  upccoll_flag_t flags = 0;
  upccoll_shared_ptr_t sendbuf{}, recvbuf{};
  void *send_local = nullptr, *recv_local = nullptr;  // their addresses here, once checked (else nullptr)
  std::vector<Piece> send;                            // empty: this thread sends nothing
  std::vector<Piece> recv;                            // empty: this thread receives nothing
  upccoll_dtype_t dt = 0;  // combining kinds: the element type, operation and count
  upccoll_op_t op = 0;
  std::uint64_t count = 0;
  bool variable = false;  // the v form: counts per rank (scatterv ... alltoallv, reduce_scatterv)
  // The user's function when the call is a step of another one (upccoll_team_split's allgathers): the name
  // of its synchronization event and messages; nullptr: kind_name(kind).
  const char *function = nullptr;
};
// The user's function the call belongs to: call.function, else kind_name(call.kind).
const char *call_name(const Description &call);

struct Operation {
  Team *team = nullptr;
  std::uint64_t sequence = 0;
  Description call;
  bool in_all = false, out_all = false;
  bool fenced = false;  // UPC_ASYNC_FENCE: completed by upccoll_fence
  bool small = false;   // completes on the small path (small.hpp)
  bool large = false;   // a large call (direct.hpp): receivers claim their fills
  bool direct = false;
  bool split = false;  // a large allreduce or reduce, combined by segments (split.hpp)  // this thread's
                       // sendbuf is read in place: complete once its readers are filled
  std::uint64_t waiting_since = 0;  // a direct source's first look at unfilled readers (spin_clock_ns)
  bool my_staged = false, my_filled = false, complete = false;
  std::vector<char> checked;   // members whose signature this call compared
  Team::Slot *mine = nullptr;  // this thread's slot of the call (not on the conduit's engine)
  // Where each member published the call, once found (slots.hpp; ack_stride 0: not yet).
  mutable std::vector<SlotAt> found;
  // A call on the conduit's engine (coll2/engine.hpp): its request, and the copy of the send data it
  // reads until complete (the send buffer is the user's again at initiation).
  bool engine = false;
  bool agreed = false;  // its members' exchange agreed with it (agreement.hpp)
  CollectiveEngine::Request request = 0;
  std::vector<unsigned char> send_copy = {};
};

// Whether this thread has, or can allocate, the block `call` needs (its tables and staged send data): a
// call without one is refused with UPCCOLL_ERROR_MALLOC before it is initiated.
bool block_available(Team &team, const Description &call);
// A new Operation for call `sequence` of `team` (not yet initiated).
Operation *new_operation(Team &team, std::uint64_t sequence, const Description &call, bool in_all,
                         bool out_all);
// Initiates the call on `team` (waits only when this thread's shared heap cannot hold another slot, see
// take_slot in slots.hpp).
Operation *initiate(Team &team, const Description &call);
// This thread's call `s`, which the shared engine does not run, published by its signature alone
// (signature.hpp) in a slot of its own, for the members that look for it: a call refused once its team is
// known, or a call on the conduit's engine (so that a member's shared-engine call of that number, and a slow
// engine wait, see which call this thread is in).
void publish_signature(Team &team, std::uint64_t s, std::uint64_t signature);
// Advances the call as far as it can without blocking; true once it is complete on this thread.
bool progress(Operation &op);
// Gives back a completed call (initiate reuses it).
void free_operation(Operation *op);
// Progresses until complete.
void complete(Operation &op);
// When a wait asks its rare checks (a member finished main, a reader never will read): once past spinning
// and yielding, then every 10 ms, as they cost remote reads on a network conduit.
struct RareChecks {
  std::uint64_t next = 0;
  bool due(const coll::Backoff &backoff);
};
// Stops the job when a reader of this thread's call in `slot` has not read it and never will: it is in
// another call, it completed the call without reading (the members disagree on the call), or (with
// `initiations`) it finished main without initiating it. Asked by a wait for a slot's readers, when the ring
// slot's call is still read a ring later (without `initiations`: the thread goes on, a reader may yet come),
// and at upccoll_finalize, where every reader must be done.
void check_readers(const Team &team, const Team::Slot &slot, bool initiations);
// Where `member` published `op`'s call, or nullptr: not yet initiated, or completed and its slot reused
// (slots.hpp: `seen` says which, when asked).
const SlotAt *slot_of(const Operation &op, int member, std::uint64_t *seen = nullptr);
// Word `word` of `member`'s slot of `op`'s call: 0 before the member initiated it, ~0 once it completed it
// and its slot holds a later call (every word's step of the call is then done).
std::uint64_t read_word(const Operation &op, int member, SlotWord word);
// Stops the job when `member` has not initiated call `s` (`name`) and never will (check_will_initiate), or
// initiated it as another call than `mine` says (its slot's signature).
void check_member(const Team &team, int member, std::uint64_t s, std::uint64_t mine, const char *name);
// Frees this thread's blocks of `team` whose readers are done; with `all`, every one (the team is gone).
void release_blocks(Team &team, bool all);

}  // namespace pgas::rt::coll2
