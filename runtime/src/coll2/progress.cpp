// Advancing a call without blocking: a step is taken only when what it needs is there (the members'
// initiations, their staged data), so a completion waits only for other threads' initiations (the proposal's
// section 2.5).
#include <atomic>
#include <cstdint>
#include <string>

#include "coll/backoff.hpp"
#include "coll2/direct.hpp"
#include "coll2/engine.hpp"
#include "coll2/operation.hpp"
#include "coll2/roles.hpp"
#include "coll2/signature.hpp"
#include "coll2/slots.hpp"
#include "coll2/split.hpp"
#include "coll2/stop.hpp"
#include "coll2/transfer.hpp"
#include "collective.hpp"
#include "collective_report.hpp"
#include "conduit/active.hpp"
#include "pgas/sync_events.h"
#include "runtime.hpp"
#include "wait.hpp"

namespace pgas::rt::coll2 {

namespace {

// Stops the job when `member`, which has not initiated call `s` (`name`), never will: it finished main, it
// is in upccoll_finalize, or it waits in a collective operation of every thread, which this thread has not
// entered (a barrier or a UPC 1.2 collective: that cycle deadlocks).
void check_will_initiate(const Team &team, int member, std::uint64_t s, const char *name) {
  const int thread = team.thread_of(member), me = team.thread_of(team.rank);
  const auto call = static_cast<unsigned long long>(s);
  const PhaseSignature phase = conduit().last_phase(thread);
  // The member may have initiated the call, then finished main or entered the phase, since the caller
  // looked: look again after reading the phase.
  std::atomic_thread_fence(std::memory_order_seq_cst);
  if (look_up(team, member, s).started >= s) return;
  if (phase.exiting != 0)
    stop_job(
        "thread %d finished main (returned or called exit) while thread %d waits in %s, call #%llu "
        "of a team of %d, which thread %d never initiated",
        thread, me, name, call, team.size(), thread);
  if (const std::uint64_t made = team.load(member, team.finalized_at()); made != 0 && made <= s)
    stop_job(
        "thread %d called upccoll_finalize after %llu calls of a team of %d while thread %d waits in %s, "
        "call #%llu of that team, which thread %d never initiated",
        thread, static_cast<unsigned long long>(made - 1), team.size(), me, name, call, thread);
  if (waits_for_this_thread(phase))
    stop_job(
        "thread %d waits in %s, which needs thread %d, while thread %d waits in %s, call #%llu of a team of "
        "%d, which thread %d has not initiated",
        thread, describe_phase(phase).c_str(), me, me, name, call, team.size(), thread);
}

}  // namespace

const SlotAt *slot_of(const Operation &op, int member, std::uint64_t *seen) {
  SlotAt &at = op.found[static_cast<std::size_t>(member)];
  if (at.ack_stride != 0) {
    if (seen != nullptr) *seen = op.sequence;
    return &at;
  }
  const Seen look = look_up(*op.team, member, op.sequence);
  if (seen != nullptr) *seen = look.started;
  if (look.started != op.sequence) return nullptr;
  at = look.at;
  return &at;
}

std::uint64_t read_word(const Operation &op, int member, SlotWord word) {
  std::uint64_t seen = 0;
  const SlotAt *at = slot_of(op, member, &seen);
  if (at == nullptr) return seen < op.sequence ? 0 : ~std::uint64_t{0};
  return op.team->load(member, at->word(word));
}

namespace {

// Whether `member` initiated the call; the first time, its signature is compared with this thread's.
bool started(Operation &op, int member) {
  const Team &team = *op.team;
  const std::uint64_t s = op.sequence;
  std::uint64_t seen = 0;
  const SlotAt *at = slot_of(op, member, &seen);
  if (seen < s) return false;
  char &checked = op.checked[static_cast<std::size_t>(member)];
  if (!checked && at != nullptr)
    compare_signatures(team, s, signature(op.call, op.in_all, op.out_all), member,
                       team.load(member, at->word(kSignature)));
  checked = 1;
  return true;
}

bool all_started(Operation &op) {
  for (int t = 0; t < op.team->size(); ++t)
    if (!started(op, t)) return false;
  return true;
}

// Takes word `word` of `member`'s slot from below 2s+1 to 2s+1 (this thread does the step); false also when
// the member's slot is not found (not initiated, or the call is complete there and the step done).
bool claim(const Operation &op, int member, SlotWord word) {
  const Team &team = *op.team;
  const SlotAt *slot = slot_of(op, member);
  if (slot == nullptr) return false;
  const std::uint64_t at = slot->word(word), mine = 2 * op.sequence + 1;
  const std::uint64_t seen = team.load(member, at);
  return seen < mine && team.swap(member, at, seen, mine);
}

void release(const Operation &op, int member, SlotWord word) {
  op.team->raise(member, slot_of(op, member)->word(word), 2 * op.sequence + 2);
}

// `member`'s send data is staged (by itself at initiation with MYSYNC; else by the first thread to try).
bool staged(Operation &op, int member) {
  const Team &team = *op.team;
  if (read_word(op, member, kStaged) >= op.sequence) return true;
  if (!op.in_all || !all_started(op) || !claim(op, member, kStageClaim)) return false;
  stage_member(team, member, *slot_of(op, member), op.sequence);
  release(op, member, kStageClaim);
  return true;
}

// `receiver`'s recvbuf is final (filled by itself, or with OUT_ALLSYNC by the first thread to try).
bool filled(Operation &op, int receiver) {
  const Team &team = *op.team;
  const Kind kind = op.call.kind;
  if (!receives(kind, receiver, op.call.root)) return started(op, receiver);
  if (read_word(op, receiver, kFilled) >= op.sequence) return true;
  if (!started(op, receiver) || (op.in_all && !all_started(op))) return false;
  for (int t = 0; t < team.size(); ++t)
    if (reads_from(kind, receiver, t, op.call.root, team.size()) && (!started(op, t) || !staged(op, t)))
      return false;
  // With OUT_ALLSYNC, and in a large call (whose direct sources may fill their readers, direct.hpp), exactly
  // one thread fills each recvbuf.
  const bool claimed = op.out_all || op.large;
  if (claimed && !claim(op, receiver, kFillClaim)) return false;
  fill_member(op, receiver);
  if (claimed) release(op, receiver, kFillClaim);
  team.raise(receiver, slot_of(op, receiver)->word(kFilled), op.sequence);
  return true;
}

// The small path (small.hpp): a barrier waits for every member's initiation; a receiver for its sources',
// then fills its own recvbuf.
bool progress_small(Operation &op) {
  const Team &team = *op.team;
  const Kind kind = op.call.kind;
  if (kind == Kind::kBarrier) return all_started(op);
  if (!receives(kind, team.rank, op.call.root)) return true;
  for (int t = 0; t < team.size(); ++t)
    if (reads_from(kind, team.rank, t, op.call.root, team.size()) && !started(op, t)) return false;
  fill_own(op);
  return true;
}

// Whether a waiting thread may now do other members' parts of `op` (it has waited kTakeOverAfterNs).
bool late(Operation &op) {
  const std::uint64_t now = spin_clock_ns();
  if (op.waiting_since == 0) op.waiting_since = now;
  return now - op.waiting_since >= kTakeOverAfterNs;
}

// A direct source (direct.hpp): every reader of its sendbuf is filled. After kTakeOverAfterNs of waiting it
// fills, itself, the readers that initiated but have not begun, so that it waits only for initiations.
bool readers_filled(Operation &op) {
  const Team &team = *op.team;
  const Kind kind = op.call.kind;
  bool done = true;
  for (int r = 0; r < team.size(); ++r) {
    if (r == team.rank || !reads_from(kind, r, team.rank, op.call.root, team.size())) continue;
    // An alltoallv reader of nothing from this source does not read its sendbuf (and may be small).
    if (op.call.variable && op.call.send[static_cast<std::size_t>(r)].bytes == 0) continue;
    if (team.load(team.rank, op.mine->at.ack(r)) >= op.sequence) continue;
    // (A reader without a block is on the small path: its sizes disagree, and it stops the job itself.)
    if (!late(op) || read_word(op, r, kBlock) == 0 || !filled(op, r)) done = false;
  }
  return done;
}

// Does `work` for `member` as the thread holding its claim word `claim_word`, then raises its `done_word`;
// false (nothing done) when another thread holds or held the claim.
template <class Work>
bool claimed(const Operation &op, int member, SlotWord claim_word, SlotWord done_word, Work work) {
  if (!claim(op, member, claim_word)) return false;
  work();
  release(op, member, claim_word);
  op.team->raise(member, slot_of(op, member)->word(done_word), op.sequence);
  return true;
}

// Segment `j` of a split call (split.hpp) is combined; with `take`, this thread combines it if nobody has,
// once every member's send data is there.
bool segmented(Operation &op, int j, bool take) {
  const Team &team = *op.team;
  if (read_word(op, j, kSegmentDone) >= op.sequence) return true;
  if (!take) return false;
  for (int t = 0; t < team.size(); ++t)
    if (!started(op, t) || !staged(op, t)) return false;
  return claimed(op, j, kSegmentClaim, kSegmentDone, [&] { combine_segment(op, j); });
}

// `r`'s recvbuf of a split allreduce holds every segment; with `take`, this thread copies them if nobody has.
bool gathered(Operation &op, int r, bool take) {
  const Team &team = *op.team;
  if (read_word(op, r, kFilled) >= op.sequence) return true;
  if (!take) return false;
  for (int j = 0; j < team.size(); ++j)
    if (!segmented(op, j, false)) return false;
  return claimed(op, r, kFillClaim, kFilled, [&] { gather_segments(op, r); });
}

// A split call: this thread's segment, then its recvbuf, then the parts of members that are late: after a
// while, or at once when threads outnumber CPUs (a member whose part is left is then likely not running, and
// waiting for it costs a time slice; bench/RESULTS.md section 49). Complete once every segment is combined
// and every recvbuf filled; then nobody reads this thread's buffers or block again (its readers' done words
// say so).
bool progress_split(Operation &op) {
  const Team &team = *op.team;
  const int me = team.rank;
  // `step(op, member, take)` for every member: this thread's own part first, the others' once late.
  const auto all = [&](bool (*step)(Operation &, int, bool)) {
    bool done = step(op, me, true);
    for (int t = 0; t < team.size(); ++t)
      if (t != me && !step(op, t, false)) done = false;
    if (done || !(g_runtime.oversubscribed || late(op))) return done;
    done = true;
    for (int t = 0; t < team.size(); ++t)
      if (!step(op, t, true)) done = false;
    return done;
  };
  if (!all(segmented)) return false;
  if (op.call.kind == Kind::kAllreduce && !all(gathered)) return false;
  for (int r = 0; r < team.size(); ++r)
    team.word(me, op.mine->at.ack(r)).store(op.sequence, std::memory_order_release);
  return true;
}

bool finish(Operation &op) {
  op.complete = true;
  Team &team = *op.team;
  op.mine->held.incomplete = nullptr;
  release_blocks(team, false);
  return true;
}

}  // namespace

bool progress(Operation &op) {
  if (op.engine) return engine_progress(op);
  if (op.complete) return true;
  if (op.small) {
    if (!progress_small(op)) return false;
    op.complete = true;
    op.mine->held.incomplete = nullptr;
    release_blocks(*op.team, false);
    return true;
  }
  const int me = op.team->rank;
  if (op.in_all && !all_started(op)) return false;
  if (op.split) return progress_split(op) && finish(op);
  if (!op.my_staged && !(op.my_staged = staged(op, me))) return false;
  if (!op.my_filled && !(op.my_filled = filled(op, me))) return false;
  if (op.direct && !readers_filled(op)) return false;
  if (op.out_all)
    for (int r = 0; r < op.team->size(); ++r)
      if (!filled(op, r)) return false;
  return finish(op);
}

namespace {

// A member that has not initiated the call and never will (check_will_initiate) stops the job instead of a
// wait forever.
void check_members_will_initiate(Operation &op) {
  const Team &team = *op.team;
  for (int t = 0; t < team.size(); ++t)
    if (read_word(op, t, kStarted) < op.sequence)
      check_will_initiate(team, t, op.sequence, call_name(op.call));
}

}  // namespace

void check_readers(const Team &team, const Team::Slot &slot, bool initiations) {
  const std::uint64_t s = slot.held.sequence;
  const auto kind = static_cast<Kind>(slot.held.kind);
  const std::uint64_t mine = team.load(team.rank, slot.at.word(kSignature)) & ~kInlineData;
  for (int r = 0; r < team.size(); ++r) {
    if (r == team.rank || !reads_from(kind, r, team.rank, slot.held.root, team.size()) ||
        team.load(team.rank, slot.at.ack(r)) >= s)
      continue;
    const Seen seen = look_up(team, r, s);
    if (seen.started < s) {
      if (initiations) check_will_initiate(team, r, s, kind_name(kind));
    } else if (seen.started == s) {  // in another call, which reads nothing of this thread's
      compare_signatures(team, s, mine, r, team.load(r, seen.at.word(kSignature)));
    } else {  // its slot of call s is reused: it completed the call, without reading
      disagree(team, s, mine, r, "completed that call without reading its data");
    }
  }
}

void check_member(const Team &team, int member, std::uint64_t s, std::uint64_t mine, const char *name) {
  const Seen seen = look_up(team, member, s);
  if (seen.started < s)
    check_will_initiate(team, member, s, name);
  else if (seen.started == s)
    compare_signatures(team, s, mine, member, team.load(member, seen.at.word(kSignature)));
}

void complete(Operation &op) {
  // The wait, from the thread's first look at the call's completion to its end, as the user's function.
  pgas::sync_scope scope(PGAS_SYNC_team_collective, op.team->areas[0], call_name(op.call));
  if (op.engine) return complete_on_engine(op);
  // Spin, yield, then sleep (coll/backoff.hpp, as the UPC 1.2 collectives wait); now and then whether a
  // member finished main instead of initiating.
  RareChecks checks;
  for (coll::Backoff backoff; !progress(op); backoff.pause())
    if (checks.due(backoff)) check_members_will_initiate(op);
}

bool RareChecks::due(const coll::Backoff &backoff) {
  constexpr std::uint64_t kEveryNs = 10'000'000;
  if (!backoff.slow() || spin_clock_ns() < next) return false;
  next = spin_clock_ns() + kEveryNs;
  return true;
}

}  // namespace pgas::rt::coll2
