#include "coll/flags.hpp"

#include <time.h>

#include <atomic>
#include <climits>
#include <cstddef>
#include <cstring>

#include "asymmetric_fence.hpp"
#include "coll/backoff.hpp"
#include "coll/variant.hpp"
#include "conduit/active.hpp"
#include "control.hpp"
#include "runtime.hpp"
#include "wait.hpp"

namespace pgas::rt::coll {
namespace {

constexpr std::uint64_t kRecordsAt = 1024;  // offsets in every data segment, inside kSegmentReserve
constexpr std::uint64_t kDoneAt = kRecordsAt + kRing * sizeof(Record);
constexpr std::uint64_t kSleepersAt = kDoneAt + sizeof(std::uint64_t) * kMaxThreads;  // threads asleep on
                                                                                      // a flag of this area
constexpr std::uint64_t kArrivedAt = kSleepersAt + sizeof(std::uint64_t);  // the arrival vector: the low
                                                                           // 32 bits of each peer's call
constexpr std::uint64_t kPartialsAt = kArrivedAt + sizeof(std::uint32_t) * kMaxThreads;  // the partial ring
constexpr std::uint64_t kAreaEnd = kPartialsAt + kRing * sizeof(PartialSlot);
static_assert(kAreaEnd <= kSegmentReserve, "the collective flags must fit in the segment reserve");

std::uint64_t done_at(int from) { return kDoneAt + sizeof(std::uint64_t) * static_cast<std::uint64_t>(from); }

std::uint64_t arrived_at(int from) {
  return kArrivedAt + sizeof(std::uint32_t) * static_cast<std::uint64_t>(from);
}

std::uint64_t partial_at(std::uint64_t sequence) {
  return kPartialsAt + (sequence % kRing) * sizeof(PartialSlot);
}

std::uint64_t slot_at(std::uint64_t sequence) { return kRecordsAt + (sequence % kRing) * sizeof(Record); }

// On shm every segment is mapped here: flags are atomics with acquire and release order (a flag is
// message passing: the data written before it is seen by whoever sees it), and cost no fence. On a network
// conduit they are the conduit's strict accesses.
bool mapped() { return g_runtime.network == nullptr; }

template <class W = std::uint64_t>
std::atomic_ref<W> word(int thread, std::uint64_t at) {
  return std::atomic_ref<W>(*reinterpret_cast<W *>(segment_address(thread, at)));
}

template <class W = std::uint64_t>
W load(int thread, std::uint64_t at) {
  if (mapped()) return word<W>(thread, at).load(std::memory_order_acquire);
  W value = 0;
  with_conduit([&](auto &c) { c.get_strict(thread, at, &value, sizeof value); });
  return value;
}

// The low half of a flag word, where a futex sleeps (the flags only grow, so it changes with the word).
std::atomic<std::uint32_t> *futex_word(int thread, std::uint64_t at) {
  return reinterpret_cast<std::atomic<std::uint32_t> *>(segment_address(thread, at));
}

template <class W = std::uint64_t>
void store(int thread, std::uint64_t at, W value) {
  if (mapped()) {
    // Ordered before the load of the sleepers' count (a waiter counts itself, then looks at the flag):
    // either the waiter sees the new value or this store sees the waiter. With light writer fences the
    // sleeper's fence (asymmetric_fence.hpp) orders this thread's store and load; else a full fence does.
    if (light_writer_fences()) {
      word<W>(thread, at).store(value, std::memory_order_release);
      std::atomic_signal_fence(std::memory_order_seq_cst);
    } else {
      word<W>(thread, at).store(value, std::memory_order_seq_cst);
    }
    if (word(thread, kSleepersAt).load(std::memory_order_seq_cst) != 0)
      futex_wake(futex_word(thread, at), INT_MAX);
    return;
  }
  with_conduit([&](auto &c) { c.put_strict(thread, at, &value, sizeof value); });
}

// The record's fields after its sequence number, copied to or from `thread`'s slot at `at`.
void copy_body(int thread, std::uint64_t at, Record *record, bool write) {
  const std::size_t bytes = sizeof *record - sizeof(std::uint64_t);
  void *mine = reinterpret_cast<char *>(record) + sizeof(std::uint64_t);
  if (mapped()) {
    void *slot = segment_address(thread, at + sizeof(std::uint64_t));
    write ? std::memcpy(slot, mine, bytes) : std::memcpy(mine, slot, bytes);
    return;
  }
  with_conduit([&](auto &c) {
    if (write)
      c.put_strict(thread, at + sizeof(std::uint64_t), mine, bytes);
    else
      c.get_strict(thread, at + sizeof(std::uint64_t), mine, bytes);
  });
}

}  // namespace

void publish(const Record &record) {
  const int me = g_runtime.mythread;
  const std::uint64_t at = slot_at(record.sequence);
  // A sequence lock: the slot's sequence is cleared first and set last, so a reader that sees the same
  // sequence before and after reading never takes another call's arguments for this one's.
  if (mapped())
    word(me, at).store(0, std::memory_order_relaxed);  // nobody waits for a cleared slot: no wake
  else
    store<std::uint64_t>(me, at, 0);
  std::atomic_thread_fence(std::memory_order_release);
  Record body = record;
  copy_body(me, at, &body, true);
  store(me, at, record.sequence);
}

bool entered(int peer, std::uint64_t sequence) {
  const std::uint64_t seen = load(peer, slot_at(sequence));
  return seen >= sequence && seen != 0;
}

bool record_of(int peer, std::uint64_t sequence, Record *out) {
  const std::uint64_t at = slot_at(sequence);
  if (load(peer, at) != sequence) return false;
  copy_body(peer, at, out, false);
  std::atomic_thread_fence(std::memory_order_acquire);
  out->sequence = sequence;
  return load(peer, at) == sequence;  // not rewritten meanwhile
}

void signal_done(int peer, std::uint64_t sequence) { store(peer, done_at(g_runtime.mythread), sequence); }

bool done_by(int peer, std::uint64_t sequence) { return load(g_runtime.mythread, done_at(peer)) >= sequence; }

void post_partial(std::uint64_t sequence, const void *value, std::size_t bytes) {
  const int me = g_runtime.mythread;
  const std::uint64_t at = partial_at(sequence);
  if (mapped()) {
    std::memcpy(segment_address(me, at + offsetof(PartialSlot, value)), value, bytes);
  } else {
    with_conduit([&](auto &c) { c.put_strict(me, at + offsetof(PartialSlot, value), value, bytes); });
  }
  store(me, at + offsetof(PartialSlot, sequence), sequence);
}

bool partial_of(int peer, std::uint64_t sequence, void *value, std::size_t bytes) {
  const std::uint64_t at = partial_at(sequence);
  if (load(peer, at + offsetof(PartialSlot, sequence)) != sequence) return false;
  if (mapped())
    std::memcpy(value, segment_address(peer, at + offsetof(PartialSlot, value)), bytes);
  else
    with_conduit([&](auto &c) { c.get_strict(peer, at + offsetof(PartialSlot, value), value, bytes); });
  return true;
}

void announce(int peer, std::uint64_t sequence) {
  store(peer, arrived_at(g_runtime.mythread), static_cast<std::uint32_t>(sequence));
}

bool arrived(int peer, std::uint64_t sequence) {
  // The vector keeps 32 bits of each sequence number: compared modulo 2^32 (a peer is never 2^31 calls away).
  const auto seen = load<std::uint32_t>(g_runtime.mythread, arrived_at(peer));
  return static_cast<std::int32_t>(seen - static_cast<std::uint32_t>(sequence)) >= 0;
}

namespace {

// Sleeps while the flag at `at` in `thread`'s area still holds `seen` (at most a few milliseconds, so that
// the caller's checks run).
template <class W>
void sleep_on(int thread, std::uint64_t at, W seen) {
  if (!mapped()) {
    const timespec pause{0, 50000};
    nanosleep(&pause, nullptr);
    return;
  }
  auto sleepers = word(thread, kSleepersAt);
  sleepers.fetch_add(1, std::memory_order_seq_cst);
  sleeper_fence();
  if (word<W>(thread, at).load(std::memory_order_seq_cst) == seen)
    futex_wait(futex_word(thread, at), static_cast<std::uint32_t>(seen), 5);
  sleepers.fetch_sub(1, std::memory_order_seq_cst);
}

}  // namespace

void sleep_until_entered(int peer, std::uint64_t sequence) {
  const std::uint64_t at = slot_at(sequence), seen = load(peer, at);
  if (seen < sequence || seen == 0) sleep_on(peer, at, seen);
}

void sleep_until_done(int peer, std::uint64_t sequence) {
  const std::uint64_t at = done_at(peer), seen = load(g_runtime.mythread, at);
  if (seen < sequence) sleep_on(g_runtime.mythread, at, seen);
}

void sleep_until_partial(int peer, std::uint64_t sequence) {
  const std::uint64_t at = partial_at(sequence) + offsetof(PartialSlot, sequence), seen = load(peer, at);
  if (seen != sequence) sleep_on(peer, at, seen);
}

void sleep_until_arrived(int peer, std::uint64_t sequence) {
  if (!arrived(peer, sequence))
    sleep_on(g_runtime.mythread, arrived_at(peer), load<std::uint32_t>(g_runtime.mythread, arrived_at(peer)));
}

std::uint64_t load_flag(int thread, std::uint64_t at) { return load(thread, at); }

void store_flag(int thread, std::uint64_t at, std::uint64_t value) { store(thread, at, value); }

void store_word(int thread, std::uint64_t at, std::uint64_t value) {
  if (mapped())
    word(thread, at).store(value, std::memory_order_relaxed);  // the flag's store after it releases it
  else
    with_conduit([&](auto &c) { c.put_strict(thread, at, &value, sizeof value); });
}

void sleep_on_flag(int thread, std::uint64_t at, std::uint64_t seen) {
  if (load(thread, at) == seen) sleep_on(thread, at, seen);
}

void wait_done_by(int peer, std::uint64_t sequence) {
  for (Backoff backoff(configured_variant().spin); !done_by(peer, sequence);)
    backoff.pause([&] { sleep_until_done(peer, sequence); });
}

}  // namespace pgas::rt::coll
