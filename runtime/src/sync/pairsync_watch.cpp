// Waits that can never end, noticed by a waiting thread after some tens of milliseconds: a cycle of threads
// each waiting for the next, a partner in another kind of meeting (the lock handshake), and on shm a
// partner that waits in a collective operation which needs this thread, or (on every conduit) that has
// finished main.
//
// A waiting thread publishes what it waits for (sync_flags.hpp: sequence, partner, count, tag) on its first
// check and withdraws it when the wait ends. A cycle is reported only when two reads of every member's
// published wait agree and no member's flag already satisfies it: members of a cycle are blocked, so none
// of them can write the flag another one waits for, and the state is stable.
#include <atomic>
#include <functional>
#include <string>
#include <vector>

#include "collective.hpp"
#include "conduit/active.hpp"
#include "runtime.hpp"
#include "sync/pairsync.hpp"
#include "sync/sync_flags.hpp"

namespace pgas::rt {
namespace {

struct PublishedWait {
  std::uint64_t sequence = 0, partner_plus_one = 0, count = 0, tag = 0;
  bool operator==(const PublishedWait &) const = default;
};

PublishedWait read_wait(int thread) {
  return {read_word(thread, wait_state_word(kWaitSequence)), read_word(thread, wait_state_word(kWaitPartner)),
          read_word(thread, wait_state_word(kWaitCount)), read_word(thread, wait_state_word(kWaitTag))};
}

std::uint64_t g_wait_sequence = 0;

std::string waits_in(int thread, const PublishedWait &w) {
  const int partner = static_cast<int>(w.partner_plus_one) - 1;
  return "thread " + std::to_string(thread) + " waits in " +
         describe_meeting(static_cast<std::uint32_t>(w.tag), partner) + " for thread " +
         std::to_string(partner);
}

// shm: the partner arrived at a collective this thread has not entered, which cannot complete without this
// thread. A barrier is left out: its upc_notify does not block, and the partner may still come. The partner
// may also have met this thread just before (its flag written before its arrival): done() looks again.
void check_partner_collective(int me, int partner, const PublishedWait &mine,
                              const std::function<bool()> &done) {
  if (g_runtime.network != nullptr) {  // network conduits: only a partner that finished main is seen
    if (conduit().finished_main(partner) && !done())
      report_meeting_error(waits_in(me, mine) + ", but thread " + std::to_string(partner) +
                           " finished main (returned or called exit) without meeting it");
    return;
  }
  const PhaseSignature signature = g_runtime.ctl->barrier.signatures[partner];
  std::atomic_thread_fence(std::memory_order_seq_cst);
  if (signature.sequence != g_all_threads.sequence + 1 || done()) return;
  const auto kind = static_cast<CollectiveKind>(signature.kind);
  if (signature.exiting != 0)
    report_meeting_error(waits_in(me, mine) + ", but thread " + std::to_string(partner) +
                         " finished main (returned or called exit) without meeting it");
  if (kind == CollectiveKind::kBarrier) return;
  report_meeting_error(waits_in(me, mine) + ", but thread " + std::to_string(partner) + " waits in " +
                       collective_kind_name(kind) + " (its collective operation #" +
                       std::to_string(signature.sequence) + "), which needs thread " + std::to_string(me));
}

// Follows the chain of published waits from this thread's partner; reports a cycle back to this thread
// once it is confirmed.
void check_cycle(int me, const PublishedWait &mine) {
  std::vector<int> members{me};
  std::vector<PublishedWait> waits{mine};
  int current = static_cast<int>(mine.partner_plus_one) - 1;
  for (int step = 0; step < g_runtime.threads; ++step) {
    const PublishedWait w = read_wait(current);
    if (w.partner_plus_one == 0) return;  // not waiting (or not waiting long)
    const int next = static_cast<int>(w.partner_plus_one) - 1;
    if (next == members.back()) {  // the two wait for each other: they meet, unless the kinds differ
      constexpr auto kLock = static_cast<std::uint64_t>(MeetingKind::kLockHandshake);
      if ((w.tag & 7) != (waits.back().tag & 7) && ((w.tag & 7) == kLock || (waits.back().tag & 7) == kLock))
        report_meeting_error(waits_in(members.back(), waits.back()) + ", but " + waits_in(current, w) +
                             " (the two kinds of pairsync do not meet each other)");
      return;
    }
    members.push_back(current);
    waits.push_back(w);
    if (next == me) break;
    for (int m : members)
      if (m == next) return;  // a cycle without this thread: its members report it
    current = next;
  }
  if (static_cast<int>(waits.back().partner_plus_one) - 1 != me) return;
  for (std::size_t k = 1; k < members.size(); ++k) {
    const int partner = static_cast<int>(waits[k].partner_plus_one) - 1;
    if ((read_word(members[k], arrival_word(partner)) & ((std::uint64_t{1} << 40) - 1)) >= waits[k].count)
      return;  // satisfied: that member is about to leave
  }
  for (std::size_t k = 1; k < members.size(); ++k)
    if (!(read_wait(members[k]) == waits[k])) return;
  std::string message = "pairwise synchronization deadlock: ";
  for (std::size_t k = 0; k < members.size(); ++k)
    message += (k ? ", " : "") + waits_in(members[k], waits[k]);
  report_meeting_error(message);
}

}  // namespace

void WaitWatch::publish() {
  if (published_) return;
  own_word(wait_state_word(kWaitSequence)).store(++g_wait_sequence, std::memory_order_relaxed);
  own_word(wait_state_word(kWaitCount)).store(count_, std::memory_order_relaxed);
  own_word(wait_state_word(kWaitTag)).store(tag_, std::memory_order_relaxed);
  own_word(wait_state_word(kWaitPartner)).store(static_cast<std::uint64_t>(partner_) + 1);
  conduit().fence();  // network conduits: peers' gets see the stores
  published_ = true;
}

WaitWatch::~WaitWatch() {
  if (!published_) return;
  own_word(wait_state_word(kWaitPartner)).store(0);
  conduit().fence();
}

void WaitWatch::check(const std::function<bool()> &done) {
  publish();
  const int me = g_runtime.mythread;
  const PublishedWait mine{g_wait_sequence, static_cast<std::uint64_t>(partner_) + 1, count_, tag_};
  check_partner_collective(me, partner_, mine, done);
  check_cycle(me, mine);
}

}  // namespace pgas::rt
