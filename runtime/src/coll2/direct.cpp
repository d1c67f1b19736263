#include "coll2/direct.hpp"

#include <cstdlib>

#include "coll2/arguments.hpp"
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

bool large_call(const Team &team, const Description &call) {
  if (!team.shm || call.variable || direct_limit() == 0) return false;
  const std::uint64_t piece = !call.send.empty()   ? call.send[0].bytes
                              : !call.recv.empty() ? call.recv[0].bytes
                                                   : 0;
  // A broadcast's or a scan's source is read by many receivers and its call waits for all of them (a staged
  // one returns at once, and a loop of such calls pipelines): in place pays from 4x the limit (RESULTS).
  const bool many_readers =
      call.kind == Kind::kBcast || call.kind == Kind::kScan || call.kind == Kind::kExscan;
  return (many_readers ? piece / 4 : piece) >= direct_limit();
}

bool reads_in_place(const Team &team, const Description &call) {
  if (call.send.empty() || !large_call(team, call)) return false;
  if (call.recv.empty() || call.sendbuf.handle != call.recvbuf.handle) return true;
  const std::uint64_t s = call.sendbuf.offset, r = call.recvbuf.offset;
  return !(s < r + extent(call.recv) && r < s + extent(call.send));
}

}  // namespace pgas::rt::coll2
