// The strict flags the collectives synchronize with, in the reserved first bytes of every thread's data
// segment (so they exist on every conduit from the start, and need no allocation):
//   - the record ring: what the thread published when it started each collective (its kind, sequence
//     number and single-valued arguments); a peer that waits for it reads the record and compares;
//   - done[p]: the last collective in which thread p finished every access to this thread's data;
//   - the partial ring: a small value a thread posts for each collective that computes in parallel (its part
//     of a reduction), read by the threads that combine it;
//   - arrived[p]: the last collective thread p announced to this thread on starting it (the arrival vector
//     of the `vector` variant, coll/variant.hpp: the waiter polls its own memory instead of p's record).
// Sequence numbers only grow, so no flag is ever reset (a flag >= s means "done with s").
#pragma once

#include <cstdint>

#include "collective_kind.hpp"

namespace pgas::rt::coll {

inline constexpr int kRecordArgs = 6;
// Calls whose records (and partials) a thread keeps: a thread may run this many calls ahead of another.
// Long enough that the root of small staged collectives (coll/staging.hpp) runs well ahead of a slow
// receiver, as MPI's eager sends let it; the areas fit in the segment reserve (static_assert in flags.cpp).
inline constexpr int kRing = 128;

// What a thread publishes when it starts a collective.
struct Record {
  std::uint64_t sequence;  // 0: being rewritten
  std::uint32_t kind;      // CollectiveKind, as it meets others (collective_kind_meets)
  std::uint32_t nargs;
  std::uint64_t args[kRecordArgs];
};
static_assert(sizeof(Record) == 64);

// Publishes this thread's record of collective `record.sequence` (then peers see it as entered).
void publish(const Record &record);
// Whether `peer` has started collective `sequence` (or a later one).
bool entered(int peer, std::uint64_t sequence);
// `peer`'s record of collective `sequence`; false if it has not started it yet or has already overwritten
// it (it is more than a ring's length ahead).
bool record_of(int peer, std::uint64_t sequence, Record *out);

// Tells `peer` that this thread finished its accesses to peer's data in collective `sequence`.
void signal_done(int peer, std::uint64_t sequence);
// Whether `peer` finished its accesses to this thread's data in collective `sequence`.
bool done_by(int peer, std::uint64_t sequence);
// Waits (polling as the job's MYSYNC variant says) until done_by(peer, sequence).
void wait_done_by(int peer, std::uint64_t sequence);

// A slot of the partial ring: room for any reduction type (long double included).
struct PartialSlot {
  unsigned char value[16];
  std::uint64_t sequence;  // the call whose value it holds
};

// Posts this thread's partial value (at most 16 bytes) of collective `sequence`. The caller makes sure the
// threads that read the slot's previous value (a ring ago) have done so.
void post_partial(std::uint64_t sequence, const void *value, std::size_t bytes);
// Reads `peer`'s partial of collective `sequence`; false if not posted yet.
bool partial_of(int peer, std::uint64_t sequence, void *value, std::size_t bytes);
void sleep_until_partial(int peer, std::uint64_t sequence);

// Tells `peer` that this thread has started collective `sequence` (in peer's arrival vector).
void announce(int peer, std::uint64_t sequence);
// Whether `peer` announced collective `sequence` (or a later one) to this thread.
bool arrived(int peer, std::uint64_t sequence);

// Block for a while unless `peer` has started collective `sequence` (or finished with this thread's data in
// it): until the flag changes or a few milliseconds pass. On shm the waiter sleeps on a futex that the
// flag's writer wakes; on a network conduit it sleeps briefly.
void sleep_until_entered(int peer, std::uint64_t sequence);
void sleep_until_done(int peer, std::uint64_t sequence);
void sleep_until_arrived(int peer, std::uint64_t sequence);

// Any strict flag word of a thread's data segment, at byte `at` (the areas above, or another runtime area
// such as the staging area's table, coll/staging.hpp), with the same ordering, wake-ups and sleeps.
std::uint64_t load_flag(int thread, std::uint64_t at);
void store_flag(int thread, std::uint64_t at, std::uint64_t value);
// A word published by a later store_flag of the same thread (nobody sleeps on it, so it wakes nobody):
// whoever sees that flag sees this word.
void store_word(int thread, std::uint64_t at, std::uint64_t value);
// Block for a while unless the word at `at` changed from `seen`.
void sleep_on_flag(int thread, std::uint64_t at, std::uint64_t seen);

}  // namespace pgas::rt::coll
