#include "sync/sync_flags.hpp"

#include <cstring>

#include "range_allocator.hpp"
#include "runtime.hpp"
#include "wait.hpp"

namespace pgas::rt {
namespace {

constexpr std::size_t kWaitStateWords = 4;
constexpr std::uint32_t kGeneration = 1;

std::size_t words_per_thread(int threads) { return 2 * static_cast<std::size_t>(threads) + kWaitStateWords; }

std::size_t byte_offset(std::size_t word) { return word * sizeof(std::uint64_t); }

}  // namespace

std::uint64_t lay_out_sync_flags(ControlBlock &ctl, int threads, std::uint64_t begin) {
  const std::size_t words = words_per_thread(threads);
  HandleDesc &d = ctl.handles[kSyncFlagsSlot];
  d.kind = PGAS_ALLOC_STATIC;
  d.owner = -1;
  d.seg_offset = begin;
  d.bytes_per_thread = words * sizeof(std::uint64_t);
  d.elem_size = sizeof(std::uint64_t);
  d.block = words;
  d.nelems = words * static_cast<std::size_t>(threads);
  std::strncpy(d.name, "pairsync flags", kNameCapacity - 1);
  d.generation.store(kGeneration, std::memory_order_relaxed);
  d.state.store(HandleState::kLive, std::memory_order_release);
  const std::uint64_t end = begin + d.bytes_per_thread;
  return (end + kAllocAlignment - 1) / kAllocAlignment * kAllocAlignment;
}

pgas_handle_t sync_flags_handle() { return static_cast<pgas_handle_t>(kGeneration) << 32 | kSyncFlagsSlot; }

std::size_t lock_column_word(int row) {
  return static_cast<std::size_t>(g_runtime.threads) + static_cast<std::size_t>(row);
}

std::size_t wait_state_word(int field) {
  return 2 * static_cast<std::size_t>(g_runtime.threads) + static_cast<std::size_t>(field);
}

std::atomic<std::uint64_t> &own_word(std::size_t word) {
  const HandleDesc &d = g_runtime.ctl->handles[kSyncFlagsSlot];
  return *reinterpret_cast<std::atomic<std::uint64_t> *>(
      segment_address(g_runtime.mythread, d.seg_offset + byte_offset(word)));
}

std::uint64_t read_word(int thread, std::size_t word) {
  std::uint64_t value = 0;
  remote_get_strict(sync_flags_handle(), thread, byte_offset(word), &value, sizeof value);
  return value;
}

void write_word(int thread, std::size_t word, std::uint64_t value) {
  remote_put_strict(sync_flags_handle(), thread, byte_offset(word), &value, sizeof value);
  wake_peer(thread);
}

// Only a sleeper needs the word bumped and a futex wake. The flag was stored before (sequentially
// consistent), and a waiter counts itself a sleeper before its last look at the flag, so either it sees the
// flag or this sees it.
void wake_peer(int thread) {
  if (g_runtime.network != nullptr) return;
  WaitWord &word = g_runtime.ctl->peer_wake[thread].word;
  std::atomic_thread_fence(std::memory_order_seq_cst);
  if (word.sleepers.load(std::memory_order_seq_cst) != 0) wake_all(word);
}

}  // namespace pgas::rt
