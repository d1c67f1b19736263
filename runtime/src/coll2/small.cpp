#include "coll2/small.hpp"

#include <cstdlib>
#include <cstring>

#include "coll2/arguments.hpp"
#include "coll2/direct.hpp"
#include "coll2/roles.hpp"
#include "errors.hpp"

namespace pgas::rt::coll2 {

std::uint64_t inline_limit() {
  static const std::uint64_t limit = [] {
    constexpr std::uint64_t most = kInlineWords * sizeof(std::uint64_t);
    const char *text = std::getenv("PGAS_COLL2_INLINE");
    if (text == nullptr || *text == '\0') return most;
    char *end = nullptr;
    const unsigned long long value = std::strtoull(text, &end, 10);
    if (*end != '\0' || text[0] == '-' || value > most)
      fatal("PGAS_COLL2_INLINE=%s is not a number of bytes in [0, %llu]", text,
            static_cast<unsigned long long>(most));
    return static_cast<std::uint64_t>(value);
  }();
  return limit;
}

bool small_path(const Team &team, const Description &call, bool in_all, bool out_all) {
  return team.shm && inline_limit() > 0 && !out_all && (!in_all || call.kind == Kind::kBarrier) &&
         !large_call(team, call);
}

bool fits_inline(const Description &call) {
  if (call.send.empty()) return false;
  std::uint64_t bytes = call.send.size() * sizeof(std::uint64_t);
  for (const Piece &p : call.send) bytes += p.bytes;  // each piece was checked not to overflow
  return bytes <= inline_limit();
}

void stage_inline(const Team &team, const Description &call, const SlotAt &at) {
  auto *words =
      reinterpret_cast<std::uint64_t *>(team.direct[static_cast<std::size_t>(team.rank)] + at.inline_words());
  auto *data = reinterpret_cast<std::byte *>(words + call.send.size());
  const auto *sendbuf = static_cast<const std::byte *>(
      pgas::detail::local_address(call.sendbuf.handle, call.sendbuf.offset, extent(call.send), "upccoll"));
  std::uint64_t end = 0;
  for (std::size_t i = 0; i < call.send.size(); ++i) {
    const Piece &p = call.send[i];
    if (p.bytes > 0) std::memcpy(data + end, sendbuf + p.offset, p.bytes);
    end += p.bytes;
    words[i] = end;
  }
}

Located inline_piece(const Team &team, Kind kind, int source, const SlotAt &at, int piece) {
  const auto *words = reinterpret_cast<const std::uint64_t *>(team.direct[static_cast<std::size_t>(source)] +
                                                              at.inline_words());
  const auto pieces = static_cast<std::uint64_t>(piece_count(kind, team.size()));
  const auto p = static_cast<std::size_t>(piece);
  const std::uint64_t start = p == 0 ? 0 : words[p - 1], end = words[p];
  const std::uint64_t data = at.inline_words() + pieces * sizeof(std::uint64_t) + start;
  // (A spill slot's data is addressed through its own handle, team.hpp.)
  const pgas_handle_t handle = at.spill != 0 ? at.spill : team.areas[static_cast<std::size_t>(source)];
  return {{handle, team.members[static_cast<std::size_t>(source)], at.spill != 0 ? data - at.slot : data},
          end - start};
}

}  // namespace pgas::rt::coll2
