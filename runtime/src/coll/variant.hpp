// How the MYSYNC collectives synchronize, chosen per job by PGAS_COLL_MYSYNC, a comma-separated list of
// words (any order, each group at most once; the first word of each group is the default, but for
// eager | direct, where naming neither leaves the choice to each call):
//   pull | push      which thread moves a relocalization's block: the one receiving it or the one holding it;
//   flat | tree      OUT MYSYNC of a call where every thread touches one root's data (a pulled broadcast or
//                    scatter, a pushed gather): every thread tells the root, or the threads tell their parent
//                    in a binary tree rooted there, each once its subtree is done (Fessenden and Seidel,
//                    future work 7);
//   poll | vector    IN MYSYNC: a thread polls the record of each peer it waits for, or each thread writes
//   its
//                    arrival into the local arrival vector of every thread that will wait for it, which then
//                    polls only its own memory (future work 3);
//   backoff | spin   how a wait polls: spin briefly, yield, then sleep on the flag's futex; or poll
//                    relentlessly, yielding the CPU between polls, as Fessenden and Seidel's loops did
//                    (future work 4);
//   eager | direct   a relocalization of blocks of at most 4 KiB, OUT MYSYNC or NOSYNC, is staged (each
//                    holder copies its blocks into its own staging area and may return: MPI's eager
//                    protocol, coll/staging.hpp), or always moved between the user's arrays as above.
//                    With neither word the choice is made per call (stages_by_default below).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

#include "collective_kind.hpp"

namespace pgas::rt::coll {

enum class Direction : std::uint8_t { kPull, kPush };

// Whether small relocalizations are staged: chosen per call from the job's shape (kAuto, neither word),
// always (`eager`) or never (`direct`).
enum class Staging : std::uint8_t { kAuto, kEager, kDirect };

struct Variant {
  Direction direction = Direction::kPull;
  bool tree = false;
  bool arrival_vector = false;
  bool spin = false;
  Staging staging = Staging::kAuto;
};

// Parses a PGAS_COLL_MYSYNC value; false with `error` saying which word is wrong.
bool parse_variant(const char *text, Variant *out, std::string *error);

// The job's variant (PGAS_COLL_MYSYNC, read once; a bad value stops the job naming it).
const Variant &configured_variant();
inline Direction configured_direction() { return configured_variant().direction; }

// Whether a relocalization `kind` (upc_all_broadcast ... upc_all_permute) of blocks of `nbytes` small enough
// to be staged (at most 4 KiB) is staged when PGAS_COLL_MYSYNC names neither `eager` nor `direct`. Every
// thread of a job decides alike: the answer depends on the call's kind, its block size and the job's shape
// (threads, conduit, the machine's online CPUs) only. Not staged at 2 threads on shm with a CPU for each
// thread: a gather or a permute of blocks larger than a staged entry holds (coll/staging.hpp, kInlineBytes),
// where the receiver reads the holder's block in place and the holder waits for it (bench/RESULTS.md
// sections 30 and 40: faster than staging there, whose block crosses between the caches twice). Staged:
// their smaller blocks, which travel in the entry with its flag while the holder returns at once (RESULTS
// section 45), and the calls of more threads (threads outnumber CPUs, or one thread's data goes to many, as
// in a broadcast or scatter, whose root then returns without waiting for the receivers).
bool stages_by_default(CollectiveKind kind, std::size_t nbytes);

// Whether this call is staged under the job's variant (`eager`, `direct`, or stages_by_default).
inline bool stages(CollectiveKind kind, std::size_t nbytes) {
  const Staging staging = configured_variant().staging;
  return staging == Staging::kAuto ? stages_by_default(kind, nbytes) : staging == Staging::kEager;
}

}  // namespace pgas::rt::coll
