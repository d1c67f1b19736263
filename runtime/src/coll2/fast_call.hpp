// The fast lane's remembered call (fast.hpp) and what its runs share: fast.cpp remembers calls and runs
// those of any shape, fast_whole.cpp the combining calls of small teams.
#pragma once

#include <array>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <vector>

#include "coll2/datatypes.hpp"
#include "coll2/fast.hpp"
#include "coll2/operation.hpp"
#include "control.hpp"

namespace pgas::rt::coll2 {

// A team's remembered call.
struct FastCall {
  Arguments args;
  Description call;                    // as checked
  std::uint64_t signature = 0;         // this member's, as the small path signs it
  std::uint64_t source_signature = 0;  // what a source's slot must say (its data inline)
  bool sends = false, receives = false;
  std::vector<int> sources;  // in rank order
  // Where a slot is in every member's area: slot_at(s) = first_slot + (s % kRing) * slot_bytes (team.hpp).
  std::uint64_t first_slot = 0, slot_bytes = 0;
  // The words of piece ends before a source's inline data, and which piece is this member's.
  std::uint64_t piece_words = 0;
  int piece = 0;
  // Worked out once from the checked call, for the common shapes: one send piece (its bytes and address),
  // one receive piece (its bytes and address), the built-in combination (nullptr: a user operation), and who
  // reads this member's slot in this call (not itself).
  bool one_send_piece = false;
  std::uint64_t send_bytes = 0, recv_bytes = 0;
  const std::byte *send_data = nullptr;
  std::byte *recv_data = nullptr;
  Combiner combine = nullptr;
  std::vector<int> readers;
  bool user_op = false;  // a user operation (looked up on every call: it may have been freed)
  int quick_polls = 0;   // before the backoff (none when threads outnumber CPUs: the peer needs this one)
  // The buffers' descriptors in the handle table, looked up once: a call re-reads their state and
  // generation (the lookup's own test) and calls the lookup, which reports, when they differ.
  struct Live {
    pgas_handle_t handle = 0;
    const HandleDesc *desc = nullptr;
    std::uint32_t generation = 0;
  } send_live, recv_live;
  // A combining call with one piece each way, a built-in combination and at most kFew sources (reduce,
  // allreduce, scan, exscan of small teams): its slot words and acknowledgements addressed directly
  // (run_whole), without the loops over pieces and source lists.
  static constexpr std::size_t kFew = 8;
  bool whole = false;
  std::byte *my_slots = nullptr;                       // this member's slot 0
  std::array<const std::byte *, kFew> source_slots{};  // source k's slot 0, in rank order
  std::array<std::uint64_t *, kFew> acks{};            // source k's acknowledgement words of this member
  mutable std::uint64_t free_next = 0;                 // a call whose slot was found free (claim_slot)
  // Alltoallv's four arrays as remembered, one after the other (4 x the team's size; empty for every other
  // call). A checked alltoallv has all four (a NULL one is an error code, and the call is not remembered).
  std::vector<std::size_t> arrays;
};

// Positions in a slot: the words after the signature follow the inline words.
constexpr std::uint64_t kInlineAt = kSignature + 1;
constexpr std::uint64_t position(std::uint64_t word) { return word + kInlineWords; }

// memcpy, with the sizes of one or two scalars copied inline.
inline void copy(std::byte *to, const std::byte *from, std::uint64_t bytes) {
  switch (bytes) {
    case 8:
      std::memcpy(to, from, 8);
      return;
    case 16:
      std::memcpy(to, from, 16);
      return;
    case 4:
      std::memcpy(to, from, 4);
      return;
    default:
      std::memcpy(to, from, bytes);
  }
}

// The rest of call `s` on the general path (small.hpp): this member's part is published.
void finish_in_general(Team &team, const FastCall &f, std::uint64_t s);

// Whether every reader of this member's call of a ring ago (in `slot`) told it that it read it (team.hpp).
bool readers_done(const Team &team, const FastCall &f, const Team::Slot &slot);

// Waits for `started` to say call `s`: false when it does not within the spin and yield budget.
bool wait_started_slow(const FastCall &f, std::atomic_ref<std::uint64_t> started, std::uint64_t s);
inline bool wait_started(const FastCall &f, std::atomic_ref<std::uint64_t> started, std::uint64_t s) {
  return started.load(std::memory_order_acquire) == s || wait_started_slow(f, started, s);
}

// Whether this member's ring slot of call `s` is free: its call of a ring ago complete, without a block, and
// read by every reader. A slot found free stays free until claimed (acknowledgements only grow), so one found
// free by a whole call's wait (free_next) is not asked again.
bool slot_free(const Team &team, const FastCall &f, std::uint64_t s);
inline bool ring_slot_free(const Team &team, const FastCall &f, std::uint64_t s) {
  return f.free_next == s || slot_free(team, f, s);
}

// Claims the ring slot of call `s` (free: ring_slot_free) for this member's call.
[[gnu::always_inline]] inline void claim_slot(Team &team, const FastCall &f, std::uint64_t s) {
  Team::Slot &slot = team.slots[s % kRing];
  slot.at = team.ring(s);
  slot.held = {.sequence = s,
               .kind = static_cast<std::uint8_t>(f.call.kind),
               .root = f.call.root,
               .inline_data = f.sends};
}

// A `whole` call (FastCall): the same words as run() in fast.cpp, written and read in the same order.
void run_whole(Team &team, const FastCall &f);

}  // namespace pgas::rt::coll2
