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
// After the ring, the acknowledgements: per member r, 2 kRing words, word s % (2 kRing) set to s once r (or a
// thread on its behalf) read this member's data of call s. A reader's words are consecutive, so that its
// acknowledgements of 8 calls share a line that it alone writes for a while, and the owner checks call s
// (when it reuses the slot, at call s + kRing) in lines half the array away from those the reader writes
// then: an acknowledgement seldom waits for a line held by the other side. The words only grow, so none is
// ever reset; they are strict atomics, outside the transport seam (team.cpp).
// Last, one line whose first word the member sets at upccoll_finalize to the number of the first call it
// never made (its next sequence number): a member waiting for its initiation of that call reports it.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
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
inline constexpr std::uint64_t kSlotWords = lines(kInlineWords + 9);
inline constexpr std::uint64_t kAcknowledgements = 2 * kRing;  // per reader
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
  kSlotFixedWords,
};

struct Team {
  std::vector<int> members;            // team rank -> thread
  int rank = 0;                        // this thread's rank
  std::vector<pgas_handle_t> areas;    // team rank -> that member's area (all of it on the member)
  std::vector<std::uint64_t> area_at;  // team rank -> where its area starts in that member's segment
  std::vector<std::byte *> direct;     // team rank -> its area mapped in this process (shm), or nullptr
  std::uint64_t next_sequence = 1;     // the next call's number
  void *engine = nullptr;              // the team in the conduit's engine (coll2/engine.hpp), if used
  // This thread's calls by slot, kept until every reader of the call's block has read it.
  struct Held {
    std::uint64_t sequence = 0;
    pgas_handle_t block = 0;
    std::uint64_t capacity = 0;  // the block's bytes
    std::uint8_t kind = 0;
    int root = 0;
    Operation *incomplete = nullptr;  // the call while it is not complete on this thread
    bool inline_data = false;         // its slot's inline words are read until every reader is done
  };
  std::vector<Held> held = std::vector<Held>(kRing);
  std::size_t held_blocks = 0;  // entries of `held` with a block
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
  // Byte offset of word `word` of call `sequence`'s slot in an area (the inline words follow the signature).
  std::uint64_t at(std::uint64_t sequence, std::uint64_t word) const {
    const std::uint64_t position = word <= kSignature ? word : word + kInlineWords;
    return slot_at(sequence) + position * sizeof(std::uint64_t);
  }
  // Byte offset of call `sequence`'s inline words in an area.
  std::uint64_t inline_at(std::uint64_t sequence) const {
    return slot_at(sequence) + 2 * sizeof(std::uint64_t);
  }
  std::uint64_t slot_at(std::uint64_t sequence) const {
    return (lines(members.size()) + (sequence % kRing) * kSlotWords) * sizeof(std::uint64_t);
  }
  // Byte offset in an area of member `reader`'s acknowledgement of the area owner's call `sequence`.
  std::uint64_t done_at(std::uint64_t sequence, int reader) const {
    return (lines(members.size()) + kRing * kSlotWords +
            static_cast<std::uint64_t>(reader) * kAcknowledgements + sequence % kAcknowledgements) *
           sizeof(std::uint64_t);
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

// A new area for a team of `size` members, zeroed, on this thread.
pgas_handle_t create_area(int size);

// The team a handle names (UPC_TEAM_ALL: nullptr), or nullptr when it is not a live team of this thread.
Team *team_of(void *handle);
Team &team_all();
void register_team(Team *team);
void forget_team(Team *team);
std::vector<Team *> live_teams();

}  // namespace pgas::rt::coll2
