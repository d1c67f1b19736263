// The meeting at upccoll_finalize (see finalize.hpp).
#include "coll2/finalize.hpp"

#include <atomic>

#include "coll/backoff.hpp"
#include "coll2/operation.hpp"
#include "coll2/slots.hpp"
#include "coll2/stop.hpp"
#include "coll2/teams.hpp"
#include "collective.hpp"
#include "collective_report.hpp"
#include "conduit/active.hpp"

namespace pgas::rt::coll2 {
namespace {

// Whether `member` arrived at upccoll_finalize; stops the job when it did after another number of calls, or
// initiated the call this thread would make next.
bool arrived(const Team &team, int member) {
  const std::uint64_t mine = team.next_sequence;
  const int me = team.thread_of(team.rank), thread = team.thread_of(member);
  if (const std::uint64_t made = team.load(member, team.finalized_at()); made != 0) {
    if (made != mine)
      stop_job(
          "threads %d and %d called upccoll_finalize after different numbers of calls of a team of %d (%llu "
          "and %llu): every member must make the same calls",
          me, thread, team.size(), static_cast<unsigned long long>(mine - 1),
          static_cast<unsigned long long>(made - 1));
    return true;
  }
  if (look_up(team, member, mine).started >= mine)
    stop_job(
        "thread %d initiated call #%llu of a team of %d, which thread %d, in upccoll_finalize after %llu "
        "calls, never will",
        thread, static_cast<unsigned long long>(mine), team.size(), me,
        static_cast<unsigned long long>(mine - 1));
  return false;
}

// Stops the job when `member`, which has not arrived, never will.
void check_will_arrive(const Team &team, int member) {
  const int me = team.thread_of(team.rank), thread = team.thread_of(member);
  const PhaseSignature phase = conduit().last_phase(thread);
  // The member may have arrived, then entered finalize's barrier, since the caller looked: look again.
  std::atomic_thread_fence(std::memory_order_seq_cst);
  if (team.load(member, team.finalized_at()) != 0) return;
  if (phase.exiting != 0)
    stop_job(
        "thread %d finished main (returned or called exit) without calling upccoll_finalize, while thread %d "
        "waits for it there",
        thread, me);
  if (waits_for_this_thread(phase))
    stop_job("thread %d waits in %s, which needs thread %d, while thread %d waits for it in upccoll_finalize",
             thread, describe_phase(phase).c_str(), me, me);
}

}  // namespace

void meet_at_finalize() {
  const std::vector<Team *> teams = live_teams();
  for (const Team *team : teams) team->store(team->rank, team->finalized_at(), team->next_sequence);
  for (const Team *team : teams)
    for (int m = 0; m < team->size(); ++m) {
      RareChecks checks;
      for (coll::Backoff backoff; !arrived(*team, m); backoff.pause())
        if (checks.due(backoff)) check_will_arrive(*team, m);
    }
}

}  // namespace pgas::rt::coll2
