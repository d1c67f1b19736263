// UPC 1.3's upc_nb.h: non-blocking bulk transfers. The explicit-handle forms return a upc_handle_t that
// upc_sync (or a successful upc_sync_attempt) completes and releases; the implicit-handle _nbi forms are
// all completed by upc_synci. Until then the transfer's private buffer must stay valid and unchanged.
// Remote parts go through the transport's non-blocking functions (remote_get_nb / remote_put_nb, tested by
// remote_test), so the tracer sees them; parts with affinity to the calling thread are copied at once. A
// upc_memcpy_nb between two other threads' parts is a get into a buffer of the caller's, then, once that
// is complete (at a sync or an attempt), a put of it: both non-blocking. As with upc_memget, the
// n bytes of a shared side must lie in one thread's part of the object. Syncing a handle twice, or one
// that no transfer of this thread returned, stops the job.
#pragma once

#include <cstddef>

#include "pgas/detail/api.hpp"
#include "pgas/global_ptr.hpp"
#include "pgas/memory.hpp"

#define __UPC_NB__ 1

typedef struct pgas_upc_nb_transfer *upc_handle_t;
#define UPC_COMPLETE_HANDLE (static_cast<upc_handle_t>(nullptr))

#pragma GCC visibility push(default)
namespace pgas::detail {
// The transfer behind every form; `implicit` files it under upc_synci instead of returning it.
upc_handle_t memcpy_nb(gaddr dst, gaddr src, std::size_t n, bool implicit);
upc_handle_t memget_nb(void *dst, gaddr src, std::size_t n, bool implicit);
upc_handle_t memput_nb(gaddr dst, const void *src, std::size_t n, bool implicit);
upc_handle_t memset_nb(gaddr dst, int c, std::size_t n, bool implicit);
void sync_nb(upc_handle_t handle, const char *operation);
int sync_attempt(upc_handle_t handle);
void sync_implicit();
int sync_implicit_attempt();
}  // namespace pgas::detail
#pragma GCC visibility pop

inline upc_handle_t upc_memcpy_nb(const pgas::global_ptr<void> &dst, const pgas::global_ptr<const void> &src,
                                  std::size_t n) {
  return pgas::detail::memcpy_nb(pgas::detail::address_of(dst), pgas::detail::address_of(src), n, false);
}
inline upc_handle_t upc_memget_nb(void *dst, const pgas::global_ptr<const void> &src, std::size_t n) {
  return pgas::detail::memget_nb(dst, pgas::detail::address_of(src), n, false);
}
inline upc_handle_t upc_memput_nb(const pgas::global_ptr<void> &dst, const void *src, std::size_t n) {
  return pgas::detail::memput_nb(pgas::detail::address_of(dst), src, n, false);
}
inline upc_handle_t upc_memset_nb(const pgas::global_ptr<void> &dst, int c, std::size_t n) {
  return pgas::detail::memset_nb(pgas::detail::address_of(dst), c, n, false);
}
// Waits for the transfer and releases its handle (UPC_COMPLETE_HANDLE: nothing to do).
inline void upc_sync(upc_handle_t handle) { pgas::detail::sync_nb(handle, "upc_sync"); }
// 1 when the transfer is complete (its handle is then released), 0 when it is still in flight; never
// waits (remote_test; see pgas/transport.h for what a put's test does on the MPI conduit).
inline int upc_sync_attempt(upc_handle_t handle) { return pgas::detail::sync_attempt(handle); }

inline void upc_memcpy_nbi(const pgas::global_ptr<void> &dst, const pgas::global_ptr<const void> &src,
                           std::size_t n) {
  pgas::detail::memcpy_nb(pgas::detail::address_of(dst), pgas::detail::address_of(src), n, true);
}
inline void upc_memget_nbi(void *dst, const pgas::global_ptr<const void> &src, std::size_t n) {
  pgas::detail::memget_nb(dst, pgas::detail::address_of(src), n, true);
}
inline void upc_memput_nbi(const pgas::global_ptr<void> &dst, const void *src, std::size_t n) {
  pgas::detail::memput_nb(pgas::detail::address_of(dst), src, n, true);
}
inline void upc_memset_nbi(const pgas::global_ptr<void> &dst, int c, std::size_t n) {
  pgas::detail::memset_nb(pgas::detail::address_of(dst), c, n, true);
}
// Waits for every implicit-handle transfer of the calling thread.
inline void upc_synci() { pgas::detail::sync_implicit(); }
// 1 when every implicit-handle transfer of the calling thread is complete, else 0; never waits.
inline int upc_synci_attempt() { return pgas::detail::sync_implicit_attempt(); }
