// Initiating a call: the call block and slot this thread publishes, and freeing blocks once read.
#include "coll2/operation.hpp"

#include <algorithm>
#include <atomic>
#include <cstring>
#include <memory>

#include "coll/backoff.hpp"
#include "coll2/arguments.hpp"
#include "coll2/block.hpp"
#include "coll2/direct.hpp"
#include "coll2/roles.hpp"
#include "coll2/signature.hpp"
#include "coll2/slots.hpp"
#include "coll2/small.hpp"
#include "coll2/split.hpp"
#include "coll2/transfer.hpp"
#include "heap.hpp"
#include "pgas/detail/api.hpp"
#include "runtime.hpp"

namespace pgas::rt::coll2 {
namespace {

constexpr std::size_t kMaxSpare = 8;
constexpr std::uint64_t kSmallestBlock = 512;

// A block of at least `bytes` of this thread: a spare one, or a new one.
Team::Spare take_block(Team &team, std::uint64_t bytes) {
  for (auto it = team.spare.begin(); it != team.spare.end(); ++it)
    if (it->capacity >= bytes) {
      const Team::Spare found = *it;
      team.spare.erase(it);
      return found;
    }
  const std::uint64_t capacity = std::max(bytes, kSmallestBlock);
  return {allocate_local(1, capacity, "upccoll call block"), capacity};
}

// The bytes of `call`'s block: header, tables and staged send data unless `direct` (kOverflow when they
// overflow).
std::uint64_t block_bytes(const Description &call, bool direct) {
  std::uint64_t bytes = data_at(call.send.size(), call.recv.size());
  if (!direct)
    for (const Piece &p : call.send) bytes = plus(bytes, p.bytes);
  return bytes;
}

// Writes the header and tables of `call`'s block in a block of this thread (the data is staged later).
Team::Spare write_block(Team &team, const Description &call, bool direct) {
  std::vector<std::uint64_t> words(kHeaderWords);
  words[kSendCount] = call.send.size();
  words[kRecvCount] = call.recv.size();
  words[kRecvHandle] = call.recvbuf.handle;
  words[kRecvThread] = static_cast<std::uint64_t>(call.recvbuf.thread);
  words[kRecvOffset] = call.recvbuf.offset;
  words[kSendHandle] = call.sendbuf.handle;
  words[kSendThread] = static_cast<std::uint64_t>(call.sendbuf.thread);
  words[kSendOffset] = call.sendbuf.offset;
  words[kType] = static_cast<std::uint64_t>(call.dt);
  words[kOp] = static_cast<std::uint64_t>(call.op);
  words[kElements] = call.count;
  words[kDirect] = direct ? 1 : 0;
  std::uint64_t staged_at = data_at(call.send.size(), call.recv.size());
  for (const Piece &p : call.send) {
    words.insert(words.end(), {p.offset, staged_at, p.bytes});
    if (!direct) staged_at += p.bytes;
  }
  for (const Piece &p : call.recv) words.insert(words.end(), {p.offset, p.bytes});
  const std::uint64_t header_bytes = words.size() * sizeof(std::uint64_t);
  const Team::Spare block = take_block(team, staged_at);
  std::memcpy(pgas::detail::local_address(block.block, 0, header_bytes, "upccoll"), words.data(),
              header_bytes);
  return block;
}

bool all_in(const Description &call) {
  return (call.flags & UPC_IN_ALLSYNC) != 0 || call.kind == Kind::kBarrier;
}
bool all_out(const Description &call) { return (call.flags & UPC_OUT_ALLSYNC) != 0; }

// Whether this thread's part of `call` needs a call block: on the small path only a sender whose data does
// not fit inline does.
bool needs_block(bool small, bool inline_data, const Description &call) {
  return small ? !inline_data && !call.send.empty() : !call.send.empty() || !call.recv.empty();
}

// Finished operations kept for later calls (one allocation less per call); owned, so that none is left
// unfreed at exit.
std::vector<std::unique_ptr<Operation>> g_spare_operations;

}  // namespace

void free_operation(Operation *op) {
  if (g_spare_operations.size() < 16)
    g_spare_operations.emplace_back(op);
  else
    delete op;
}

bool block_available(Team &team, const Description &call) {
  const bool small = small_path(team, call, all_in(call), all_out(call));
  if (!needs_block(small, small && fits_inline(call), call)) return true;
  release_blocks(team, false);
  const std::uint64_t bytes = block_bytes(call, reads_in_place(team, call));
  if (bytes == kOverflow) return false;
  for (const Team::Spare &spare : team.spare)
    if (spare.capacity >= bytes) return true;
  return local_heap_fits(std::max(bytes, kSmallestBlock));
}

namespace {

Operation *spare_or_new() {
  if (g_spare_operations.empty()) return new Operation;
  Operation *op = g_spare_operations.back().release();
  g_spare_operations.pop_back();
  return op;
}

}  // namespace

Operation *new_operation(Team &team, std::uint64_t sequence, const Description &call, bool in_all,
                         bool out_all) {
  Operation *op = spare_or_new();
  op->team = &team;
  op->sequence = sequence;
  op->call = call;  // a reused operation keeps its vectors' capacity
  op->in_all = in_all;
  op->out_all = out_all;
  op->fenced = (call.flags & UPC_ASYNC_FENCE) != 0;
  op->small = op->my_staged = op->my_filled = op->complete = false;
  op->large = op->direct = op->split = false;
  op->waiting_since = 0;
  op->checked.assign(static_cast<std::size_t>(team.size()), 0);
  op->mine = nullptr;
  op->found.assign(static_cast<std::size_t>(team.size()), SlotAt{});
  op->engine = op->agreed = false;
  op->request = 0;
  op->send_copy.clear();
  return op;
}

// The two words are written by this thread alone: plain stores to its own memory, also on a network conduit
// (where Team::store would be a one-sided atomic to itself, in every call on the conduit's engine).
void publish_signature(Team &team, std::uint64_t s, std::uint64_t signature) {
  Team::Slot &slot = take_slot(team, s);
  slot.held = {.sequence = s};
  const auto word = [&](std::uint64_t slot_word) {
    const std::uint64_t at = team.area_at[static_cast<std::size_t>(team.rank)] + slot.at.word(slot_word);
    return std::atomic_ref<std::uint64_t>(
        *reinterpret_cast<std::uint64_t *>(segment_address(g_runtime.mythread, at)));
  };
  word(kSignature).store(signature, std::memory_order_relaxed);
  word(kStarted).store(s, std::memory_order_release);
}

Operation *initiate(Team &team, const Description &call) {
  const std::uint64_t s = team.next_sequence++;
  Team::Slot &slot = take_slot(team, s);
  const SlotAt &at = slot.at;
  const bool in_all = all_in(call), out_all = all_out(call);
  Operation *op = new_operation(team, s, call, in_all, out_all);
  op->mine = &slot;
  op->found[static_cast<std::size_t>(team.rank)] = at;
  const Description &c = op->call;
  op->large = large_call(team, c);
  op->direct = reads_in_place(team, c);
  op->split = split_call(team, c);
  op->small = small_path(team, c, in_all, out_all);
  const bool inline_data = op->small && fits_inline(c);
  const Team::Spare block =
      needs_block(op->small, inline_data, c) ? write_block(team, c, op->direct) : Team::Spare{0, 0};
  slot.held = {.sequence = s,
               .block = block.block,
               .capacity = block.capacity,
               .kind = static_cast<std::uint8_t>(c.kind),
               .root = c.root,
               .incomplete = op,
               .inline_data = inline_data};
  if (block.block != 0) ++team.held_blocks;
  const std::uint64_t signed_as = signature(c, op->in_all, op->out_all) | (inline_data ? kInlineData : 0);
  if (op->small) {
    // Plain stores to this thread's own slot; the started flag's release store publishes them.
    team.word(team.rank, at.word(kSignature)).store(signed_as, std::memory_order_relaxed);
    if (inline_data) stage_inline(team, c, at);
    if (block.block != 0) {
      team.word(team.rank, at.word(kBlock)).store(block.block, std::memory_order_relaxed);
      stage_member(team, team.rank, at, s);
    } else {
      team.word(team.rank, at.word(kStaged)).store(s, std::memory_order_relaxed);
    }
    op->my_staged = true;
    // A barrier orders every access before it (a sequentially consistent store); data calls only publish.
    // (Constant orders: a computed one compiles to a sequentially consistent store.)
    if (c.kind == Kind::kBarrier)
      team.word(team.rank, at.word(kStarted)).store(s, std::memory_order_seq_cst);
    else
      team.word(team.rank, at.word(kStarted)).store(s, std::memory_order_release);
    release_blocks(team, false);
    return op;
  }
  team.store(team.rank, at.word(kSignature), signed_as);
  team.store(team.rank, at.word(kBlock), block.block);
  if (!in_all) {  // MYSYNC: the send buffer is copied now and is the user's again on return
    stage_member(team, team.rank, at, s);
    op->my_staged = true;
  }
  team.raise(team.rank, at.word(kStarted), s);  // last: what a peer that sees it reads is there
  release_blocks(team, false);
  return op;
}

void release_blocks(Team &team, bool all) {
  if (team.held_blocks == 0 && !all) return;
  for (Team::Slot &slot : team.slots) {
    Team::Held &held = slot.held;
    if (all) held.inline_data = false;  // every member completed its calls: nobody reads the slots
    if (held.block == 0 || held.incomplete != nullptr || (!all && !readers_done(team, slot))) continue;
    if (!all && team.spare.size() < kMaxSpare)
      team.spare.push_back({held.block, held.capacity});
    else
      remote_free(held.block);
    held.block = 0;
    --team.held_blocks;
  }
  if (all) {
    for (const Team::Spare &spare : team.spare) remote_free(spare.block);
    team.spare.clear();
  }
}

}  // namespace pgas::rt::coll2
