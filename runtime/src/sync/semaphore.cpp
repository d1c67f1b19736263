// The semaphore API of Bonachea's proposal (pgas/upc_sem.h): allocation, the checks of every call (flags,
// affinity, liveness) and their messages, and the memory-model fences around the operations, which are done
// behind the transport seam (semaphore_ops.cpp).
#include "sync/semaphore.hpp"

#include <algorithm>
#include <cinttypes>
#include <string>

#include "conduit/active.hpp"
#include "errors.hpp"
#include "handles.hpp"
#include "pgas/detail/api.hpp"
#include "runtime.hpp"

namespace pgas::rt {
namespace {

constexpr std::uintptr_t kMarker = 8;
constexpr int kIndexShift = 4, kOwnerShift = 18;
constexpr std::uintptr_t kIndexMask = 0x3fff, kOwnerMask = 0x3ff;
static_assert(kMaxHandles - 1 <= kIndexMask && kMaxThreads - 1 <= static_cast<int>(kOwnerMask));

std::uintptr_t constraint_bits(int flags) {
  return ((flags & UPC_SEM_BOOLEAN) ? 1u : 0u) | ((flags & UPC_SEM_SPRODUCER) ? 2u : 0u) |
         ((flags & UPC_SEM_SCONSUMER) ? 4u : 0u);
}
int flags_of(std::uintptr_t bits) {
  return ((bits & 1) ? UPC_SEM_BOOLEAN : 0) | ((bits & 2) ? UPC_SEM_SPRODUCER : 0) |
         ((bits & 4) ? UPC_SEM_SCONSUMER : 0);
}

// Stops the job if `flags` break the proposal's rules (each pair is mutually exclusive; no other bits).
void check_flags(int flags, const char *site) {
  auto both = [&](int a, int b) { return (flags & a) != 0 && (flags & b) != 0; };
  const char *conflict =
      both(UPC_SEM_BOOLEAN, UPC_SEM_INTEGER)       ? "UPC_SEM_BOOLEAN and UPC_SEM_INTEGER"
      : both(UPC_SEM_SPRODUCER, UPC_SEM_MPRODUCER) ? "UPC_SEM_SPRODUCER and UPC_SEM_MPRODUCER"
      : both(UPC_SEM_SCONSUMER, UPC_SEM_MCONSUMER) ? "UPC_SEM_SCONSUMER and UPC_SEM_MCONSUMER"
                                                   : nullptr;
  if (conflict != nullptr)
    fatal("upc_sem_alloc at %s: flags %#x combine %s, which are mutually exclusive", short_site(site), flags,
          conflict);
  if ((flags & ~kSemFlags) != 0)
    fatal("upc_sem_alloc at %s: flags %#x have bits that are no UPC_SEM_* flag", short_site(site), flags);
}

void check_boolean_amount(const SemRef &ref, std::size_t n, const char *operation) {
  if ((ref.flags & UPC_SEM_BOOLEAN) != 0 && n > 1)
    fatal("%s: n = %zu on the BOOLEAN %s (a boolean semaphore moves by at most 1)", operation, n,
          describe_semaphore(ref.handle, ref.owner).c_str());
}

std::uint64_t load_word(const SemRef &ref, std::size_t at) {
  std::uint64_t value = 0;
  remote_atomic(ref.handle, ref.owner, at, PGAS_UINT64, PGAS_ATOMIC_LOAD, nullptr, nullptr, &value);
  return value;
}

// The null strict access of a post (on entry) or of a successful wait or try (before returning).
// `by_atomic`: the operation changes the value with an atomic read-modify-write. On shm that operation is
// sequentially consistent (a locked instruction on x86): it orders every earlier access of this thread
// before it and every later one after it, so it is the strict access and a fence would only repeat it. A
// network conduit's fence completes this thread's outstanding transfers, which its atomics do not.
void strict_point(bool by_atomic) {
  if (by_atomic && g_runtime.network == nullptr) return;
  with_conduit([](auto &c) { c.fence(); });
}

// The start of every semaphore call: it is a synchronization point (landed asynchronous signals are
// completed), then the semaphore is decoded and validated.
SemRef entered(const upc_sem_t *s, const char *operation) {
  if (detail::g_progress_needed) [[unlikely]]
    complete_signals(false);
  return checked_semaphore(s, operation);
}

// Every decrement: checks, then takes between n and m units (0: a try that failed).
std::size_t take(upc_sem_t *s, std::size_t n, std::size_t m, bool blocking, const char *operation) {
  const SemRef ref = entered(s, operation);
  if (n > m) fatal("%s: N = %zu is larger than M = %zu", operation, n, m);
  check_boolean_amount(ref, n, operation);
  if ((ref.flags & UPC_SEM_SCONSUMER) != 0 && ref.owner != g_runtime.mythread)
    fatal("%s: the SCONSUMER %s may only be decremented by its owner", operation,
          describe_semaphore(ref.handle, ref.owner).c_str());
  const std::size_t got = n == 0 ? 0 : remote_sem_wait(ref.handle, ref.owner, n, m, blocking ? 1 : 0);
  if (got != 0 || n == 0) strict_point(got != 0);  // the null strict read before a successful return
  return got;
}

// The checks of a signalling transfer: s exists and has the affinity of the shared side.
SemRef signalled(upc_sem_t *s, int thread, std::size_t n, const char *operation) {
  const SemRef ref = entered(s, operation);
  if (ref.owner != thread)
    fatal("%s: the shared side is on thread %d but the %s is not (upc_threadof(s) must equal its thread)",
          operation, thread, describe_semaphore(ref.handle, ref.owner).c_str());
  check_boolean_amount(ref, n, operation);
  return ref;
}

}  // namespace

upc_sem_t *encode_semaphore(const SemRef &ref) {
  const std::uintptr_t value = (static_cast<std::uintptr_t>(handle_generation(ref.handle)) << 32) |
                               (static_cast<std::uintptr_t>(ref.owner) << kOwnerShift) |
                               (static_cast<std::uintptr_t>(handle_index(ref.handle)) << kIndexShift) |
                               kMarker | constraint_bits(ref.flags);
  return reinterpret_cast<upc_sem_t *>(value);
}

SemRef checked_semaphore(const upc_sem_t *s, const char *operation) {
  runtime(operation);
  const auto value = reinterpret_cast<std::uintptr_t>(s);
  const std::uint32_t index = (value >> kIndexShift) & kIndexMask;
  const int owner = static_cast<int>((value >> kOwnerShift) & kOwnerMask);
  if ((value & kMarker) == 0 || index == 0 || owner >= g_runtime.threads)
    fatal("%s: %p is not a semaphore from upc_sem_alloc", operation, static_cast<const void *>(s));
  const pgas_handle_t handle = (static_cast<pgas_handle_t>(value >> 32) << 32) | index;
  check_semaphore_live(handle, owner, operation, false);
  return {handle, owner, flags_of(value & 7)};
}

void check_semaphore_live(pgas_handle_t handle, int owner, const char *operation, bool fresh) {
  const std::uint32_t index = handle_index(handle);
  const HandleDesc &d = g_runtime.ctl->handles[index];
  auto live = [&] {
    return d.state.load(std::memory_order_acquire) == HandleState::kLive &&
           d.generation.load(std::memory_order_relaxed) == handle_generation(handle);
  };
  if (!fresh && live()) return;
  conduit().handle_refresh(index);  // a no-op where the table is shared (shm)
  if (live()) return;
  if (d.generation.load() == handle_generation(handle) && d.state.load() == HandleState::kFreed)
    fatal("%s: use of the %s after upc_sem_free", operation, describe_semaphore(handle, owner).c_str());
  fatal("%s: %p is not a semaphore from upc_sem_alloc (freed, or never allocated)", operation,
        static_cast<const void *>(encode_semaphore({handle, owner, 0})));
}

std::string describe_semaphore(pgas_handle_t handle, int owner) {
  const HandleDesc &d = g_runtime.ctl->handles[handle_index(handle)];
  std::string text = d.site[0] != '\0' ? std::string("semaphore allocated at ") + d.site
                                       : "semaphore #" + std::to_string(handle_index(handle));
  return text + " on thread " + std::to_string(owner);
}

void report_overflow(pgas_handle_t handle, int owner, std::uint64_t value, std::size_t n) {
  fatal("upc_sem_post: posting %zu to the %s, whose value is %" PRIu64 ", would exceed UPC_SEM_MAXVALUE (%d)",
        n, describe_semaphore(handle, owner).c_str(), value, UPC_SEM_MAXVALUE);
}

void check_single_producer(pgas_handle_t handle, int owner, std::uint64_t producer, const char *operation) {
  if (producer != 0 && producer != static_cast<std::uint64_t>(g_runtime.mythread) + 1)
    fatal("%s: the SPRODUCER %s already has thread %" PRIu64 " as its producer", operation,
          describe_semaphore(handle, owner).c_str(), producer - 1);
}

}  // namespace pgas::rt

using namespace pgas::rt;

extern "C" {

upc_sem_t *pgas_sem_alloc(int flags, size_t value, const char *site) {
  runtime("upc_sem_alloc");
  check_flags(flags, site);
  const std::size_t limit = (flags & UPC_SEM_BOOLEAN) != 0 ? 1 : UPC_SEM_MAXVALUE;
  if (value > limit)
    fatal("upc_sem_alloc at %s: initial value %zu is larger than %zu", short_site(site), value, limit);
  pgas_layout_t layout{.elem_size = sizeof(SemaphoreCell),
                       .block = 0,
                       .nelems = 1,
                       .owner = g_runtime.mythread,
                       .kind = PGAS_ALLOC_LOCAL,
                       .name = nullptr,
                       .site = site};
  const SemRef ref{remote_alloc(&layout), g_runtime.mythread, flags};
  if (value != 0) {
    const auto initial = static_cast<std::uint32_t>(value);
    remote_atomic(ref.handle, ref.owner, kValueAt, PGAS_UINT32, PGAS_ATOMIC_STORE, &initial, nullptr,
                  nullptr);
  }
  return encode_semaphore(ref);
}

int pgas_sem_threadof(const upc_sem_t *s) {
  return static_cast<int>((reinterpret_cast<std::uintptr_t>(s) >> kOwnerShift) & kOwnerMask);
}

void upc_sem_free(upc_sem_t *s) {
  if (s == nullptr) return;
  const SemRef ref = entered(s, "upc_sem_free");
  if (const std::uint64_t waiters = load_word(ref, kWaitersAt); waiters != 0)
    fatal("upc_sem_free: the %s is freed while %" PRIu64 " thread(s) wait on it",
          describe_semaphore(ref.handle, ref.owner).c_str(), waiters);
  remote_free(ref.handle);
}

void upc_sem_postN(upc_sem_t *s, size_t n) {
  const SemRef ref = entered(s, "upc_sem_postN");
  check_boolean_amount(ref, n, "upc_sem_postN");
  strict_point(n != 0);  // the null strict write on entry
  remote_sem_post(ref.handle, ref.owner, n, ref.flags);
}

void upc_sem_post(upc_sem_t *s) { upc_sem_postN(s, 1); }

void upc_sem_waitN(upc_sem_t *s, size_t n) { take(s, n, n, true, "upc_sem_waitN"); }
void upc_sem_wait(upc_sem_t *s) { take(s, 1, 1, true, "upc_sem_wait"); }
int upc_sem_tryN(upc_sem_t *s, size_t n) {
  const std::size_t got = take(s, n, n, false, "upc_sem_tryN");
  return n == 0 || got != 0;  // taking nothing always succeeds
}
int upc_sem_try(upc_sem_t *s) { return take(s, 1, 1, false, "upc_sem_try") != 0; }

size_t upc_sem_waitNtoM(upc_sem_t *s, size_t n, size_t m) {
  if (n == 0) fatal("upc_sem_waitNtoM: N must be at least 1");
  return take(s, n, m, true, "upc_sem_waitNtoM");
}

size_t upc_sem_tryNtoM(upc_sem_t *s, size_t n, size_t m) {
  if (n == 0) fatal("upc_sem_tryNtoM: N must be at least 1");
  return take(s, n, m, false, "upc_sem_tryNtoM");
}

size_t upc_sem_getvalue(upc_sem_t *s) {
  const SemRef ref = entered(s, "upc_sem_getvalue");
  std::uint32_t value = 0;
  remote_atomic(ref.handle, ref.owner, kValueAt, PGAS_UINT32, PGAS_ATOMIC_LOAD, nullptr, nullptr, &value);
  strict_point(false);
  return value;
}

void pgas_memput_signal(pgas_handle_t dst, int thread, size_t offset, const void *src, size_t nbytes,
                        upc_sem_t *s, size_t n, int async) {
  const SemRef ref = signalled(s, thread, n, async ? "upc_memput_signal_async" : "upc_memput_signal");
  remote_memput_signal(dst, thread, offset, src, nbytes, ref.handle, n,
                       ref.flags | (async ? PGAS_SIGNAL_ASYNC : 0));
}

void pgas_memget_signal(void *dst, pgas_handle_t src, int thread, size_t offset, size_t nbytes, upc_sem_t *s,
                        size_t n) {
  const SemRef ref = signalled(s, thread, n, "upc_memget_signal");
  remote_memget_signal(src, thread, offset, dst, nbytes, ref.handle, n, ref.flags);
}

}  // extern "C"
