// Finding a member's slot of a call, and taking one for this thread's next call: its ring slot, or a spill
// slot when the ring slot still holds a call of a ring ago (team.hpp).
#pragma once

#include <cstdint>

#include "coll2/team.hpp"

namespace pgas::rt::coll2 {

// What `member`'s slots say of call `s`: where it is when `started` is s; else the most any of its slots of
// that residue has started (below s: it has not initiated the call yet; above: it has completed it, and its
// slot holds a later call).
struct Seen {
  std::uint64_t started = 0;
  SlotAt at;
};
Seen look_up(const Team &team, int member, std::uint64_t s);

// A slot of this thread for its call `s`, its previous call complete and read by every reader: the ring slot
// when it is free, a free spill slot of its chain, or a new one. Waits only when this thread's shared heap
// cannot hold a new spill slot (then, now and then, whether a reader never will read: check_readers).
Team::Slot &take_slot(Team &team, std::uint64_t s);

// Whether every reader of this thread's call in `slot` has read it (not this thread itself: a slot is looked
// at only once its call is complete here, so its own reading, or another thread's on its behalf, is over).
bool readers_done(const Team &team, const Team::Slot &slot);

// Frees the team's spill slots (the team is gone: nobody walks its chains).
void free_spill_slots(Team &team);

}  // namespace pgas::rt::coll2
