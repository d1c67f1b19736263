#include "coll/flags.hpp"

#include <cstddef>

#include "conduit/active.hpp"
#include "control.hpp"
#include "runtime.hpp"

namespace pgas::rt::coll {
namespace {

constexpr int kRing = 32;
constexpr std::uint64_t kRecordsAt = 1024;  // offsets in every data segment, inside kSegmentReserve
constexpr std::uint64_t kDoneAt = kRecordsAt + kRing * sizeof(Record);
constexpr std::uint64_t kAreaEnd = kDoneAt + sizeof(std::uint64_t) * kMaxThreads;
static_assert(kAreaEnd <= kSegmentReserve, "the collective flags must fit in the segment reserve");

std::uint64_t slot_at(std::uint64_t sequence) { return kRecordsAt + (sequence % kRing) * sizeof(Record); }

std::uint64_t load(int thread, std::uint64_t at) {
  std::uint64_t value = 0;
  with_conduit([&](auto &c) { c.get_strict(thread, at, &value, sizeof value); });
  return value;
}

void store(int thread, std::uint64_t at, std::uint64_t value) {
  with_conduit([&](auto &c) { c.put_strict(thread, at, &value, sizeof value); });
}

}  // namespace

void publish(const Record &record) {
  const int me = g_runtime.mythread;
  const std::uint64_t at = slot_at(record.sequence);
  // The slot's sequence is cleared first and set last, so a reader never takes another call's arguments
  // for this one's.
  store(me, at, 0);
  with_conduit([&](auto &c) {
    c.put_strict(me, at + sizeof(std::uint64_t), &record.kind, sizeof record - sizeof(std::uint64_t));
  });
  store(me, at, record.sequence);
}

bool entered(int peer, std::uint64_t sequence) {
  const std::uint64_t seen = load(peer, slot_at(sequence));
  return seen >= sequence && seen != 0;
}

bool record_of(int peer, std::uint64_t sequence, Record *out) {
  const std::uint64_t at = slot_at(sequence);
  with_conduit([&](auto &c) { c.get_strict(peer, at, out, sizeof *out); });
  return out->sequence == sequence && load(peer, at) == sequence;  // not rewritten meanwhile
}

void signal_done(int peer, std::uint64_t sequence) {
  store(peer, kDoneAt + sizeof(std::uint64_t) * static_cast<std::uint64_t>(g_runtime.mythread), sequence);
}

bool done_by(int peer, std::uint64_t sequence) {
  return load(g_runtime.mythread, kDoneAt + sizeof(std::uint64_t) * static_cast<std::uint64_t>(peer)) >=
         sequence;
}

}  // namespace pgas::rt::coll
