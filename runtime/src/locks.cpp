// UPC locks: futex mutexes in the control block's lock table, with the holder recorded for error checks.
// A upc_lock_t* encodes (generation, slot), so a freed and reused slot is detected.
#include "pgas/locks.h"

#include <cstdint>
#include <string>

#include "collective.hpp"
#include "emulation.hpp"
#include "errors.hpp"
#include "runtime.hpp"
#include "wait.hpp"

namespace pgas::rt {
namespace {

upc_lock_t *encode(std::uint32_t index, std::uint32_t generation) {
  return reinterpret_cast<upc_lock_t *>(((static_cast<std::uintptr_t>(generation) << 16) | index) << 4);
}

std::uint32_t index_of(const upc_lock_t *lock) {
  return (reinterpret_cast<std::uintptr_t>(lock) >> 4) & 0xffff;
}
std::uint32_t generation_of(const upc_lock_t *lock) {
  return static_cast<std::uint32_t>(reinterpret_cast<std::uintptr_t>(lock) >> 20);
}

// The live slot of `lock`, or a fatal error naming the operation.
LockSlot &slot_of(upc_lock_t *lock, const char *operation) {
  Runtime &r = runtime(operation);
  std::uint32_t index = index_of(lock);
  if (lock == nullptr || index == 0 || index >= kMaxLocks ||
      (reinterpret_cast<std::uintptr_t>(lock) & 0xf) != 0)
    fatal("%s: %p is not a lock from upc_all_lock_alloc or upc_global_lock_alloc", operation,
          static_cast<void *>(lock));
  LockSlot &s = r.ctl->locks[index];
  if (s.generation.load(std::memory_order_acquire) != generation_of(lock) ||
      s.live.load(std::memory_order_acquire) == 0)
    fatal("%s: lock #%u was freed (use after upc_lock_free)", operation, index);
  return s;
}

upc_lock_t *allocate_slot(std::string &error) {
  ControlBlock &ctl = *g_runtime.ctl;
  mutex_lock(ctl.heap_mutex);
  for (std::uint32_t index = 1; index < kMaxLocks; ++index) {
    LockSlot &s = ctl.locks[index];
    if (s.live.load(std::memory_order_relaxed) != 0) continue;
    std::uint32_t generation = (s.generation.load(std::memory_order_relaxed) + 1) & 0xfffffff;
    if (generation == 0) generation = 1;
    s.state.store(0, std::memory_order_relaxed);
    s.holder.store(-1, std::memory_order_relaxed);
    s.generation.store(generation, std::memory_order_relaxed);
    s.live.store(1, std::memory_order_release);
    mutex_unlock(ctl.heap_mutex);
    return encode(index, generation);
  }
  mutex_unlock(ctl.heap_mutex);
  error = "too many locks (the limit is " + std::to_string(kMaxLocks - 1) + ")";
  return nullptr;
}

// A lock's home is the thread that would own it on a distributed machine: acquiring it elsewhere is a round
// trip on the emulated network.
void emulate_lock_traffic(upc_lock_t *lock) {
  if (static_cast<int>(index_of(lock)) % g_runtime.threads != g_runtime.mythread) emulate_rounds(1);
}

void free_slot(upc_lock_t *lock, const char *operation) {
  LockSlot &s = slot_of(lock, operation);
  std::int32_t holder = s.holder.load(std::memory_order_acquire);
  if (holder >= 0 && holder != g_runtime.mythread)
    fatal("%s: lock #%u is held by thread %d", operation, index_of(lock), holder);
  s.live.store(0, std::memory_order_release);
}

}  // namespace
}  // namespace pgas::rt

using namespace pgas::rt;

extern "C" {

upc_lock_t *upc_global_lock_alloc(void) {
  runtime("upc_global_lock_alloc");
  std::string error;
  upc_lock_t *lock = allocate_slot(error);
  if (lock == nullptr) fatal("upc_global_lock_alloc: %s", error.c_str());
  return lock;
}

upc_lock_t *upc_all_lock_alloc(void) {
  auto value = collective_call("upc_all_lock_alloc", {}, [](std::string &error) {
    return static_cast<std::uint64_t>(reinterpret_cast<std::uintptr_t>(allocate_slot(error)));
  });
  return reinterpret_cast<upc_lock_t *>(static_cast<std::uintptr_t>(value));
}

void upc_lock(upc_lock_t *lock) {
  LockSlot &s = slot_of(lock, "upc_lock");
  if (s.holder.load(std::memory_order_relaxed) == g_runtime.mythread)
    fatal("upc_lock: this thread already holds lock #%u (it would wait for itself forever)", index_of(lock));
  mutex_lock(s.state);
  s.holder.store(g_runtime.mythread, std::memory_order_relaxed);
  emulate_lock_traffic(lock);
}

int upc_lock_attempt(upc_lock_t *lock) {
  LockSlot &s = slot_of(lock, "upc_lock_attempt");
  if (s.holder.load(std::memory_order_relaxed) == g_runtime.mythread)
    fatal("upc_lock_attempt: this thread already holds lock #%u", index_of(lock));
  emulate_lock_traffic(lock);
  if (!mutex_try_lock(s.state)) return 0;
  s.holder.store(g_runtime.mythread, std::memory_order_relaxed);
  return 1;
}

void upc_unlock(upc_lock_t *lock) {
  LockSlot &s = slot_of(lock, "upc_unlock");
  std::int32_t holder = s.holder.load(std::memory_order_relaxed);
  if (holder != g_runtime.mythread) {
    if (holder < 0) fatal("upc_unlock: lock #%u is not held by any thread", index_of(lock));
    fatal("upc_unlock: lock #%u is held by thread %d, not by this thread", index_of(lock), holder);
  }
  s.holder.store(-1, std::memory_order_relaxed);
  mutex_unlock(s.state);
  emulate_lock_traffic(lock);
}

void upc_lock_free(upc_lock_t *lock) {
  if (lock == nullptr) return;
  free_slot(lock, "upc_lock_free");
}

void upc_all_lock_free(upc_lock_t *lock) {
  if (lock == nullptr) return;
  collective_call("upc_all_lock_free", {reinterpret_cast<std::uintptr_t>(lock)}, [&](std::string &) {
    free_slot(lock, "upc_all_lock_free");
    return 0;
  });
}

}  // extern "C"
