// Teams of Collectives 2.0 and the shared state of their calls.
//
// Every member of a team owns an area in its own shared memory (a local shared object, so it is reached the
// same way on every conduit): `departed` words (one per member, set when that member leaves a freed team),
// then a ring of kRing call slots. The slot of call s (the team's s-th collective, counted alike on every
// member) says what the member published for it:
//   started      s once the member initiated call s (written last)
//   signature    the call's kind, flags and root, compared by the members that read the slot; kInlineData
//                set when the member's send data is in the slot's inline words (small.hpp), not in a block
//   inline       kInlineWords words: the member's send pieces of a small call on shm (small.hpp), right
//                after started and signature so that a receiver reads the first bytes with the flag's line
//   block        the member's call block (operation.hpp), 0 for a call without data
//   staged       s once the block holds the member's send data
//   stage_claim  2s+1 while a thread stages the member's data, 2s+2 once staged (IN_ALLSYNC: anyone may)
//   fill_claim   the same for filling the member's receive buffer (OUT_ALLSYNC: anyone may)
//   filled       s once the member's receive buffer is final
//   segment_claim, segment_done  a large allreduce or reduce (split.hpp): segment `member` of the result is
//                being combined (2s+1), combined (2s+2); s once it is in its recvbuf
//   next         where the member's next spill slot of this residue is (0: none), see below
//   handle       in a spill slot, its handle (the transfers address its inline data through it)
// After the ring, the acknowledgements: per member r, 2 kRing words, word s % (2 kRing) set to s once r (or a
// thread on its behalf) read this member's data of call s. A reader's words are consecutive, so that its
// acknowledgements of 8 calls share a line that it alone writes for a while, and the owner checks call s
// (when it reuses the slot, at call s + kRing) in lines half the array away from those the reader writes
// then: an acknowledgement seldom waits for a line held by the other side. The words only grow, so none is
// ever reset; they are strict atomics, outside the transport seam (team.cpp).
// A member whose slot of call s still holds an earlier call (read or completed by nobody yet: the member is
// kRing calls ahead) does not wait (section 2.5: an initiation never waits for another thread): it publishes
// call s in a spill slot, a slot and one acknowledgement word per reader allocated in its own shared memory
// and chained from the ring slot by `next` words. A reader looks in the ring slot, then along the chain
// (slots.hpp). Spill slots are reused like ring slots and live as long as the team.
// Last, one line whose first word the member sets at upccoll_finalize to the number of the first call it
// never made (its next sequence number): a member waiting for its initiation of that call reports it.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <memory>
#include <vector>

#include "pgas/transport.h"

namespace pgas::rt::coll2 {

struct Operation;
struct FastCall;
struct AgreementQueue;

inline constexpr std::uint64_t kRing = 128;
// 4 KiB of send data per member and call, and the ends of up to 8 pieces.
inline constexpr std::uint64_t kInlineWords = 512 + 8;
inline constexpr std::uint64_t kInlineData = std::uint64_t{1} << 62;  // in the signature word

// The words of an area: the departed words, then the ring (each rounded up to whole cache lines).
constexpr std::uint64_t lines(std::uint64_t words) { return (words + 7) / 8 * 8; }
// A slot's words: the same for every team size (the acknowledgements follow the ring).
inline constexpr std::uint64_t kSlotWords = lines(kInlineWords + 11);  // with SlotWord's 11
inline constexpr std::uint64_t kAcknowledgements = 2 * kRing;          // per reader
// The words before the area's last line (the finalize word's).
inline std::uint64_t finalize_line(std::uint64_t size) {
  return lines(size) + kRing * kSlotWords + size * kAcknowledgements;
}
inline std::uint64_t area_words(std::uint64_t size) { return finalize_line(size) + lines(1); }

enum SlotWord : std::uint64_t {
  kStarted,
  kSignature,
  kBlock,
  kStaged,
  kStageClaim,
  kFillClaim,
  kFilled,
  kSegmentClaim,
  kSegmentDone,
  kNext,
  kHandle,  // a spill slot's own handle (its data's address for the transfers); 0 in a ring slot
};
static_assert(kInlineWords + kHandle + 1 <= kSlotWords);

// Where a member published one call: byte offsets in its area (a spill slot's lie beyond it) of the call's
// slot and of its first reader's acknowledgement.
struct SlotAt {
  std::uint64_t slot = 0;
  std::uint64_t acks = 0;
  std::uint64_t ack_stride = 0;  // bytes from one reader's acknowledgement to the next
  pgas_handle_t spill = 0;       // a spill slot's handle (its first byte is `slot`); 0: the area's
  std::uint64_t word(std::uint64_t w) const {  // (the inline words follow the signature)
    return slot + (w <= kSignature ? w : w + kInlineWords) * sizeof(std::uint64_t);
  }
  std::uint64_t inline_words() const { return slot + 2 * sizeof(std::uint64_t); }
  std::uint64_t ack(int reader) const { return acks + static_cast<std::uint64_t>(reader) * ack_stride; }
};

struct Team {
  std::vector<int> members;            // team rank -> thread
  int rank = 0;                        // this thread's rank
  std::vector<pgas_handle_t> areas;    // team rank -> that member's area (all of it on the member)
  std::vector<std::uint64_t> area_at;  // team rank -> where its area starts in that member's segment
  std::vector<std::byte *> direct;     // team rank -> its area mapped in this process (shm), or nullptr
  std::uint64_t next_sequence = 1;     // the next call's number
  void *engine = nullptr;              // the team in the conduit's engine (coll2/engine.hpp), if used
  // This thread's call in one of its slots, kept until every reader of the call's block has read it.
  struct Held {
    std::uint64_t sequence = 0;
    pgas_handle_t block = 0;
    std::uint64_t capacity = 0;  // the block's bytes
    std::uint8_t kind = 0;
    int root = 0;
    Operation *incomplete = nullptr;  // the call while it is not complete on this thread
    bool inline_data = false;         // its slot's inline words are read until every reader is done
  };
  // One of this thread's slots: where it is, its call, the next spill slot of its chain (nullptr: none).
  struct Slot {
    SlotAt at;
    Held held;
    Slot *next = nullptr;
    pgas_handle_t spill = 0;  // a spill slot's memory (0: a ring slot)
  };
  std::deque<Slot> slots = std::deque<Slot>(kRing);  // the ring, then the spill slots (addresses stay)
  std::size_t held_blocks = 0;                       // slots whose call has a block
  // Blocks every reader is done with, kept for later calls (allocating one per call costs more than the
  // call).
  struct Spare {
    pgas_handle_t block;
    std::uint64_t capacity;
  };
  std::vector<Spare> spare;

  // The last blocking call of this thread that qualifies for the fast lane (fast.hpp), or nullptr.
  std::shared_ptr<FastCall> fast;
  // On the conduit's engine: the exchanges of its calls not yet agreed (agreement.hpp).
  std::shared_ptr<AgreementQueue> agreements;

  int size() const { return static_cast<int>(members.size()); }
  bool shm = false;  // every member's area is mapped here (direct)
  // The ring slot of call `sequence` in every member's area, and its readers' acknowledgements.
  SlotAt ring(std::uint64_t sequence) const {
    return {.slot = slot_at(sequence),
            .acks = (lines(members.size()) + kRing * kSlotWords + sequence % kAcknowledgements) *
                    sizeof(std::uint64_t),
            .ack_stride = kAcknowledgements * sizeof(std::uint64_t)};
  }
  std::uint64_t slot_at(std::uint64_t sequence) const {
    return (lines(members.size()) + (sequence % kRing) * kSlotWords) * sizeof(std::uint64_t);
  }
  std::uint64_t departed_at(int member) const { return static_cast<std::uint64_t>(member) * 8; }
  // Byte offset in an area of its owner's word set at upccoll_finalize (above).
  std::uint64_t finalized_at() const { return finalize_line(members.size()) * sizeof(std::uint64_t); }
  int thread_of(int member) const { return members[static_cast<std::size_t>(member)]; }

  // Strict word access to member `rank`'s area.
  std::uint64_t load(int member, std::uint64_t offset) const;
  void store(int member, std::uint64_t offset, std::uint64_t value) const;
  // Compare-and-swap: true when the word held `expected` (and now holds `desired`).
  bool swap(int member, std::uint64_t offset, std::uint64_t expected, std::uint64_t desired) const;
  // Raises the word to at least `value` by compare-and-swap; returns what it held before.
  std::uint64_t raise(int member, std::uint64_t offset, std::uint64_t value) const;
  // On shm: a word of member `rank`'s area as an atomic of this process (acquire loads, release stores).
  std::atomic_ref<std::uint64_t> word(int member, std::uint64_t offset) const {
    return std::atomic_ref<std::uint64_t>(
        *reinterpret_cast<std::uint64_t *>(direct[static_cast<std::size_t>(member)] + offset));
  }
};

// A new object of this thread's (PGAS_ALLOC_LOCAL), named by the site that made it.
pgas_handle_t allocate_local(std::uint64_t elem_size, std::uint64_t nelems, const char *site);
// A new area for a team of `size` members, zeroed, on this thread.
pgas_handle_t create_area(int size);

// The team a handle names (UPC_TEAM_ALL: nullptr), or nullptr when it is not a live team of this thread.
Team *team_of(void *handle);
Team &team_all();
void register_team(Team *team);
void forget_team(Team *team);
std::vector<Team *> live_teams();

}  // namespace pgas::rt::coll2
