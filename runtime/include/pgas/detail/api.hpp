// The out-of-line entry points of libpgas that the dialect headers call. Not for direct use.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <source_location>

#include "pgas/detail/fast_divisor.hpp"
#include "pgas/transport.h"

// Functions on the path from a user's expression to a transport call are always inlined, so that the
// call's return address lies in the user's own function (the tracer attributes it to the user's line).
#define PGAS_ALWAYS_INLINE [[gnu::always_inline]] inline

#pragma GCC visibility push(default)  // libpgas exports exactly what its public headers declare

namespace pgas::detail {

extern int g_mythread;  // set before any user code runs
extern int g_threads;
extern fast_divisor g_threads_divisor;  // THREADS, for pointer-to-shared arithmetic
// True while this process has work that only progresses when it enters the runtime: one-sided traffic on a
// network conduit without asynchronous progress (MPI), or asynchronous signalling puts in flight (their
// increments are made once their bytes have landed). Strict local accesses and upc_fence then call
// make_progress().
extern bool g_progress_needed;
void make_progress();

// The calling thread's part of `handle` (address of its first byte), or nullptr if it holds none.
void *local_base(pgas_handle_t handle);
// Validated address of [offset, offset + size) in the calling thread's part of `handle`, found through the
// handle table; it remembers the part in g_local_parts when the calling thread holds one.
void *local_address_lookup(pgas_handle_t handle, std::size_t offset, std::size_t size, const char *operation);

// The calling thread's parts of the objects it dereferenced last through pointers-to-shared, direct-mapped
// by handle, so that a local element costs a few loads instead of a call. An entry is good while the job
// has freed no object since it was filled (`frees` equals *g_frees): a free anywhere empties the cache.
struct local_part {
  pgas_handle_t handle;
  std::byte *base;
  std::size_t bytes;
  std::uint64_t frees;
};
inline constexpr std::size_t kLocalParts = 64;
extern local_part g_local_parts[kLocalParts];
extern const std::atomic<std::uint64_t> *g_frees;  // the job's count of freed shared objects

// local_address_lookup() with the cache in front.
PGAS_ALWAYS_INLINE void *local_address(pgas_handle_t handle, std::size_t offset, std::size_t size,
                                       const char *operation) {
  const local_part &part = g_local_parts[handle % kLocalParts];
  if (part.handle == handle && part.frees == g_frees->load(std::memory_order_relaxed) &&
      offset <= part.bytes && size <= part.bytes - offset) [[likely]]
    return part.base + offset;
  return local_address_lookup(handle, offset, size, operation);
}
// The layout `handle` was created with (validated).
pgas_layout_t layout_of(pgas_handle_t handle);

// Element-wise atomic combine (accv) and atomic operations on memory of this process; shared by the
// transport and by the dialect's local fast paths.
std::size_t type_size(pgas_type_t type);
void combine_element(pgas_type_t type, pgas_acc_op_t op, void *target, const void *operand);
void atomic_element(pgas_type_t type, pgas_atomic_op_t op, void *target, const void *operand,
                    const void *compare, void *result);

[[noreturn]] void index_out_of_range(pgas_handle_t handle, std::size_t index, std::size_t nelems);
[[noreturn]] void index2d_out_of_range(pgas_handle_t handle, std::size_t row, std::size_t column,
                                       std::size_t rows, std::size_t cols);
[[noreturn]] void not_local(pgas_handle_t handle, int thread, const char *operation);
// A pointer whose run-time blocking factor `carried` was converted implicitly to a type with blocking factor
// `wanted`.
[[noreturn]] void block_mismatch(pgas_handle_t handle, std::size_t carried, std::size_t wanted);
// A pointer to shared void whose phase is not below the blocking factor of the type it was converted to.
[[noreturn]] void phase_out_of_range(pgas_handle_t handle, std::size_t phase, std::size_t block);

// Barriers; id == nullptr means no barrier id; `where` is the user's statement, for error messages.
void barrier_notify(const std::int64_t *id, const std::source_location &where);
void barrier_wait(const std::int64_t *id);
void barrier(const std::int64_t *id, const std::source_location &where);

// A shared address: the object, the thread and the byte offset inside that thread's part.
struct gaddr {
  pgas_handle_t handle;
  int thread;
  std::size_t offset;
};

// Bulk copies behind upc_memget / upc_memput / upc_memcpy / upc_memset.
void memget(void *dst, gaddr src, std::size_t n);
void memput(gaddr dst, const void *src, std::size_t n);
void memcpy_shared(gaddr dst, gaddr src, std::size_t n);
void memset_shared(gaddr dst, int c, std::size_t n);

// Allocation behind upc_all_alloc / upc_global_alloc / upc_alloc / upc_free; `site` is "file:line".
pgas_handle_t allocate(pgas_alloc_kind_t kind, std::size_t nblocks, std::size_t nbytes, const char *site);
void free_shared(pgas_handle_t handle, const char *operation);
// Collective: every thread names the same object (or none), one frees it.
void all_free_shared(pgas_handle_t handle);

}  // namespace pgas::detail

// UPC's upc_global_exit: ends every thread of the job with `status` (flushing this thread's stdio first).
extern "C" [[noreturn]] void upc_global_exit(int status);

#pragma GCC visibility pop

namespace pgas {
inline int mythread() { return detail::g_mythread; }  // MYTHREAD
inline int threads() { return detail::g_threads; }    // THREADS
}  // namespace pgas
