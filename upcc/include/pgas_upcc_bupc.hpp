// The Berkeley UPC extensions of bupc_extensions.h for translated programs, on the dialect.
#pragma once

#include <cstddef>
#include <cstdint>
#include <ctime>
#include <pgas/upc.hpp>

#include "bupc_extensions.h"

// Timers: the dialect's upc_tick_t counts nanoseconds.
typedef upc_tick_t bupc_tick_t;
#define BUPC_TICK_MIN UPC_TICK_MIN
#define BUPC_TICK_MAX UPC_TICK_MAX
inline bupc_tick_t bupc_ticks_now() { return upc_ticks_now(); }
inline std::uint64_t bupc_ticks_to_us(bupc_tick_t ticks) { return upc_ticks_to_ns(ticks) / 1000; }
inline std::uint64_t bupc_ticks_to_ns(bupc_tick_t ticks) { return upc_ticks_to_ns(ticks); }
// The clock's resolution, and the measured cost of one bupc_ticks_now, in microseconds.
inline double bupc_tick_granularityus() {
  timespec resolution;
  clock_getres(CLOCK_MONOTONIC, &resolution);
  return static_cast<double>(resolution.tv_sec) * 1e6 + static_cast<double>(resolution.tv_nsec) / 1e3;
}
inline double bupc_tick_overheadus() {
  constexpr int kCalls = 1000;
  const bupc_tick_t start = bupc_ticks_now();
  for (int k = 0; k < kCalls; ++k) (void)bupc_ticks_now();
  return static_cast<double>(bupc_ticks_to_ns(bupc_ticks_now() - start)) / 1e3 / kCalls;
}

// Semaphores and signalling puts: the dialect's upc_sem_* (pgas/upc_sem.h).
typedef upc_sem_t bupc_sem_t;
inline bupc_sem_t *bupc_sem_alloc(int flags, std::source_location loc = std::source_location::current()) {
  return upc_sem_alloc(flags, loc);
}
inline void bupc_sem_free(bupc_sem_t *s) { upc_sem_free(s); }
inline void bupc_sem_post(bupc_sem_t *s) { upc_sem_post(s); }
inline void bupc_sem_postN(bupc_sem_t *s, std::size_t n) { upc_sem_postN(s, n); }
inline void bupc_sem_wait(bupc_sem_t *s) { upc_sem_wait(s); }
inline void bupc_sem_waitN(bupc_sem_t *s, std::size_t n) { upc_sem_waitN(s, n); }
inline int bupc_sem_try(bupc_sem_t *s) { return upc_sem_try(s); }
inline int bupc_sem_tryN(bupc_sem_t *s, std::size_t n) { return upc_sem_tryN(s, n); }
inline void bupc_memput_signal(const pgas::global_ptr<void> &dst, const void *src, std::size_t nbytes,
                               bupc_sem_t *s, std::size_t n) {
  upc_memput_signal(dst, src, nbytes, s, n);
}
inline void bupc_memput_signal_async(const pgas::global_ptr<void> &dst, const void *src, std::size_t nbytes,
                                     bupc_sem_t *s, std::size_t n) {
  upc_memput_signal_async(dst, src, nbytes, s, n);
}

// Asynchronous copies: the dialect's non-blocking transfers (pgas/upc_nb.h); bupc_handle_t,
// bupc_waitsync and bupc_trysync come with pgas/bupc_strided.h, the list transfers and access regions with
// pgas/bupc_transfers.h.
#define BUPC_COMPLETE_HANDLE UPC_COMPLETE_HANDLE
inline bupc_handle_t bupc_memcpy_async(const pgas::global_ptr<void> &dst,
                                       const pgas::global_ptr<const void> &src, std::size_t nbytes) {
  return upc_memcpy_nb(dst, src, nbytes);
}
inline bupc_handle_t bupc_memget_async(void *dst, const pgas::global_ptr<const void> &src,
                                       std::size_t nbytes) {
  return upc_memget_nb(dst, src, nbytes);
}
inline bupc_handle_t bupc_memput_async(const pgas::global_ptr<void> &dst, const void *src,
                                       std::size_t nbytes) {
  return upc_memput_nb(dst, src, nbytes);
}
inline bupc_handle_t bupc_memset_async(const pgas::global_ptr<void> &dst, int c, std::size_t nbytes) {
  return upc_memset_nb(dst, c, nbytes);
}
// The _all forms complete every handle, the _some forms at least one of those in flight (waitsync: it
// blocks until one is; an array with none in flight succeeds at once); a completed handle becomes
// BUPC_COMPLETE_HANDLE, as in Berkeley UPC.
inline void bupc_waitsync_all(bupc_handle_t *handles, std::size_t n) {
  for (std::size_t k = 0; k < n; ++k) {
    bupc_waitsync(handles[k]);
    handles[k] = BUPC_COMPLETE_HANDLE;
  }
}
inline int bupc_trysync_all(bupc_handle_t *handles, std::size_t n) {
  int all = 1;
  for (std::size_t k = 0; k < n; ++k) {
    if (handles[k] != BUPC_COMPLETE_HANDLE && bupc_trysync(handles[k])) handles[k] = BUPC_COMPLETE_HANDLE;
    all = all && handles[k] == BUPC_COMPLETE_HANDLE;
  }
  return all;
}
inline int bupc_trysync_some(bupc_handle_t *handles, std::size_t n) {
  bool pending = false, some = false;
  for (std::size_t k = 0; k < n; ++k)
    if (handles[k] != BUPC_COMPLETE_HANDLE) {
      pending = true;
      if (bupc_trysync(handles[k])) {
        handles[k] = BUPC_COMPLETE_HANDLE;
        some = true;
      }
    }
  return some || !pending;
}
inline void bupc_waitsync_some(bupc_handle_t *handles, std::size_t n) {
  while (!bupc_trysync_some(handles, n)) upc_fence;
}
inline void bupc_memcpy_asynci(const pgas::global_ptr<void> &dst, const pgas::global_ptr<const void> &src,
                               std::size_t nbytes) {
  upc_memcpy_nbi(dst, src, nbytes);
}
inline void bupc_memget_asynci(void *dst, const pgas::global_ptr<const void> &src, std::size_t nbytes) {
  upc_memget_nbi(dst, src, nbytes);
}
inline void bupc_memput_asynci(const pgas::global_ptr<void> &dst, const void *src, std::size_t nbytes) {
  upc_memput_nbi(dst, src, nbytes);
}
inline void bupc_memset_asynci(const pgas::global_ptr<void> &dst, int c, std::size_t nbytes) {
  upc_memset_nbi(dst, c, nbytes);
}
inline void bupc_waitsynci() { upc_synci(); }
inline int bupc_trysynci() { return upc_synci_attempt(); }

// Integer atomics on the transport's remote atomics; the strict forms are fenced on both sides.
namespace pgas_upcc::bupc {
template <class T>
T atomic(const pgas::global_ptr<void> &p, pgas_type_t type, pgas_atomic_op_t op, T operand, T compare,
         bool strict) {
  T old{};
  if (strict) upc_fence;
  remote_atomic(p.handle(), p.thread(), p.offset(), type, op, &operand, &compare, &old);
  if (strict) upc_fence;
  return old;
}
}  // namespace pgas_upcc::bupc

#define PGAS_UPCC_DEFINE_BUPC_ATOMIC(PREFIX, W, T, TRANSPORT, MODE, STRICT)                          \
  inline T PREFIX##W##_read_##MODE(const pgas::global_ptr<void> &p) {                                \
    return pgas_upcc::bupc::atomic<T>(p, TRANSPORT, PGAS_ATOMIC_LOAD, 0, 0, STRICT);                 \
  }                                                                                                  \
  inline void PREFIX##W##_set_##MODE(const pgas::global_ptr<void> &p, T value) {                     \
    pgas_upcc::bupc::atomic<T>(p, TRANSPORT, PGAS_ATOMIC_STORE, value, 0, STRICT);                   \
  }                                                                                                  \
  inline T PREFIX##W##_swap_##MODE(const pgas::global_ptr<void> &p, T value) {                       \
    return pgas_upcc::bupc::atomic<T>(p, TRANSPORT, PGAS_ATOMIC_SWAP, value, 0, STRICT);             \
  }                                                                                                  \
  inline T PREFIX##W##_cswap_##MODE(const pgas::global_ptr<void> &p, T oldvalue, T newvalue) {       \
    return pgas_upcc::bupc::atomic<T>(p, TRANSPORT, PGAS_ATOMIC_CSWAP, newvalue, oldvalue, STRICT);  \
  }                                                                                                  \
  inline T PREFIX##W##_fetchadd_##MODE(const pgas::global_ptr<void> &p, T op) {                      \
    return pgas_upcc::bupc::atomic<T>(p, TRANSPORT, PGAS_ATOMIC_FETCH_ADD, op, 0, STRICT);           \
  }                                                                                                  \
  inline T PREFIX##W##_fetchand_##MODE(const pgas::global_ptr<void> &p, T op) {                      \
    return pgas_upcc::bupc::atomic<T>(p, TRANSPORT, PGAS_ATOMIC_FETCH_AND, op, 0, STRICT);           \
  }                                                                                                  \
  inline T PREFIX##W##_fetchor_##MODE(const pgas::global_ptr<void> &p, T op) {                       \
    return pgas_upcc::bupc::atomic<T>(p, TRANSPORT, PGAS_ATOMIC_FETCH_OR, op, 0, STRICT);            \
  }                                                                                                  \
  inline T PREFIX##W##_fetchxor_##MODE(const pgas::global_ptr<void> &p, T op) {                      \
    return pgas_upcc::bupc::atomic<T>(p, TRANSPORT, PGAS_ATOMIC_FETCH_XOR, op, 0, STRICT);           \
  }                                                                                                  \
  inline T PREFIX##W##_fetchnot_##MODE(const pgas::global_ptr<void> &p) {                            \
    return pgas_upcc::bupc::atomic<T>(p, TRANSPORT, PGAS_ATOMIC_FETCH_XOR, static_cast<T>(~T{0}), 0, \
                                      STRICT);                                                       \
  }
#define PGAS_UPCC_DEFINE_BUPC_ATOMICS(W, T, TRANSPORT)                     \
  PGAS_UPCC_DEFINE_BUPC_ATOMIC(bupc_atomic, W, T, TRANSPORT, strict, true) \
  PGAS_UPCC_DEFINE_BUPC_ATOMIC(bupc_atomic, W, T, TRANSPORT, relaxed, false)
PGAS_UPCC_BUPC_ATOMIC_TYPES(PGAS_UPCC_DEFINE_BUPC_ATOMICS)
#undef PGAS_UPCC_DEFINE_BUPC_ATOMICS
#ifdef BUPC_USE_UPC_NAMESPACE
#define PGAS_UPCC_DEFINE_UPC_ATOMICS(W, T, TRANSPORT)                     \
  PGAS_UPCC_DEFINE_BUPC_ATOMIC(upc_atomic, W, T, TRANSPORT, strict, true) \
  PGAS_UPCC_DEFINE_BUPC_ATOMIC(upc_atomic, W, T, TRANSPORT, relaxed, false)
PGAS_UPCC_BUPC_ATOMIC_TYPES(PGAS_UPCC_DEFINE_UPC_ATOMICS)
#undef PGAS_UPCC_DEFINE_UPC_ATOMICS
#endif
#undef PGAS_UPCC_DEFINE_BUPC_ATOMIC

// Lets the runtime make progress (the network's deliveries and this thread's signalling puts).
inline void bupc_poll() { upc_fence; }

// p advanced by inc elements of elemsz bytes in a layout of blockelems elements per block (0: indefinite).
inline pgas::global_ptr<void> bupc_ptradd(const pgas::global_ptr<void> &p, std::size_t blockelems,
                                          std::size_t elemsz, std::ptrdiff_t inc) {
  const pgas::layout::Position from{p.thread(), static_cast<std::int64_t>(p.phase()),
                                    static_cast<std::int64_t>(p.offset() / elemsz)};
  const auto to = pgas::layout::advance(from, inc, blockelems, static_cast<std::uint64_t>(pgas::threads()));
  return pgas::global_ptr<void>(p.handle(), static_cast<int>(to.thread), static_cast<std::size_t>(to.phase),
                                static_cast<std::size_t>(to.local) * elemsz + p.offset() % elemsz,
                                blockelems);
}

// Another thread of the job is a process on this machine, or across the network under mpirun: NEAR for
// every other thread (the distance is not told apart per machine yet).
inline int bupc_thread_distance(int a, int b) { return a == b ? BUPC_THREADS_SAME : BUPC_THREADS_NEAR; }
