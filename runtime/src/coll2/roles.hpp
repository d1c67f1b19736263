// Who does what in each kind of call: who receives, from which sources, which of a source's send pieces,
// and whether the received pieces are copied or combined.
#pragma once

#include "coll2/operation.hpp"

namespace pgas::rt::coll2 {

inline bool has_root(Kind kind) {
  return kind == Kind::kBcast || kind == Kind::kScatter || kind == Kind::kGather || kind == Kind::kReduce;
}

inline bool combining(Kind kind) {
  return kind == Kind::kReduce || kind == Kind::kAllreduce || kind == Kind::kReduceScatter ||
         kind == Kind::kScan || kind == Kind::kExscan;
}

inline bool scanning(Kind kind) { return kind == Kind::kScan || kind == Kind::kExscan; }

// Whether rank `receiver` receives data in the call.
inline bool receives(Kind kind, int receiver, int root) {
  switch (kind) {
    case Kind::kBarrier:
      return false;
    case Kind::kGather:
    case Kind::kReduce:
      return receiver == root;
    case Kind::kExscan:
      return receiver > 0;
    default:
      return true;
  }
}

// Whether rank `receiver` reads rank `source`'s data in the call.
inline bool reads_from(Kind kind, int receiver, int source, int root, int size) {
  (void)size;
  if (!receives(kind, receiver, root)) return false;
  switch (kind) {
    case Kind::kBcast:
    case Kind::kScatter:
      return source == root;
    case Kind::kScan:
      return source <= receiver;
    case Kind::kExscan:
      return source < receiver;
    default:
      return true;
  }
}

// Whether rank `member` sends data in the call.
inline bool sends(Kind kind, int member, int root, int size) {
  for (int r = 0; r < size; ++r)
    if (reads_from(kind, r, member, root, size)) return true;
  return false;
}

// Which of a source's send pieces goes to `receiver` (a source has one piece for all, or one per rank).
inline bool piece_per_rank(Kind kind) {
  return kind == Kind::kScatter || kind == Kind::kAlltoall || kind == Kind::kReduceScatter;
}
inline int piece_for(Kind kind, int receiver) { return piece_per_rank(kind) ? receiver : 0; }
// How many send pieces a sending member has.
inline int piece_count(Kind kind, int size) { return piece_per_rank(kind) ? size : 1; }

// The bytes member `me` sends to `receiver` in `call` (its piece for it; 0 when the receiver reads nothing of
// it), and the bytes it expects from `source` (its receive piece for it).
inline std::uint64_t bytes_sent(const Description &call, int me, int receiver, int size) {
  if (call.send.empty() || !reads_from(call.kind, receiver, me, call.root, size)) return 0;
  return call.send[call.send.size() == 1 ? 0 : static_cast<std::size_t>(receiver)].bytes;
}
inline std::uint64_t bytes_expected(const Description &call, int me, int source, int size) {
  if (call.recv.empty() || !reads_from(call.kind, me, source, call.root, size)) return 0;
  return call.recv[call.recv.size() == 1 ? 0 : static_cast<std::size_t>(source)].bytes;
}

}  // namespace pgas::rt::coll2
