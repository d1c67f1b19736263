// On the conduit's engine the members of a team compare each call before its collective runs: each sends
// every other member its signature of the call (signature.hpp) and the bytes it sends that member, in one
// round of point-to-point messages (CollectiveEngine::exchange), and checks what it receives against its own
// call. So calls that members make differently (kind, root, type, operation, ALLSYNC flags, blocking or not,
// sizes) stop the job naming both members instead of passing MPI silently or hanging in it, and the wait for
// a member that never comes (it finished main, called upccoll_finalize, waits in a barrier) is a wait of
// this library, which finds it (check_will_initiate), not one inside MPI.
//
// A member waits, before it issues a blocking call's MPI collective, only for the words of the members it
// receives data from (its sources: it needs their initiations anyway), so that a broadcast's root, say,
// runs ahead as in MPI; every other member's words are checked when they arrive (at the member's next look
// at any call of the team, at upccoll_finalize at the latest), which still finds every difference, and finds
// it before a later call of the team can be confused by it (MPI delivers a member's words before the data
// it sends after them). A non-blocking call issues its MPI collective at initiation beside its messages, so
// that the others' completions wait only for this initiation (the proposal's section 2.5), and completes
// once its sources' words agree too. upccoll_barrier waits for every member's words, and is that alone.
// A call refused on a member (an error code returned) takes its call number there and exchanges a refusal,
// waiting for nobody, so that the members waiting for it learn why it will not come; members refused alike
// agree.
#pragma once

#include <cstdint>
#include <deque>
#include <memory>
#include <vector>

#include "coll2/operation.hpp"

namespace pgas::rt::coll2 {

struct Agreement {
  std::uint64_t sequence = 0;
  std::uint64_t signature = 0;
  const char *name = nullptr;           // the user's function, for messages
  std::vector<std::uint64_t> out, in;   // per team rank: the signature, the bytes sent to / from it
  std::vector<std::uint64_t> expected;  // per team rank: the bytes this member receives from it
  std::vector<char> sources;  // per team rank: whether its words are waited for (else checked later)
  CollectiveEngine::Request first = 0, rest = 0;  // the sources' words; the other messages
  bool sources_agree = false;                     // the sources' words are in and checked
  Operation *waiter = nullptr;                    // a non-blocking call that completes once its sources agree
};

// A team's exchanges not yet all checked, in call order (Team::agreements).
struct AgreementQueue {
  std::deque<std::unique_ptr<Agreement>> entries;
};

// Posts the exchange of call `sequence` of `team` (`signature` as this member makes it) and queues it.
Agreement &agree(Team &team, std::uint64_t sequence, const Description &call, std::uint64_t signature);
// The same for a call refused here with `error`.
void agree_on_refusal(Team &team, std::uint64_t sequence, Kind kind, bool variable, upccoll_return_t error);

// Checks the words that are in (stopping the job on a difference), marks the non-blocking calls whose sources
// agree, and dequeues the exchanges that are done; true when the queue is empty.
bool advance_agreements(Team &team);
// Waits until the sources of `agreement` (queued on `team`) agree, finding members that never come.
void wait_for_agreement(Team &team, const Agreement &agreement);
// Waits until every queued exchange is complete (upccoll_finalize).
void settle_agreements(Team &team);
// The wait of a call on `team` found nothing for a while: stops the job when a member of an exchange not yet
// done never will make that call, or made another one (what it published in its slot).
void check_agreements(const Team &team);

}  // namespace pgas::rt::coll2
