#include "coll2/split.hpp"

#include <algorithm>
#include <numeric>
#include <vector>

#include "coll2/block.hpp"
#include "coll2/combine.hpp"
#include "coll2/datatypes.hpp"
#include "coll2/direct.hpp"
#include "coll2/roles.hpp"
#include "coll2/stop.hpp"
#include "coll2/transfer.hpp"
#include "pgas/detail/api.hpp"

namespace pgas::rt::coll2 {
namespace {

using pgas::detail::gaddr;

struct Segment {
  std::uint64_t first, end;  // elements
};

Segment segment_of(const Operation &op, int j) {
  const std::uint64_t n = static_cast<std::uint64_t>(op.team->size()), count = op.call.count;
  const std::uint64_t unit = element_unit(type_size(op.call.dt)), units = count / unit;
  const auto first = [&](std::uint64_t k) { return k == n ? count : units * k / n * unit; };
  const auto u = static_cast<std::uint64_t>(j);
  return {first(u), first(u + 1)};
}

// Where member `member`'s recvbuf is (from its block).
gaddr recvbuf_of(const Operation &op, int member) {
  const std::vector<std::uint64_t> header = block_header(op, member);
  return {header[kRecvHandle], static_cast<int>(header[kRecvThread]), header[kRecvOffset]};
}

}  // namespace

bool split_call(const Team &team, const Description &call) {
  return (call.kind == Kind::kAllreduce || call.kind == Kind::kReduce || scanning(call.kind)) &&
         large_call(team, call);
}

void combine_segment(const Operation &op, int segment) {
  const Team &team = *op.team;
  const Kind kind = op.call.kind;
  // An exscan's last member sends nothing anyone reads; the others' prefixes go one rank up.
  const int sources = kind == Kind::kExscan ? team.size() - 1 : team.size();
  const std::uint64_t size = type_size(op.call.dt);
  const Segment s = segment_of(op, segment);
  const int target = kind == Kind::kAllreduce ? segment : op.call.root;
  std::vector<Located> from(static_cast<std::size_t>(sources));
  for (int k = 0; k < sources; ++k) {
    Located &piece = from[static_cast<std::size_t>(k)];
    piece = source_piece(op, k, target);
    if (piece.bytes != op.call.count * size)
      stop_job("%s, call #%llu of a team of %d: team rank %d sends %llu bytes, team rank %d %llu",
               call_name(op.call), static_cast<unsigned long long>(op.sequence), team.size(), k,
               static_cast<unsigned long long>(piece.bytes), team.rank,
               static_cast<unsigned long long>(op.call.count * size));
  }
  // Where element s.first of the result goes in member `member`'s recvbuf.
  const auto result_at = [&](int member) {
    const gaddr at = recvbuf_of(op, member);
    return gaddr{at.handle, at.thread, at.offset + s.first * size};
  };
  if (!scanning(kind))
    return combine_into(from, op.call.dt, op.call.op, s.first, s.end, result_at(target), nullptr);
  std::vector<gaddr> prefixes;
  for (int k = 0; k < sources; ++k) prefixes.push_back(result_at(kind == Kind::kExscan ? k + 1 : k));
  prefix_into(from, op.call.dt, op.call.op, s.first, s.end, prefixes);
}

void gather_segments(const Operation &op, int receiver) {
  const std::uint64_t size = type_size(op.call.dt);
  const gaddr to = recvbuf_of(op, receiver);
  for (int j = 0; j < op.team->size(); ++j) {
    const Segment s = segment_of(op, j);
    if (j == receiver || s.end == s.first) continue;
    const gaddr from = recvbuf_of(op, j);
    pgas::detail::memcpy_shared({to.handle, to.thread, to.offset + s.first * size},
                                {from.handle, from.thread, from.offset + s.first * size},
                                (s.end - s.first) * size);
  }
}

}  // namespace pgas::rt::coll2
