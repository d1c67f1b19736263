// A member's slot of a call, found in its ring or along its chain of spill slots; this thread's slot for its
// next call, taken without waiting for anyone (team.hpp).
#include "coll2/slots.hpp"

#include <algorithm>
#include <cstring>

#include "coll/backoff.hpp"
#include "coll2/operation.hpp"
#include "coll2/roles.hpp"
#include "handles.hpp"
#include "heap.hpp"
#include "pgas/detail/api.hpp"
#include "runtime.hpp"

namespace pgas::rt::coll2 {
namespace {

std::uint64_t g_spill_bytes = 0;  // this thread's spill slots, of all teams

// A spill slot's bytes: the slot, then one acknowledgement word per reader.
std::uint64_t spill_bytes(const Team &team) {
  return (kSlotWords + lines(static_cast<std::uint64_t>(team.size()))) * sizeof(std::uint64_t);
}

// A spill slot at byte `offset` of its owner's area.
SlotAt spill_at(std::uint64_t offset, pgas_handle_t handle) {
  return {.slot = offset,
          .acks = offset + kSlotWords * sizeof(std::uint64_t),
          .ack_stride = sizeof(std::uint64_t),
          .spill = handle};
}

Seen walk(const Team &team, int member, std::uint64_t s) {
  SlotAt at = team.ring(s);
  std::uint64_t started = team.load(member, at.word(kStarted));
  if (started == s) return {s, at};
  std::uint64_t most = started;
  for (std::uint64_t next = team.load(member, at.word(kNext)); next != 0;
       next = team.load(member, at.word(kNext))) {
    at = spill_at(next, 0);
    started = team.load(member, at.word(kStarted));
    if (started == s) return {s, spill_at(next, team.load(member, at.word(kHandle)))};
    most = std::max(most, started);
  }
  return {most, {}};
}

// Whether this thread's `slot` may take another call: its call complete (advanced once here) and read.
bool reusable(Team &team, Team::Slot &slot) {
  Team::Held &held = slot.held;
  if (held.incomplete != nullptr && !progress(*held.incomplete)) return false;
  if (held.block != 0) release_blocks(team, false);
  return held.block == 0 && (!held.inline_data || readers_done(team, slot));
}

// A new spill slot chained after `last`, or nullptr when it would leave less of this thread's shared heap
// free than its spill slots hold (they never take more than half of it from the program).
Team::Slot *new_spill_slot(Team &team, Team::Slot &last) {
  const std::uint64_t bytes = spill_bytes(team);
  if (!local_heap_fits(g_spill_bytes + 2 * bytes)) return nullptr;
  g_spill_bytes += bytes;
  const pgas_handle_t handle = allocate_local(1, bytes, "upccoll spill slot");
  std::memset(pgas::detail::local_address(handle, 0, bytes, "upccoll"), 0, bytes);
  // Its place in this thread's segment, as an offset from the area (wrapping when it lies below).
  const std::uint64_t offset = resolve_offset(handle, g_runtime.mythread, 0, 0, "upccoll spill slot") -
                               team.area_at[static_cast<std::size_t>(team.rank)];
  Team::Slot &slot = team.slots.emplace_back();
  slot.at = spill_at(offset, handle);
  slot.spill = handle;
  team.store(team.rank, slot.at.word(kHandle), handle);
  last.next = &slot;
  team.store(team.rank, last.at.word(kNext), offset);  // after the zeroed words (a strict store)
  return &slot;
}

}  // namespace

Seen look_up(const Team &team, int member, std::uint64_t s) {
  const Seen seen = walk(team, member, s);
  // A slot past s, read after the walk passed the slot where call s was published: look again. The slot of
  // call s is reused only once the member completed it, so a second walk that does not find it proves that.
  return seen.started > s ? walk(team, member, s) : seen;
}

bool readers_done(const Team &team, const Team::Slot &slot) {
  const Team::Held &held = slot.held;
  const auto kind = static_cast<Kind>(held.kind);
  for (int r = 0; r < team.size(); ++r)
    if (r != team.rank && reads_from(kind, r, team.rank, held.root, team.size()) &&
        team.load(team.rank, slot.at.ack(r)) < held.sequence)
      return false;
  return true;
}

Team::Slot &take_slot(Team &team, std::uint64_t s) {
  Team::Slot &ring = team.slots[s % kRing];
  Team::Slot *last = &ring;
  Team::Slot *taken = nullptr;
  for (Team::Slot *slot = &ring; slot != nullptr && taken == nullptr; slot = slot->next) {
    if (reusable(team, *slot)) taken = slot;
    last = slot;
  }
  if (taken == nullptr) {
    // The ring slot's call of a ring ago is still read: a reader that disagrees with it never will.
    if (ring.held.incomplete == nullptr) check_readers(team, ring, false);
    taken = new_spill_slot(team, *last);
  }
  if (taken == nullptr) {  // out of shared memory: wait for the ring slot, as no other slot can be had
    if (ring.held.incomplete != nullptr) complete(*ring.held.incomplete);
    RareChecks checks;
    for (coll::Backoff backoff; !reusable(team, ring); backoff.pause())
      if (checks.due(backoff)) check_readers(team, ring, true);
    taken = &ring;
  }
  if (taken->spill == 0) taken->at = team.ring(s);
  return *taken;
}

void free_spill_slots(Team &team) {
  const std::uint64_t bytes = spill_bytes(team);
  for (Team::Slot &slot : team.slots)
    if (slot.spill != 0) {
      remote_free(slot.spill);
      g_spill_bytes -= bytes;
    }
  team.slots.resize(kRing);
  for (Team::Slot &slot : team.slots) slot.next = nullptr;
}

}  // namespace pgas::rt::coll2
