#include "coll2/direct.hpp"

#include <algorithm>
#include <cstdlib>

#include "coll2/arguments.hpp"
#include "coll2/roles.hpp"
#include "errors.hpp"

namespace pgas::rt::coll2 {

std::uint64_t direct_limit() {
  static const std::uint64_t limit = [] {
    constexpr std::uint64_t kDefault = 32 * 1024;
    const char *text = std::getenv("PGAS_COLL2_DIRECT");
    if (text == nullptr || *text == '\0') return kDefault;
    char *end = nullptr;
    const unsigned long long value = std::strtoull(text, &end, 10);
    if (*end != '\0' || text[0] == '-')
      fatal("PGAS_COLL2_DIRECT=%s is not a number of bytes (0: never read send buffers in place)", text);
    return static_cast<std::uint64_t>(value);
  }();
  return limit;
}

namespace {

// The largest piece a member of a variable-count call sends or receives.
std::uint64_t largest_piece(const Description &call) {
  std::uint64_t most = 0;
  for (const Piece &p : call.send) most = std::max(most, p.bytes);
  for (const Piece &p : call.recv) most = std::max(most, p.bytes);
  return most;
}

// Whether every piece a member of a variable-count call sends is empty or large, and one is not empty.
bool sends_only_large(const Description &call) {
  bool some = false;
  for (const Piece &p : call.send) {
    if (p.bytes > 0 && p.bytes < direct_limit()) return false;
    some = some || p.bytes > 0;
  }
  return some;
}

}  // namespace

bool large_call(const Team &team, const Description &call) {
  if (!team.shm || direct_limit() == 0) return false;
  // An alltoallv's members' pieces differ, so each decides for itself: large when one of its pieces is (then
  // every member it exchanges a large piece with is large too, and claims its fill).
  if (call.variable) return call.kind == Kind::kAlltoall && largest_piece(call) >= direct_limit();
  const std::uint64_t piece = !call.send.empty()   ? call.send[0].bytes
                              : !call.recv.empty() ? call.recv[0].bytes
                                                   : 0;
  // A broadcast's source is read by every receiver and its call waits for all of them (a staged one returns
  // at once, and a loop of such calls pipelines): in place pays from 4x the limit. A large scan is split
  // (split.hpp), each source read once instead of once per higher rank (n (n + 1) / 2 reads staged): that
  // pays from half the limit in a team of up to 4, from 2 / n of it in a team of n > 4 (bench/RESULTS.md
  // sections 47 and 49).
  if (call.kind == Kind::kBcast) return piece / 4 >= direct_limit();
  if (scanning(call.kind)) return piece * std::max<std::uint64_t>(team.size(), 4) >= 2 * direct_limit();
  return piece >= direct_limit();
}

bool reads_in_place(const Team &team, const Description &call) {
  if (call.send.empty() || !large_call(team, call)) return false;
  // An alltoallv source is read in place only when each reader of its data is large, so that it may fill
  // them itself (progress.cpp): its readers of nothing need not be.
  if (call.variable && !sends_only_large(call)) return false;
  if (call.recv.empty() || call.sendbuf.handle != call.recvbuf.handle) return true;
  const std::uint64_t s = call.sendbuf.offset, r = call.recvbuf.offset;
  return !(s < r + extent(call.recv) && r < s + extent(call.send));
}

}  // namespace pgas::rt::coll2
