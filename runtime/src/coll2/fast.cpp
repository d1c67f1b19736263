// The fast lane (fast.hpp): remembering a call, the entry point, and calls of any shape (run).
#include "coll2/fast.hpp"

#include <atomic>
#include <cstdlib>
#include <cstring>
#include <memory>

#include "coll/backoff.hpp"
#include "coll2/arguments.hpp"
#include "coll2/datatypes.hpp"
#include "coll2/engine.hpp"
#include "coll2/fast_call.hpp"
#include "coll2/roles.hpp"
#include "coll2/signature.hpp"
#include "coll2/small.hpp"
#include "coll2/transfer.hpp"
#include "emulation.hpp"
#include "handles.hpp"
#include "pgas/sync_events.h"
#include "pgas/transport.h"
#include "wait.hpp"

namespace pgas::rt::coll2 {

// The rest of call `s` on the general path (small.hpp): this member's part is published.
void finish_in_general(Team &team, const FastCall &f, std::uint64_t s) {
  Operation *op = new_operation(team, s, f.call, false, false);
  op->small = op->my_staged = true;
  op->mine = &team.slots[s % kRing];
  op->found[static_cast<std::size_t>(team.rank)] = op->mine->at;
  op->mine->held.incomplete = op;
  complete(*op);
  free_operation(op);
}

namespace {
// Whether reader `r` told this member that it read its call of a ring ago (team.hpp).
bool read_by(const Team &team, const Team::Slot &slot, int r) {
  return team.word(team.rank, slot.at.ack(r)).load(std::memory_order_acquire) >= slot.held.sequence;
}
}  // namespace

// (Not this member itself: the call is complete here, as in operation.cpp.)
bool readers_done(const Team &team, const FastCall &f, const Team::Slot &slot) {
  const Team::Held &held = slot.held;
  const auto kind = static_cast<Kind>(held.kind);
  if (kind == f.call.kind && held.root == f.call.root) {  // the readers of this call, worked out once
    for (const int r : f.readers)
      if (!read_by(team, slot, r)) return false;
    return true;
  }
  for (int r = 0; r < team.size(); ++r)
    if (r != team.rank && reads_from(kind, r, team.rank, held.root, team.size()) && !read_by(team, slot, r))
      return false;
  return true;
}

// Waits for `started` to say call `s`: false when it does not within the spin and yield budget.
bool wait_started_slow(const FastCall &f, std::atomic_ref<std::uint64_t> started, std::uint64_t s) {
  // Plain polls first: a peer in a loop of calls is there within tens of nanoseconds, and the backoff's
  // first round reads the clock, which would delay seeing it.
  for (int poll = f.quick_polls; poll > 0 && started.load(std::memory_order_acquire) != s; --poll)
    cpu_relax();
  for (coll::Backoff backoff; started.load(std::memory_order_acquire) != s; backoff.pause())
    if (backoff.slow()) return false;
  return true;
}

// Whether this member's slot of call `s` is free: its call of a ring ago complete, without a block, and
// read by every reader.
bool slot_free(const Team &team, const FastCall &f, std::uint64_t s) {
  const Team::Slot &slot = team.slots[s % kRing];
  const Team::Held &held = slot.held;
  return held.incomplete == nullptr && held.block == 0 && (!held.inline_data || readers_done(team, f, slot));
}

namespace {

bool g_fast = false;
constexpr int kQuickPolls = 64;

bool same_buffer(const upccoll_shared_ptr_t &a, const upccoll_shared_ptr_t &b) {
  return a.handle == b.handle && a.thread == b.thread && a.offset == b.offset;
}

// Whether alltoallv's four arrays `arrays`, of `ranks` entries each (the team's size), hold what the
// remembered call's (FastCall::arrays) held.
bool same_arrays(const std::vector<std::size_t> &remembered, Counts arrays, std::size_t ranks) {
  for (std::size_t i = 0; i < 4; ++i)
    if (arrays[i] == nullptr ||
        std::memcmp(remembered.data() + i * ranks, arrays[i], ranks * sizeof(std::size_t)) != 0)
      return false;
  return true;
}

bool same(const Arguments &a, const Arguments &b) {
  return a.kind == b.kind && a.root == b.root && a.flags == b.flags && same_buffer(a.sendbuf, b.sendbuf) &&
         same_buffer(a.recvbuf, b.recvbuf) && a.sendcount == b.sendcount && a.recvcount == b.recvcount &&
         a.sendtype == b.sendtype && a.recvtype == b.recvtype && a.op == b.op;
}

// Word `word` (its position in a slot, team.hpp) of `member`'s slot at byte `slot` of its area.
std::uint64_t *slot_at(const Team &team, int member, std::uint64_t slot, std::uint64_t word) {
  return reinterpret_cast<std::uint64_t *>(team.direct[static_cast<std::size_t>(member)] + slot +
                                           word * sizeof(std::uint64_t));
}
std::atomic_ref<std::uint64_t> slot_word(const Team &team, int member, std::uint64_t slot,
                                         std::uint64_t word) {
  return std::atomic_ref<std::uint64_t>(*slot_at(team, member, slot, word));
}

// This member's send pieces into its slot's inline words (small.hpp), from the checked send address.
void stage(const Team &team, const FastCall &f, std::uint64_t slot) {
  auto *words = slot_at(team, team.rank, slot, kInlineAt);  // plain stores, published by started
  const Description &c = f.call;
  auto *data = reinterpret_cast<std::byte *>(words + c.send.size());
  if (f.one_send_piece) {
    copy(data, f.send_data, f.send_bytes);
    words[0] = f.send_bytes;
    return;
  }
  const auto *sendbuf = static_cast<const std::byte *>(c.send_local);
  std::uint64_t end = 0;
  for (std::size_t i = 0; i < c.send.size(); ++i) {
    const Piece &p = c.send[i];
    std::memcpy(data + end, sendbuf + p.offset, p.bytes);
    end += p.bytes;
    words[i] = end;
  }
}

// Source `t`'s data for this member, when its slot holds what this call expects (signature, inline, `bytes`).
const std::byte *source_data(const Team &team, const FastCall &f, int t, std::uint64_t slot,
                             std::uint64_t bytes) {
  if (slot_word(team, t, slot, kSignature).load(std::memory_order_relaxed) != f.source_signature)
    return nullptr;
  const std::uint64_t *ends = slot_at(team, t, slot, kInlineAt);
  const std::uint64_t start = f.piece == 0 ? 0 : ends[f.piece - 1];
  if (ends[f.piece] - start != bytes) return nullptr;
  return reinterpret_cast<const std::byte *>(ends + f.piece_words) + start;
}

// Fills this member's recvbuf from its sources' slots (all started), combining in rank order as fill does
// (transfer.cpp); false when a slot is not what the call expects.
bool fill(const Team &team, const FastCall &f, std::uint64_t slot) {
  const Description &c = f.call;
  auto *recvbuf = static_cast<std::byte *>(c.recv_local);
  if (!combining(c.kind)) {
    for (const int t : f.sources) {
      const Piece &to = c.recv.size() == 1 ? c.recv[0] : c.recv[static_cast<std::size_t>(t)];
      const std::byte *from = source_data(team, f, t, slot, to.bytes);
      if (from == nullptr) return false;
      copy(recvbuf + to.offset, from, to.bytes);
    }
    return true;
  }
  // The last contribution is the first inout, then x_k op (x_k+1 op ... op x_last). Every contribution is
  // read from a slot (this member's own too), so a recvbuf that overlaps the sendbuf is safe.
  constexpr std::size_t kFew = 8;
  const std::size_t n = f.sources.size();
  static std::vector<const std::byte *> many;  // a UPC thread is a process: kept between calls
  const std::byte *few[kFew];
  const std::byte **from = few;
  if (n > kFew) {
    many.resize(n);
    from = many.data();
  }
  for (std::size_t k = 0; k < n; ++k)
    if ((from[k] = source_data(team, f, f.sources[k], slot, f.recv_bytes)) == nullptr) return false;
  copy(f.recv_data, from[n - 1], f.recv_bytes);
  for (std::size_t k = n - 1; k-- > 0;) {
    if (f.combine != nullptr)
      f.combine(c.op, from[k], f.recv_data, c.count);
    else
      apply(c.op, c.dt, from[k], f.recv_data, c.count);
  }
  return true;
}

void run(Team &team, const FastCall &f) {
  const std::uint64_t s = team.next_sequence++;
  const std::uint64_t slot = f.first_slot + (s % kRing) * f.slot_bytes;
  claim_slot(team, f, s);
  slot_word(team, team.rank, slot, kSignature).store(f.signature, std::memory_order_relaxed);
  if (f.sends)
    stage(team, f, slot);
  else
    slot_word(team, team.rank, slot, position(kStaged)).store(s, std::memory_order_relaxed);
  slot_word(team, team.rank, slot, kStarted).store(s, std::memory_order_release);
  if (!f.receives) return;
  for (const int t : f.sources)
    if (!wait_started(f, slot_word(team, t, slot, kStarted), s))
      return finish_in_general(team, f, s);                        // waits, checks liveness and signatures
  if (!fill(team, f, slot)) return finish_in_general(team, f, s);  // reports the difference or reads blocks
  const std::uint64_t done = team.ring(s).ack(team.rank);
  // Not to itself (readers_done does not ask it).
  for (const int t : f.sources)
    if (t != team.rank) team.word(t, done).store(s, std::memory_order_release);
}

// The lookup's test of a remembered buffer (handles.hpp), from its descriptor; the lookup itself when it
// fails (it stops the job naming a freed buffer, or refreshes a stale copy of the table).
void still_live(const FastCall::Live &b) {
  if (b.handle == 0) return;
  if (b.desc->state.load(std::memory_order_acquire) != HandleState::kLive ||
      b.desc->generation.load(std::memory_order_relaxed) != b.generation) [[unlikely]]
    handle_lookup(b.handle, "upccoll");
}
FastCall::Live live(pgas_handle_t handle) {
  if (handle == 0) return {};
  return {handle, &handle_lookup(handle, "upccoll"), handle_generation(handle)};
}

}  // namespace

// Whether a public name of a seam is still its default (a profiler's strong definition replaces the weak
// alias). Compared through an opaque value: the compiler may take two declared functions for distinct.
bool is_default(const void *name, const void *implementation) {
  asm volatile("" : "+r"(name));
  return name == implementation;
}

void choose_fast_lane() {
  const char *text = std::getenv("PGAS_COLL2_FAST");
  const bool wanted = text == nullptr || std::strcmp(text, "0") != 0;
  const bool seam_untouched = is_default(reinterpret_cast<const void *>(&remote_memget),
                                         reinterpret_cast<const void *>(&_remote_memget)) &&
                              is_default(reinterpret_cast<const void *>(&remote_memput),
                                         reinterpret_cast<const void *>(&_remote_memput)) &&
                              is_default(reinterpret_cast<const void *>(&remote_coll_recv),
                                         reinterpret_cast<const void *>(&_remote_coll_recv)) &&
                              is_default(reinterpret_cast<const void *>(&pgas_sync_enter),
                                         reinterpret_cast<const void *>(&_pgas_sync_enter)) &&
                              is_default(reinterpret_cast<const void *>(&pgas_sync_exit),
                                         reinterpret_cast<const void *>(&_pgas_sync_exit));
  g_fast =
      wanted && seam_untouched && !g_emulation.enabled && chosen_engine() == nullptr && inline_limit() > 0;
}

bool fast_call(upccoll_team_t handle, const Arguments &args, Counts arrays) {
  if (!g_fast || !initialized()) return false;
  Team *team = team_of(handle);
  if (team == nullptr || team->fast == nullptr || !same(team->fast->args, args)) return false;
  const FastCall &f = *team->fast;
  // Alltoallv's arrays on either side (kind and counts alone do not tell it from a fixed alltoall).
  if ((arrays != nullptr || !f.arrays.empty()) &&
      (arrays == nullptr || f.arrays.empty() || !same_arrays(f.arrays, arrays, f.arrays.size() / 4)))
    return false;
  // Still live (a freed buffer stops the job in the lookup, as in the checks); a freed user operation is
  // refused by the checks.
  still_live(f.send_live);
  still_live(f.recv_live);
  if (f.user_op && !op_defined(f.call.op, f.call.dt)) return false;
  // A ring slot still in use: the general path publishes the call in a spill slot (team.hpp).
  if (!ring_slot_free(*team, f, team->next_sequence)) return false;
  if (f.whole)
    run_whole(*team, f);
  else
    run(*team, f);
  return true;
}

void remember(Team &team, const Arguments &args, const Description &call, Counts arrays) {
  const bool in_all = (call.flags & UPC_IN_ALLSYNC) != 0, out_all = (call.flags & UPC_OUT_ALLSYNC) != 0;
  // A variable-count call repeats only with its arrays (alltoallv's, which every member reads).
  const bool counted = arrays != nullptr;
  if (!g_fast || (call.flags & UPC_ASYNC_FENCE) != 0 || (call.variable && !counted) ||
      call.function != nullptr || call.kind == Kind::kBarrier || !small_path(team, call, in_all, out_all) ||
      (!call.send.empty() && !fits_inline(call))) {
    team.fast = nullptr;
    return;
  }
  if (team.fast == nullptr) team.fast = std::make_shared<FastCall>();
  FastCall &f = *team.fast;
  f.args = args;
  f.arrays.clear();
  for (std::size_t i = 0; i < 4 && counted; ++i)
    f.arrays.insert(f.arrays.end(), arrays[i], arrays[i] + team.size());
  f.call = call;
  f.sends = !call.send.empty();
  f.signature = signature(call, false, false) | (f.sends ? kInlineData : 0);
  f.source_signature = signature(call, false, false) | kInlineData;
  f.receives = receives(call.kind, team.rank, call.root);
  f.first_slot = team.slot_at(0);
  f.slot_bytes = team.slot_at(1) - team.slot_at(0);
  f.piece_words = static_cast<std::uint64_t>(piece_count(call.kind, team.size()));
  f.piece = piece_for(call.kind, team.rank);
  f.sources.clear();
  f.readers.clear();
  for (int t = 0; t < team.size(); ++t) {
    if (reads_from(call.kind, team.rank, t, call.root, team.size())) f.sources.push_back(t);
    if (t != team.rank && reads_from(call.kind, t, team.rank, call.root, team.size())) f.readers.push_back(t);
  }
  f.one_send_piece = call.send.size() == 1;
  f.send_bytes = f.one_send_piece ? call.send[0].bytes : 0;
  f.send_data =
      f.one_send_piece ? static_cast<const std::byte *>(call.send_local) + call.send[0].offset : nullptr;
  f.recv_bytes = call.recv.size() == 1 ? call.recv[0].bytes : 0;
  f.recv_data =
      call.recv.size() == 1 ? static_cast<std::byte *>(call.recv_local) + call.recv[0].offset : nullptr;
  f.combine = combining(call.kind) ? combiner(call.op, call.dt) : nullptr;
  f.user_op = combining(call.kind) && user_op(call.op);
  f.quick_polls = spin_budget_ns() > 0 ? kQuickPolls : 0;
  if (f.receives && f.sources.empty()) {  // not a call of this library's kinds
    team.fast = nullptr;
    return;
  }
  f.send_live = live(call.sendbuf.handle);
  f.recv_live = live(call.recvbuf.handle);
  f.whole = f.combine != nullptr && !f.user_op && f.piece_words == 1 && (!f.sends || f.one_send_piece) &&
            (!f.receives || call.recv.size() == 1) && f.sources.size() <= FastCall::kFew;
  f.my_slots = team.direct[static_cast<std::size_t>(team.rank)] + f.first_slot;
  for (std::size_t k = 0; f.whole && k < f.sources.size(); ++k) {
    const auto t = static_cast<std::size_t>(f.sources[k]);
    f.source_slots[k] = team.direct[t] + f.first_slot;
    f.acks[k] = f.sources[k] == team.rank
                    ? nullptr
                    : reinterpret_cast<std::uint64_t *>(team.direct[t] + team.ring(0).ack(team.rank));
  }
}

}  // namespace pgas::rt::coll2
