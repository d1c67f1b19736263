// Berkeley UPC's strided bulk transfers, the usual way hand-tuned UPC codes move sub-matrices:
//  - bupc_memget_fstrided / bupc_memput_fstrided: `count` chunks of `chunklen` bytes, `stride` bytes apart,
//    described separately for the private and the shared side (equal total bytes);
//  - bupc_memget_strided / bupc_memput_strided: GASNet-style regions of `stridelevels` dimensions
//    (count[0] contiguous bytes, count[i] steps of strides[i - 1] bytes on each side);
//  - bupc_memcpy_fstrided / bupc_memcpy_strided: the same between two shared sides, each side in one
//    thread's part (each chunk moves as its own transfer);
//  - their _async forms, returning a handle for bupc_waitsync / bupc_trysync (the upc_handle_t of
//    pgas/upc_nb.h, so upc_sync works too).
// The shared side must have affinity to one thread; its chunks move in one vector transport call
// (remote_getv / remote_putv, or their _nb forms), so a strided get from one owner is one call.
#pragma once

#include <cstddef>

#include "pgas/detail/api.hpp"
#include "pgas/global_ptr.hpp"
#include "pgas/memory.hpp"
#include "pgas/upc_nb.h"

typedef upc_handle_t bupc_handle_t;
#define BUPC_COMPLETE_HANDLE UPC_COMPLETE_HANDLE

#pragma GCC visibility push(default)
namespace pgas::detail {
// One side of a strided transfer: chunks of `chunk` bytes at the offsets sum(i_k * strides[k]) for
// 0 <= i_k < counts[k], k < levels (level 0 varies fastest).
struct strided_side {
  std::size_t chunk;
  std::size_t levels;
  const std::size_t *strides;
  const std::size_t *counts;
};
upc_handle_t strided_get(void *dst, strided_side dst_side, gaddr src, strided_side src_side, bool async,
                         const char *operation);
upc_handle_t strided_put(gaddr dst, strided_side dst_side, const void *src, strided_side src_side, bool async,
                         const char *operation);
upc_handle_t strided_copy(gaddr dst, strided_side dst_side, gaddr src, strided_side src_side, bool async,
                          const char *operation);
}  // namespace pgas::detail
#pragma GCC visibility pop

inline void bupc_memget_fstrided(void *dstaddr, std::size_t dstchunklen, std::size_t dstchunkstride,
                                 std::size_t dstchunkcount, const pgas::global_ptr<const void> &srcaddr,
                                 std::size_t srcchunklen, std::size_t srcchunkstride,
                                 std::size_t srcchunkcount) {
  pgas::detail::strided_get(dstaddr, {dstchunklen, 1, &dstchunkstride, &dstchunkcount},
                            pgas::detail::address_of(srcaddr),
                            {srcchunklen, 1, &srcchunkstride, &srcchunkcount}, false, "bupc_memget_fstrided");
}
inline void bupc_memput_fstrided(const pgas::global_ptr<void> &dstaddr, std::size_t dstchunklen,
                                 std::size_t dstchunkstride, std::size_t dstchunkcount, const void *srcaddr,
                                 std::size_t srcchunklen, std::size_t srcchunkstride,
                                 std::size_t srcchunkcount) {
  pgas::detail::strided_put(pgas::detail::address_of(dstaddr),
                            {dstchunklen, 1, &dstchunkstride, &dstchunkcount}, srcaddr,
                            {srcchunklen, 1, &srcchunkstride, &srcchunkcount}, false, "bupc_memput_fstrided");
}
inline bupc_handle_t bupc_memget_fstrided_async(void *dstaddr, std::size_t dstchunklen,
                                                std::size_t dstchunkstride, std::size_t dstchunkcount,
                                                const pgas::global_ptr<const void> &srcaddr,
                                                std::size_t srcchunklen, std::size_t srcchunkstride,
                                                std::size_t srcchunkcount) {
  return pgas::detail::strided_get(
      dstaddr, {dstchunklen, 1, &dstchunkstride, &dstchunkcount}, pgas::detail::address_of(srcaddr),
      {srcchunklen, 1, &srcchunkstride, &srcchunkcount}, true, "bupc_memget_fstrided_async");
}
inline bupc_handle_t bupc_memput_fstrided_async(const pgas::global_ptr<void> &dstaddr,
                                                std::size_t dstchunklen, std::size_t dstchunkstride,
                                                std::size_t dstchunkcount, const void *srcaddr,
                                                std::size_t srcchunklen, std::size_t srcchunkstride,
                                                std::size_t srcchunkcount) {
  return pgas::detail::strided_put(
      pgas::detail::address_of(dstaddr), {dstchunklen, 1, &dstchunkstride, &dstchunkcount}, srcaddr,
      {srcchunklen, 1, &srcchunkstride, &srcchunkcount}, true, "bupc_memput_fstrided_async");
}

inline void bupc_memget_strided(void *dstaddr, const std::size_t dststrides[],
                                const pgas::global_ptr<const void> &srcaddr, const std::size_t srcstrides[],
                                const std::size_t count[], std::size_t stridelevels) {
  pgas::detail::strided_get(dstaddr, {count[0], stridelevels, dststrides, count + 1},
                            pgas::detail::address_of(srcaddr),
                            {count[0], stridelevels, srcstrides, count + 1}, false, "bupc_memget_strided");
}
inline void bupc_memput_strided(const pgas::global_ptr<void> &dstaddr, const std::size_t dststrides[],
                                const void *srcaddr, const std::size_t srcstrides[],
                                const std::size_t count[], std::size_t stridelevels) {
  pgas::detail::strided_put(pgas::detail::address_of(dstaddr),
                            {count[0], stridelevels, dststrides, count + 1}, srcaddr,
                            {count[0], stridelevels, srcstrides, count + 1}, false, "bupc_memput_strided");
}
inline bupc_handle_t bupc_memget_strided_async(void *dstaddr, const std::size_t dststrides[],
                                               const pgas::global_ptr<const void> &srcaddr,
                                               const std::size_t srcstrides[], const std::size_t count[],
                                               std::size_t stridelevels) {
  return pgas::detail::strided_get(
      dstaddr, {count[0], stridelevels, dststrides, count + 1}, pgas::detail::address_of(srcaddr),
      {count[0], stridelevels, srcstrides, count + 1}, true, "bupc_memget_strided_async");
}
inline bupc_handle_t bupc_memput_strided_async(const pgas::global_ptr<void> &dstaddr,
                                               const std::size_t dststrides[], const void *srcaddr,
                                               const std::size_t srcstrides[], const std::size_t count[],
                                               std::size_t stridelevels) {
  return pgas::detail::strided_put(
      pgas::detail::address_of(dstaddr), {count[0], stridelevels, dststrides, count + 1}, srcaddr,
      {count[0], stridelevels, srcstrides, count + 1}, true, "bupc_memput_strided_async");
}

inline void bupc_memcpy_fstrided(const pgas::global_ptr<void> &dstaddr, std::size_t dstchunklen,
                                 std::size_t dstchunkstride, std::size_t dstchunkcount,
                                 const pgas::global_ptr<const void> &srcaddr, std::size_t srcchunklen,
                                 std::size_t srcchunkstride, std::size_t srcchunkcount) {
  pgas::detail::strided_copy(
      pgas::detail::address_of(dstaddr), {dstchunklen, 1, &dstchunkstride, &dstchunkcount},
      pgas::detail::address_of(srcaddr), {srcchunklen, 1, &srcchunkstride, &srcchunkcount}, false,
      "bupc_memcpy_fstrided");
}
inline bupc_handle_t bupc_memcpy_fstrided_async(const pgas::global_ptr<void> &dstaddr,
                                                std::size_t dstchunklen, std::size_t dstchunkstride,
                                                std::size_t dstchunkcount,
                                                const pgas::global_ptr<const void> &srcaddr,
                                                std::size_t srcchunklen, std::size_t srcchunkstride,
                                                std::size_t srcchunkcount) {
  return pgas::detail::strided_copy(
      pgas::detail::address_of(dstaddr), {dstchunklen, 1, &dstchunkstride, &dstchunkcount},
      pgas::detail::address_of(srcaddr), {srcchunklen, 1, &srcchunkstride, &srcchunkcount}, true,
      "bupc_memcpy_fstrided_async");
}
inline void bupc_memcpy_strided(const pgas::global_ptr<void> &dstaddr, const std::size_t dststrides[],
                                const pgas::global_ptr<const void> &srcaddr, const std::size_t srcstrides[],
                                const std::size_t count[], std::size_t stridelevels) {
  pgas::detail::strided_copy(pgas::detail::address_of(dstaddr),
                             {count[0], stridelevels, dststrides, count + 1},
                             pgas::detail::address_of(srcaddr),
                             {count[0], stridelevels, srcstrides, count + 1}, false, "bupc_memcpy_strided");
}
inline bupc_handle_t bupc_memcpy_strided_async(const pgas::global_ptr<void> &dstaddr,
                                               const std::size_t dststrides[],
                                               const pgas::global_ptr<const void> &srcaddr,
                                               const std::size_t srcstrides[], const std::size_t count[],
                                               std::size_t stridelevels) {
  return pgas::detail::strided_copy(
      pgas::detail::address_of(dstaddr), {count[0], stridelevels, dststrides, count + 1},
      pgas::detail::address_of(srcaddr), {count[0], stridelevels, srcstrides, count + 1}, true,
      "bupc_memcpy_strided_async");
}

inline void bupc_waitsync(bupc_handle_t handle) { upc_sync(handle); }
inline int bupc_trysync(bupc_handle_t handle) { return upc_sync_attempt(handle); }
