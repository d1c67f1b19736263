// How the MYSYNC collectives synchronize, chosen per job by PGAS_COLL_MYSYNC, a comma-separated list of
// words (any order, each group at most once; the first word of each group is the default):
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
#pragma once

#include <cstdint>
#include <string>

namespace pgas::rt::coll {

enum class Direction : std::uint8_t { kPull, kPush };

struct Variant {
  Direction direction = Direction::kPull;
  bool tree = false;
  bool arrival_vector = false;
  bool spin = false;
  bool direct = false;
};

// Parses a PGAS_COLL_MYSYNC value; false with `error` saying which word is wrong.
bool parse_variant(const char *text, Variant *out, std::string *error);

// The job's variant (PGAS_COLL_MYSYNC, read once; a bad value stops the job naming it).
const Variant &configured_variant();
inline Direction configured_direction() { return configured_variant().direction; }

}  // namespace pgas::rt::coll
