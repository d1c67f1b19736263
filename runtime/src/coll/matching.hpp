// Collective matching of the calls that do not start with a barrier phase (MYSYNC and NOSYNC): a thread
// compares its call's record with a peer's once the peer has started the call (flags.hpp). Each thread
// compares every call with thread 0's: at once if thread 0 has started it, else later, at the latest when
// the threads next meet in a barrier phase (thread 0 has then started every earlier call). So a thread in
// another collective, or passing other single-valued arguments, is reported, never silently matched.
#pragma once

#include <cstdint>

#include "coll/flags.hpp"
#include "collective.hpp"

namespace pgas::rt::coll {

// A single-valued argument of a call, compared across threads (pointers by a digest of what they name).
struct Arg {
  const char *name;
  std::uint64_t value;
  bool is_pointer = false;
};

// What this thread published for one call.
struct Published {
  CollectiveCall call;
  std::uint64_t sequence = 0;
  Arg args[kRecordArgs] = {};
  int nargs = 0;
};

// Compares `mine` with `peer`'s record (stops the job, with one message, if they differ); false if the
// peer has not started the call or has already overwritten its record.
bool compare_with(const Published &mine, int peer);

// One splitmix64 step of a running digest `h` over the word `v`.
inline std::uint64_t mix_word(std::uint64_t h, std::uint64_t v) {
  h ^= v + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2);
  h = (h ^ (h >> 30)) * 0xbf58476d1ce4e5b9ULL;
  h = (h ^ (h >> 27)) * 0x94d049bb133111ebULL;
  return h ^ (h >> 31);
}

// One cheap step of a running digest `h` over the word `v` (a multiply and a shift: distinct `v` give
// distinct results for one `h`); a digest starts from fold_word(0, first word), so that no two of its words
// are merely xored together, and ends with one mix_word.
inline std::uint64_t fold_word(std::uint64_t h, std::uint64_t v) {
  h = (h ^ v) * 0x9e3779b97f4a7c15ULL;
  return h ^ (h >> 29);
}

// A digest of what a record of `mine` holds that all threads' records of one call share (the kind as it
// meets others, the single-valued arguments): equal on every thread in the same call with the same
// arguments.
std::uint64_t record_digest(const Published &mine);

// Checks `theirs`, the digest `peer` published for this call next to data it left for this thread (staged
// bytes), against `mine`: if they differ, stops the job naming both calls (from the peer's record, or
// saying that its data belong to another call if the record is gone).
void check_digest(const Published &mine, int peer, std::uint64_t theirs);

// Compares `mine` with thread 0's record now if thread 0 has started the call, else remembers it for
// verify_deferred (waiting for thread 0 first when too many calls are waiting to be compared).
void compare_with_thread0(const Published &mine);

// Compares the remembered calls with thread 0's records; called once every thread is in a barrier phase.
void verify_deferred();
// At start-up: the room of the most calls ever remembered, written once (no page fault while they grow), and
// of thread 0's table of the calls each thread is known to have started (no call allocates).
void reserve_matching();

// Thread 0, before publishing the record of its call `sequence`: waits until no thread is a whole ring of
// calls behind (every thread has started call sequence - kRing + 1, so it has compared call
// sequence - kRing, whose record this one overwrites). Without it a thread more than a ring behind thread 0
// would find its calls' records overwritten and compare nothing. A thread that keeps up costs nothing but a
// look every half ring.
void keep_comparison_window(std::uint64_t sequence);

}  // namespace pgas::rt::coll
