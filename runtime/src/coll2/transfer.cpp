#include "coll2/transfer.hpp"

#include <cstring>
#include <vector>

#include "coll2/arguments.hpp"
#include "coll2/block.hpp"
#include "coll2/combine.hpp"
#include "coll2/datatypes.hpp"
#include "coll2/roles.hpp"
#include "coll2/signature.hpp"
#include "coll2/small.hpp"
#include "coll2/stop.hpp"
#include "conduit/active.hpp"
#include "handles.hpp"
#include "pgas/detail/api.hpp"

namespace pgas::rt::coll2 {
namespace {

using pgas::detail::gaddr;

struct BlockAt {
  pgas_handle_t handle;
  int thread;
};

BlockAt block_of(const Team &team, int member, const SlotAt &at) {
  return {team.load(member, at.word(kBlock)), team.members[static_cast<std::size_t>(member)]};
}

// A block's header and tables are the call's bookkeeping, not the program's data: read outside the transport
// seam, so that a trace shows exactly the bytes the call moves.
std::vector<std::uint64_t> read_words(const BlockAt &block, std::uint64_t offset, std::uint64_t count) {
  std::vector<std::uint64_t> words(count);
  const std::size_t bytes = count * sizeof(std::uint64_t);
  if (count == 0) return words;
  const std::uint64_t at = resolve_offset(block.handle, block.thread, offset, bytes, "upccoll");
  with_conduit([&](auto &c) { c.get(block.thread, at, words.data(), bytes); });
  return words;
}

// Where the receiver's data from one source goes.
struct Destination {
  gaddr at;
  std::uint64_t bytes;
};

}  // namespace

void stage_member(const Team &team, int member, const SlotAt &at, std::uint64_t sequence) {
  const BlockAt block = block_of(team, member, at);
  if (block.handle != 0) {
    const std::vector<std::uint64_t> header = read_words(block, 0, kHeaderWords);
    const std::vector<std::uint64_t> entries =
        read_words(block, send_entry_at(0), kSendEntryWords * header[kSendCount]);
    const gaddr sendbuf{header[kSendHandle], static_cast<int>(header[kSendThread]), header[kSendOffset]};
    for (std::size_t i = 0; i < entries.size() && header[kDirect] == 0; i += kSendEntryWords)
      if (entries[i + 2] > 0)
        pgas::detail::memcpy_shared(gaddr{block.handle, block.thread, entries[i + 1]},
                                    gaddr{sendbuf.handle, sendbuf.thread, sendbuf.offset + entries[i]},
                                    entries[i + 2]);
  }
  team.raise(member, at.word(kStaged), sequence);
}

namespace {

// Where `source`'s piece for `receiver` is: in its slot's inline words or in its block.
Located locate(const Operation &op, int source, int receiver) {
  const Team &team = *op.team;
  const int piece = piece_for(op.call.kind, receiver);
  const SlotAt &at = *slot_of(op, source);
  if ((team.load(source, at.word(kSignature)) & kInlineData) != 0)
    return inline_piece(team, op.call.kind, source, at, piece);
  const BlockAt from = block_of(team, source, at);
  const std::vector<std::uint64_t> entry =
      read_words(from, send_entry_at(static_cast<std::uint64_t>(piece)), kSendEntryWords);
  if (op.large) {  // a direct source's piece is read where it is, in its sendbuf (direct.hpp)
    const std::vector<std::uint64_t> header = read_words(from, 0, kHeaderWords);
    if (header[kDirect] != 0)
      return {{header[kSendHandle], static_cast<int>(header[kSendThread]), header[kSendOffset] + entry[0]},
              entry[2]};
  }
  return {{from.handle, from.thread, entry[1]}, entry[2]};
}

// What a receiver's recvbuf takes: where each source's data goes (one entry for all, or one per source)
// and, for the combining kinds, how to combine.
struct Receiving {
  gaddr recvbuf;
  const std::uint64_t *table;  // offset in recvbuf, bytes
  std::uint64_t entries;
  upccoll_dtype_t dt;
  upccoll_op_t operation;
  std::uint64_t elements;
  std::byte *local = nullptr;  // the recvbuf in this process when it is this thread's (the small path)
};

// Fills `receiver`'s recvbuf from its sources (all staged); returns the sources.
void fill(const Operation &op, int receiver, const Receiving &r, std::vector<int> &sources) {
  const Team &team = *op.team;
  const Kind kind = op.call.kind;
  auto destination = [&](int source) {
    const std::size_t entry = r.entries == 1 ? 0 : static_cast<std::size_t>(source) * kRecvEntryWords;
    return Destination{{r.recvbuf.handle, r.recvbuf.thread, r.recvbuf.offset + r.table[entry]},
                       r.table[entry + 1]};
  };
  for (int t = 0; t < team.size(); ++t)
    if (reads_from(kind, receiver, t, op.call.root, team.size())) sources.push_back(t);
  static std::vector<Located> contributions;
  contributions.clear();
  for (std::size_t k = 0; k < sources.size(); ++k) {
    const Located from = locate(op, sources[k], receiver);
    const Destination to = destination(sources[k]);
    if (from.bytes != to.bytes)
      size_mismatch(team, call_name(op.call), op.sequence, receiver, sources[k], to.bytes, from.bytes);
    if (!combining(kind)) {
      if (to.bytes > 0 && r.local != nullptr)
        pgas::detail::memget(r.local + (to.at.offset - r.recvbuf.offset), from.at, to.bytes);
      else if (to.bytes > 0)
        pgas::detail::memcpy_shared(to.at, from.at, to.bytes);
      continue;
    }
    contributions.push_back(from);
  }
  if (combining(kind) && !sources.empty()) {
    const Destination to = destination(0);
    combine_into(contributions, r.dt, r.operation, 0, r.elements, to.at,
                 r.local != nullptr ? r.local + (to.at.offset - r.recvbuf.offset) : nullptr);
  }
}

}  // namespace

std::vector<std::uint64_t> block_header(const Operation &op, int member) {
  return read_words(block_of(*op.team, member, *slot_of(op, member)), 0, kHeaderWords);
}

Located source_piece(const Operation &op, int source, int receiver) { return locate(op, source, receiver); }

void fill_member(const Operation &op, int receiver) {
  const Team &team = *op.team;
  const std::uint64_t s = op.sequence;
  const BlockAt mine = block_of(team, receiver, *slot_of(op, receiver));
  const std::vector<std::uint64_t> header = read_words(mine, 0, kHeaderWords);
  const std::uint64_t recv_count = header[kRecvCount];
  const std::vector<std::uint64_t> table =
      read_words(mine, recv_entry_at(header[kSendCount], 0), kRecvEntryWords * recv_count);
  const Receiving r{{header[kRecvHandle], static_cast<int>(header[kRecvThread]), header[kRecvOffset]},
                    table.data(),
                    recv_count,
                    static_cast<upccoll_dtype_t>(header[kType]),
                    static_cast<upccoll_op_t>(header[kOp]),
                    header[kElements]};
  std::vector<int> sources;
  fill(op, receiver, r, sources);
  for (int t : sources) team.raise(t, slot_of(op, t)->ack(receiver), s);
}

void fill_own(const Operation &op) {
  const Team &team = *op.team;
  const Description &c = op.call;
  static std::vector<std::uint64_t> table;
  table.clear();
  for (const Piece &p : c.recv) table.insert(table.end(), {p.offset, p.bytes});
  const Receiving r{{c.recvbuf.handle, c.recvbuf.thread, c.recvbuf.offset},
                    table.data(),
                    c.recv.size(),
                    c.dt,
                    c.op,
                    c.count,
                    c.recv.empty() ? nullptr
                                   : static_cast<std::byte *>(pgas::detail::local_address(
                                         c.recvbuf.handle, c.recvbuf.offset, extent(c.recv), "upccoll"))};
  static std::vector<int> sources;
  sources.clear();
  fill(op, team.rank, r, sources);
  // Only this thread reads its sources' data for it: a plain release store tells each source.
  for (int t : sources)
    team.word(t, slot_of(op, t)->ack(team.rank)).store(op.sequence, std::memory_order_release);
}

}  // namespace pgas::rt::coll2
