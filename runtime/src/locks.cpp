// UPC locks: the API, its checks and error messages, on the conduit's locks. A upc_lock_t* encodes
// (generation, slot), so a freed and reused slot is detected.
#include "pgas/locks.h"

#include <cstdint>
#include <string>

#include "collective.hpp"
#include "conduit/active.hpp"
#include "emulation.hpp"
#include "errors.hpp"
#include "pgas/sync_events.h"
#include "runtime.hpp"
#include "sync/signals_in_flight.hpp"

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

// Checks that `lock` can name a lock at all (a freed one is found out by the conduit).
std::uint32_t checked_index(upc_lock_t *lock, const char *operation) {
  runtime(operation);
  std::uint32_t index = index_of(lock);
  if (lock == nullptr || index == 0 || index >= kMaxLocks ||
      (reinterpret_cast<std::uintptr_t>(lock) & 0xf) != 0)
    fatal("%s: %p is not a lock from upc_all_lock_alloc or upc_global_lock_alloc", operation,
          static_cast<void *>(lock));
  return index;
}

// Reports every outcome of a lock operation other than kOk and kBusy.
void check(LockStatus status, upc_lock_t *lock, int holder, const char *operation) {
  const std::uint32_t index = index_of(lock);
  switch (status) {
    case LockStatus::kOk:
    case LockStatus::kBusy:
      return;
    case LockStatus::kFreed:
      fatal("%s: lock #%u was freed (use after upc_lock_free)", operation, index);
    case LockStatus::kHeldByCaller:
      fatal("%s: this thread already holds lock #%u (it would wait for itself forever)", operation, index);
    case LockStatus::kNotHeld:
      fatal("%s: lock #%u is not held by any thread", operation, index);
    case LockStatus::kHolderFinished:  // every waiter notices: one of them reports it
      if (!conduit().claim_report()) exit_quietly();
      fatal(
          "%s: lock #%u is held by thread %d, which finished main (returned or called exit) without "
          "releasing it",
          operation, index, holder);
    case LockStatus::kHeldByOther:
      fatal("%s: lock #%u is held by thread %d%s", operation, index, holder,
            std::string(operation) == "upc_unlock" ? ", not by this thread" : "");
  }
}

upc_lock_t *allocate_slot(std::string &error) {
  std::uint32_t index = 0, generation = 0;
  if (conduit().lock_allocate(&index, &generation)) return encode(index, generation);
  error = "too many locks (the limit is " + std::to_string(kMaxLocks - 1) + ")";
  return nullptr;
}

// A lock's home is the thread that would own it on a distributed machine: acquiring it elsewhere is a round
// trip on the emulated network.
// A lock's object in synchronization events: the handle's value, equal on every thread.
std::uint64_t sync_object(const upc_lock_t *lock) {
  return static_cast<std::uint64_t>(reinterpret_cast<std::uintptr_t>(lock));
}

void emulate_lock_traffic(upc_lock_t *lock) {
  if (static_cast<int>(index_of(lock)) % g_runtime.threads != g_runtime.mythread) emulate_rounds(1);
}

void free_slot(upc_lock_t *lock, const char *operation) {
  const std::uint32_t index = checked_index(lock, operation);
  int holder = -1;
  // The status first: an argument list may read `holder` before the call that sets it.
  const LockStatus status = conduit().lock_free(index, generation_of(lock), &holder);
  check(status, lock, holder, operation);
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
  auto value = collective_call(
      {.kind = CollectiveKind::kAllLockAlloc}, "upc_all_lock_alloc", {}, [](std::string &error) {
        return static_cast<std::uint64_t>(reinterpret_cast<std::uintptr_t>(allocate_slot(error)));
      });
  return reinterpret_cast<upc_lock_t *>(static_cast<std::uintptr_t>(value));
}

void upc_lock(upc_lock_t *lock) {
  const std::uint32_t index = checked_index(lock, "upc_lock");
  pgas_sync_enter(PGAS_SYNC_lock, sync_object(lock), nullptr);
  complete_signals(true);  // the holder may wait for one of them before it unlocks
  int holder = -1;
  const LockStatus status = conduit().lock_acquire(index, generation_of(lock), true, &holder);
  check(status, lock, holder, "upc_lock");
  emulate_lock_traffic(lock);
  pgas_sync_exit(PGAS_SYNC_lock, sync_object(lock));
  pgas_sync_enter(PGAS_SYNC_lock_hold, sync_object(lock), nullptr);
}

int upc_lock_attempt(upc_lock_t *lock) {
  const std::uint32_t index = checked_index(lock, "upc_lock_attempt");
  emulate_lock_traffic(lock);
  int holder = -1;
  const LockStatus status = conduit().lock_acquire(index, generation_of(lock), false, &holder);
  check(status, lock, holder, "upc_lock_attempt");
  if (status == LockStatus::kOk) pgas_sync_enter(PGAS_SYNC_lock_hold, sync_object(lock), nullptr);
  return status == LockStatus::kOk ? 1 : 0;
}

void upc_unlock(upc_lock_t *lock) {
  const std::uint32_t index = checked_index(lock, "upc_unlock");
  pgas_sync_exit(PGAS_SYNC_lock_hold, sync_object(lock));
  int holder = -1;
  const LockStatus status = conduit().lock_release(index, generation_of(lock), &holder);
  check(status, lock, holder, "upc_unlock");
  emulate_lock_traffic(lock);
}

void upc_lock_free(upc_lock_t *lock) {
  if (lock == nullptr) return;
  free_slot(lock, "upc_lock_free");
}

void upc_all_lock_free(upc_lock_t *lock) {
  if (lock == nullptr) return;
  collective_call({.kind = CollectiveKind::kAllLockFree}, "upc_all_lock_free",
                  {reinterpret_cast<std::uintptr_t>(lock)}, [&](std::string &) {
                    free_slot(lock, "upc_all_lock_free");
                    return 0;
                  });
}

}  // extern "C"
