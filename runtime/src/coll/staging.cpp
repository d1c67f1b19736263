#include "coll/staging.hpp"

#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cstring>
#include <vector>

#include "coll/flags.hpp"
#include "coll/matching.hpp"
#include "range_allocator.hpp"
#include "runtime.hpp"

namespace pgas::rt::coll {
namespace {

constexpr std::uint32_t kStagingSlot = kMaxHandles - 2;  // sync/sync_flags.hpp has the other runtime slot
constexpr std::uint32_t kGeneration = 1;
// An entry is two cache lines: the call << kOffsetBits | the offset of its bytes (one strict store publishes
// both, after the rest), the digest of the holder's record of the call, then up to kInlineBytes of staged
// bytes: a call that stages no more is read from the entry's own lines, the first with the flag (one
// transfer between caches for up to 48 bytes), not from the ring. An offset from kInline on is such bytes,
// at that many bytes from kInline into the table.
constexpr std::uint64_t kEntryBytes = 128;
constexpr std::uint64_t kEntryData = 2 * sizeof(std::uint64_t);
static_assert(kInlineBytes == kEntryBytes - kEntryData);
constexpr unsigned kOffsetBits = 20;
constexpr std::uint64_t kTableBytes = kStagedCalls * kEntryBytes;
constexpr std::uint64_t kMaxRing = std::uint64_t{256} << 10;
constexpr std::uint64_t kInline = std::uint64_t{1} << (kOffsetBits - 1);
static_assert(kMaxRing <= kInline && kTableBytes <= kInline);
constexpr std::uint64_t kMinRing = 4096;

// The ring: a thirty-second of the segment, at most 256 KiB, a power of two.
std::uint64_t ring_bytes(std::uint64_t segment_size) {
  std::uint64_t ring = kMaxRing;
  while (ring > segment_size / 32) ring /= 2;
  return ring < kMinRing ? 0 : ring;
}

const HandleDesc &descriptor() { return g_runtime.ctl->handles[kStagingSlot]; }
std::uint64_t ring_size() { return descriptor().bytes_per_thread - kTableBytes; }

// Byte `at` of `thread`'s part, as an offset in its segment.
std::uint64_t segment_offset(std::uint64_t at) { return descriptor().seg_offset + at; }
std::uint64_t entry_at(std::uint64_t sequence) {
  return segment_offset((sequence % kStagedCalls) * kEntryBytes);
}

// This thread's staged calls not yet known to be read by all their readers, oldest first: a ring of
// kStagedCalls slots (a call's table entry is reused a table's length later, so no more are ever pending),
// whose reader lists keep their capacity from call to call. The ring's positions are counted from the
// start, never wrapped: the offset is the position modulo the ring's size.
struct Pending {
  std::uint64_t sequence = 0;
  std::uint64_t end = 0;
  std::vector<int> readers;
};
std::array<Pending, kStagedCalls> &pending_slots() {
  static auto &slots = *new std::array<Pending, kStagedCalls>();  // staged calls run in exit handlers
  return slots;
}
std::uint64_t g_first = 0, g_count = 0;  // the pending calls: slots g_first .. g_first + g_count - 1
std::uint64_t g_head = 0, g_tail = 0;

Pending &oldest() { return pending_slots()[g_first % kStagedCalls]; }
void pop_oldest() {
  g_tail = oldest().end;
  ++g_first;
  --g_count;
}

// Waits until every reader of the oldest staged call has read it, then frees its bytes.
void reclaim_oldest() {
  for (int reader : oldest().readers) wait_done_by(reader, oldest().sequence);
  pop_oldest();
}

bool read_by_all(const Pending &p) {
  return std::all_of(p.readers.begin(), p.readers.end(), [&](int r) { return done_by(r, p.sequence); });
}

}  // namespace

std::uint64_t lay_out_staging(ControlBlock &ctl, std::uint64_t begin) {
  const std::uint64_t ring = ring_bytes(ctl.segment_size);
  HandleDesc &d = ctl.handles[kStagingSlot];
  d.kind = PGAS_ALLOC_STATIC;
  d.owner = -1;
  d.seg_offset = begin;
  d.bytes_per_thread = ring == 0 ? 0 : kTableBytes + ring;
  d.elem_size = 1;
  d.block = d.bytes_per_thread;
  d.nelems = d.bytes_per_thread * ctl.threads;
  std::strncpy(d.name, "collective staging", kNameCapacity - 1);
  d.generation.store(kGeneration, std::memory_order_relaxed);
  d.state.store(HandleState::kLive, std::memory_order_release);
  const std::uint64_t end = begin + d.bytes_per_thread;
  return (end + kAllocAlignment - 1) / kAllocAlignment * kAllocAlignment;
}

void prepare_collective_areas() {
  const std::uint64_t end = descriptor().seg_offset + descriptor().bytes_per_thread;
  const long page = sysconf(_SC_PAGESIZE);
  for (int t = 0; t < g_runtime.threads; ++t) {
    std::byte *first = segment_address(t, 0);
    // A write fault of each page maps it writable and changes no byte; without MADV_POPULATE_WRITE (Linux
    // 5.14) a read of each page maps it (the first write to a page this process has read costs less).
    if (madvise(first, end, MADV_POPULATE_WRITE) == 0) continue;
    for (std::uint64_t at = 0; at < end; at += static_cast<std::uint64_t>(page))
      (void)*reinterpret_cast<volatile const unsigned char *>(first + at);
  }
}

void reserve_collective_bookkeeping() {
  for (Pending &p : pending_slots()) p.readers.reserve(static_cast<std::size_t>(g_runtime.threads));
  reserve_matching();
}

std::size_t staged_call_limit() {
  return descriptor().bytes_per_thread == 0 ? 0 : static_cast<std::size_t>(ring_size() / 8);
}

detail::gaddr staging_address(int holder, std::uint64_t offset) {
  return {static_cast<pgas_handle_t>(kGeneration) << 32 | kStagingSlot, holder,
          offset >= kInline ? offset - kInline : kTableBytes + offset};
}

void prepare_stage(std::uint64_t sequence) {
  if (descriptor().bytes_per_thread == 0) return;
  std::byte *entry = segment_address(g_runtime.mythread, entry_at(sequence));
  __builtin_prefetch(entry, 1);
  __builtin_prefetch(entry + 64, 1);
}

std::byte *staged_here(std::uint64_t offset) {
  const detail::gaddr at = staging_address(g_runtime.mythread, offset);
  return segment_address(g_runtime.mythread, segment_offset(at.offset));
}

std::uint64_t stage_reserve(std::uint64_t sequence, std::size_t bytes, std::span<const int> readers) {
  const std::uint64_t ring = ring_size();
  const bool in_entry = bytes <= kInlineBytes;
  std::uint64_t at = g_head;
  if (in_entry) bytes = 0;                               // no bytes of the ring
  if (at % ring + bytes > ring) at += ring - at % ring;  // a call's bytes never wrap around the ring
  // Half used (the table or the ring): free what has been read, without waiting.
  if ((g_count != 0 && (oldest().sequence + kStagedCalls / 2 <= sequence || at + bytes - g_tail > ring / 2)))
    while (g_count != 0 && read_by_all(oldest())) pop_oldest();
  // The table entry this call takes held the call a table's length ago.
  while (g_count != 0 && oldest().sequence + kStagedCalls <= sequence) reclaim_oldest();
  while (at + bytes - g_tail > ring) reclaim_oldest();
  g_head = at + bytes;
  Pending &p = pending_slots()[(g_first + g_count++) % kStagedCalls];
  p.sequence = sequence;
  p.end = g_head;
  p.readers.assign(readers.begin(), readers.end());
  return in_entry ? kInline + (sequence % kStagedCalls) * kEntryBytes + kEntryData : at % ring;
}

void stage_publish(std::uint64_t sequence, std::uint64_t offset, std::uint64_t digest) {
  const int me = g_runtime.mythread;
  store_word(me, entry_at(sequence) + sizeof(std::uint64_t), digest);
  store_flag(me, entry_at(sequence), sequence << kOffsetBits | offset);
}

bool staged_by(int holder, std::uint64_t sequence, std::uint64_t *offset, std::uint64_t *digest) {
  const std::uint64_t entry = load_flag(holder, entry_at(sequence));
  if (entry >> kOffsetBits != sequence) return false;
  *offset = entry & ((std::uint64_t{1} << kOffsetBits) - 1);
  *digest = load_flag(holder, entry_at(sequence) + sizeof(std::uint64_t));
  return true;
}

void sleep_until_staged(int holder, std::uint64_t sequence) {
  const std::uint64_t seen = load_flag(holder, entry_at(sequence));
  if (seen >> kOffsetBits != sequence) sleep_on_flag(holder, entry_at(sequence), seen);
}

}  // namespace pgas::rt::coll
