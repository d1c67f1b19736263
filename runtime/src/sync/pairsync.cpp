// pairsync(other), the fast default: each thread counts the meetings it began with every peer; a meeting
// writes the new count (and the meeting's tag) into the partner's arrival flag for this thread with a
// strict put, then waits until its own arrival flag for the partner shows the same count. Counts only
// grow, so flags are never reset and a partner that is already one meeting ahead is fine.
#include "pgas/pairsync.h"

#include <atomic>
#include <vector>

#include "conduit/active.hpp"
#include "errors.hpp"
#include "pgas/sync_events.h"
#include "runtime.hpp"
#include "sync/pairsync.hpp"
#include "sync/sync_flags.hpp"
#include "sync/sync_wait.hpp"

namespace pgas::rt {
namespace {

constexpr int kCountBits = 40;
constexpr std::uint64_t kCountMask = (std::uint64_t{1} << kCountBits) - 1;
constexpr std::uint32_t kTagMask = (1u << 24) - 1;

std::uint64_t count_of(std::uint64_t flag) { return flag & kCountMask; }
std::uint32_t tag_of(std::uint64_t flag) { return static_cast<std::uint32_t>(flag >> kCountBits); }

// Meetings this thread began with each peer. Never destroyed, so that an exit handler may still meet.
std::vector<std::uint64_t> &begun() {
  static std::vector<std::uint64_t> &counts =
      *new std::vector<std::uint64_t>(static_cast<std::size_t>(g_runtime.threads));
  return counts;
}

}  // namespace

std::uint32_t meeting_tag(MeetingKind kind, std::uint32_t members_hash) {
  return (static_cast<std::uint32_t>(kind) | members_hash << 3) & kTagMask;
}

std::string describe_meeting(std::uint32_t tag, int partner) {
  switch (static_cast<MeetingKind>(tag & 7)) {
    case MeetingKind::kPairsync:
      return "pairsync(" + std::to_string(partner) + ")";
    case MeetingKind::kLockHandshake:
      return "pairsync_lock_handshake(" + std::to_string(partner) + ")";
    case MeetingKind::kPairwiseBarrier:
      return "upc_all_pairwise_barrier";
    case MeetingKind::kPairwiseTreeBarrier:
      return "upc_all_pairwise_tree_barrier";
    case MeetingKind::kSubsetBarrier:
      return "upc_subset_barrier (subset #" + std::to_string(tag >> 3) + ")";
    case MeetingKind::kSubsetTreeBarrier:
      return "upc_subset_tree_barrier (subset #" + std::to_string(tag >> 3) + ")";
  }
  return "an unknown meeting";
}

void check_partner(int other, const char *operation) {
  Runtime &r = runtime(operation);
  if (other < 0 || other >= r.threads)
    fatal("%s(%d): thread %d out of range (THREADS is %d)", operation, other, other, r.threads);
  if (other == r.mythread)
    fatal("%s(%d): a thread cannot synchronize with itself (MYTHREAD is %d)", operation, other, other);
}

std::uint64_t next_meeting(int other) { return begun()[static_cast<std::size_t>(other)] + 1; }

std::uint64_t begin_meeting(int other, std::uint32_t tag) {
  const std::uint64_t count = ++begun()[static_cast<std::size_t>(other)];
  write_word(other, arrival_word(g_runtime.mythread), count | static_cast<std::uint64_t>(tag) << kCountBits);
  return count;
}

void end_meeting(int other, std::uint64_t count, std::uint32_t tag) {
  const int me = g_runtime.mythread;
  std::atomic<std::uint64_t> &arrived = own_word(arrival_word(other));
  {
    WaitWatch watch(other, count, tag);
    const auto done = [&] { return count_of(arrived.load(std::memory_order_acquire)) >= count; };
    wait_for_peer(done, [&] { watch.check(done); });
  }
  std::atomic_thread_fence(std::memory_order_seq_cst);  // the strict read at exit
  const std::uint64_t seen = arrived.load(std::memory_order_relaxed);
  if (count_of(seen) == count && tag_of(seen) != tag)
    report_meeting_error("pairwise meetings do not match: meeting #" + std::to_string(count) +
                         " of threads " + std::to_string(me) + " and " + std::to_string(other) + " is " +
                         describe_meeting(tag, other) + " on thread " + std::to_string(me) + " but " +
                         describe_meeting(tag_of(seen), me) + " on thread " + std::to_string(other));
}

void meet(int other, std::uint32_t tag) { end_meeting(other, begin_meeting(other, tag), tag); }

void report_meeting_error(const std::string &message) {
  if (!conduit().claim_report()) exit_quietly();
  fatal("%s", message.c_str());
}

}  // namespace pgas::rt

extern "C" void pairsync(int other) {
  using namespace pgas::rt;
  check_partner(other, "pairsync");
  pgas::sync_scope scope(PGAS_SYNC_pairsync, static_cast<std::uint64_t>(other));
  meet(other, meeting_tag(MeetingKind::kPairsync));
}
