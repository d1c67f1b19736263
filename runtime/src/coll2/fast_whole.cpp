// The fast lane's combining calls of small teams (fast_call.hpp): reduce, allreduce, scan and exscan of one
// piece each way with a built-in operation and at most FastCall::kFew sources, their slot words and
// acknowledgements addressed directly.
#include "coll2/fast_call.hpp"

namespace pgas::rt::coll2 {

void run_whole(Team &team, const FastCall &f) {
  const std::uint64_t s = team.next_sequence++;
  claim_slot(team, f, s);
  const std::uint64_t at = (s % kRing) * f.slot_bytes;
  auto *mine = reinterpret_cast<std::uint64_t *>(f.my_slots + at);
  mine[kSignature] = f.signature;  // plain stores, published by started
  if (f.sends) {
    mine[kInlineAt] = f.send_bytes;
    copy(reinterpret_cast<std::byte *>(mine + kInlineAt + 1), f.send_data, f.send_bytes);
  } else {
    mine[position(kStaged)] = s;
  }
  std::atomic_ref<std::uint64_t>(mine[kStarted]).store(s, std::memory_order_release);
  if (!f.receives) return;
  // While the sources come: whether the next call's slot is free, off the path from a source's flag to
  // this member's next flag.
  if (slot_free(team, f, s + 1)) f.free_next = s + 1;
  const std::size_t n = f.sources.size();
  const std::byte *from[FastCall::kFew];
  for (std::size_t k = 0; k < n; ++k) {
    auto *theirs =
        const_cast<std::uint64_t *>(reinterpret_cast<const std::uint64_t *>(f.source_slots[k] + at));
    if (!wait_started(f, std::atomic_ref<std::uint64_t>(theirs[kStarted]), s))
      return finish_in_general(team, f, s);  // waits, checks liveness and signatures
    // Another call (kind, root, flags) or another size: the general completion reports it.
    if (theirs[kSignature] != f.source_signature || theirs[kInlineAt] != f.recv_bytes)
      return finish_in_general(team, f, s);
    from[k] = reinterpret_cast<const std::byte *>(theirs + kInlineAt + 1);
  }
  // As fill: the last contribution is the first inout, then x_k op (x_k+1 op ... op x_last).
  copy(f.recv_data, from[n - 1], f.recv_bytes);
  for (std::size_t k = n - 1; k-- > 0;) f.combine(f.call.op, from[k], f.recv_data, f.call.count);
  const std::uint64_t done = s % kAcknowledgements;
  for (std::size_t k = 0; k < n; ++k)
    if (f.acks[k] != nullptr)
      std::atomic_ref<std::uint64_t>(f.acks[k][done]).store(s, std::memory_order_release);
}

}  // namespace pgas::rt::coll2
