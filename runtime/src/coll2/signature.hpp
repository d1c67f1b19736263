// What a member makes of a call, in one word, and the messages of members that disagree: the shared engine's
// readers compare the word in each source's slot (progress.cpp), the conduit's engine exchanges it before
// the call (agreement.hpp). Bits:
//   0-7    the kind                          8, 9   IN_ALLSYNC, OUT_ALLSYNC
//   10     on the conduit's engine           11     blocking there (MPI's blocking collectives never match
//                                                   its non-blocking ones)
//   12     refused (an error code returned)  13     the v form (counts per rank)
//   16-39  root + 1 of the rooted kinds      40-47  the combining kinds' type, or a refusal's error code
//   48-61  the combining kinds' operation (op_number)
//   62     kInlineData (team.hpp): where the data is, not what the call is
#pragma once

#include <cstdint>
#include <string>

#include "coll2/operation.hpp"

namespace pgas::rt::coll2 {

inline constexpr std::uint64_t kOnEngine = 1u << 10, kBlockingOnEngine = 1u << 11;

std::uint64_t signature(const Description &call, bool in_all, bool out_all);
inline std::uint64_t engine_signature(const Description &call, bool blocking) {
  return signature(call, false, false) | kOnEngine | (blocking ? kBlockingOnEngine : 0);
}
// A call of `kind` refused with `error` after its team was found: it takes the team's next call number,
// so that the members that were not refused see why this one will not join them.
std::uint64_t refusal_signature(Kind kind, bool variable, upccoll_return_t error);

// Whether two members' signatures of one call name the same call (members refused alike agree, whatever
// their error codes: nobody waits for them).
bool signatures_agree(std::uint64_t mine, std::uint64_t theirs);
bool refused(std::uint64_t signature);

// "upccoll_allreduce (UPC_ADD on UPC_INT), non-blocking on the conduit's engine"; "upccoll_bcast, refused
// with UPCCOLL_ERROR_ROOT".
std::string describe_signature(std::uint64_t signature);

// Stops the job: this thread is in call `s` as `mine` says, and `member` `theirs` ("in upccoll_bcast").
[[noreturn]] void disagree(const Team &team, std::uint64_t s, std::uint64_t mine, int member,
                           const std::string &theirs);
// Stops the job when `member`'s signature `theirs` of call `s` does not agree with `mine`.
void compare_signatures(const Team &team, std::uint64_t s, std::uint64_t mine, int member,
                        std::uint64_t theirs);
// Stops the job: in `name`, call `s`, `receiver` expects `expected` bytes from `source`, which sends `sent`.
[[noreturn]] void size_mismatch(const Team &team, const char *name, std::uint64_t s, int receiver, int source,
                                std::uint64_t expected, std::uint64_t sent);

}  // namespace pgas::rt::coll2
