// The transport functions: each validates its handle, thread and offsets (misuse is reported here, the
// same on every conduit), has the conduit move the bytes, and adds the emulated network cost when
// emulation is on. Each public name is a weak alias of its implementation (docs/architecture.md section 4): a
// profiler's strong definition replaces it. The aliases are generated from the list of operations
// (pgas/transport_operations.h), and an alias must be in the file that defines its target: so every
// implementation is here (allocation's work is in heap.cpp).
#include "pgas/transport.h"

#include <type_traits>
#include <vector>

#include "conduit/active.hpp"
#include "emulation.hpp"
#include "errors.hpp"
#include "handles.hpp"
#include "heap.hpp"
#include "pgas/detail/api.hpp"
#include "runtime.hpp"
#include "sync/semaphore.hpp"

using namespace pgas::rt;

namespace {

void check_aligned(std::uint64_t at, size_t alignment, const char *operation) {
  if (at % alignment != 0) fatal("%s: target address is not aligned to %zu bytes", operation, alignment);
}

// The validated segment offsets of a vector transfer's elements (reused buffer: no allocation per call).
// The handle is looked up once; each offset is checked against the thread's part.
const std::uint64_t *element_offsets(pgas_handle_t h, int thread, const size_t *offsets, size_t count,
                                     size_t size, const char *operation) {
  thread_local std::vector<std::uint64_t> buffer;
  if (buffer.size() < count) buffer.resize(count);
  std::uint64_t *at = buffer.data();
  if (count == 0) return at;
  const std::uint64_t first = resolve_offset(h, thread, offsets[0], size, operation);
  const HandleDesc &d = handle_lookup(h, operation);
  const std::uint64_t base = first - offsets[0], limit = d.bytes_per_thread;
  for (size_t k = 0; k < count; ++k) {
    if (offsets[k] > limit || size > limit - offsets[k])
      resolve_slow(d, h, thread, offsets[k], size, operation);
    at[k] = base + offsets[k];
  }
  return at;
}

}  // namespace

extern "C" {

void _remote_get(pgas_handle_t h, int thread, size_t offset, void *dst, size_t size) {
  const std::uint64_t at = resolve_offset(h, thread, offset, size, "remote_get");
  with_conduit([&](auto &c) { c.get(thread, at, dst, size); });
  emulate_transfer(size);
}

void _remote_put(pgas_handle_t h, int thread, size_t offset, const void *src, size_t size) {
  const std::uint64_t at = resolve_offset(h, thread, offset, size, "remote_put");
  with_conduit([&](auto &c) { c.put(thread, at, src, size); });
  emulate_transfer(size);
}

void _remote_get_strict(pgas_handle_t h, int thread, size_t offset, void *dst, size_t size) {
  const std::uint64_t at = resolve_offset(h, thread, offset, size, "remote_get_strict");
  with_conduit([&](auto &c) { c.get_strict(thread, at, dst, size); });
  emulate_transfer(size);
}

void _remote_put_strict(pgas_handle_t h, int thread, size_t offset, const void *src, size_t size) {
  const std::uint64_t at = resolve_offset(h, thread, offset, size, "remote_put_strict");
  with_conduit([&](auto &c) { c.put_strict(thread, at, src, size); });
  emulate_transfer(size);
}

void _remote_memget(pgas_handle_t h, int thread, size_t offset, void *dst, size_t size) {
  const std::uint64_t at = resolve_offset(h, thread, offset, size, "upc_memget");
  with_conduit([&](auto &c) { c.get(thread, at, dst, size); });
  emulate_transfer(size);
}

void _remote_memput(pgas_handle_t h, int thread, size_t offset, const void *src, size_t size) {
  const std::uint64_t at = resolve_offset(h, thread, offset, size, "upc_memput");
  with_conduit([&](auto &c) { c.put(thread, at, src, size); });
  emulate_transfer(size);
}

void _remote_getv(pgas_handle_t h, int thread, const size_t *offsets, size_t count, size_t size, void *dst) {
  const std::uint64_t *at = element_offsets(h, thread, offsets, count, size, "remote_getv");
  with_conduit([&](auto &c) { c.getv(thread, at, count, size, dst); });
  emulate_transfer(count * size);
}

void _remote_putv(pgas_handle_t h, int thread, const size_t *offsets, size_t count, size_t size,
                  const void *src) {
  const std::uint64_t *at = element_offsets(h, thread, offsets, count, size, "remote_putv");
  with_conduit([&](auto &c) { c.putv(thread, at, count, size, src); });
  emulate_transfer(count * size);
}

void _remote_accv(pgas_handle_t h, int thread, const size_t *offsets, size_t count, pgas_type_t type,
                  pgas_acc_op_t op, const void *src) {
  const size_t size = pgas::detail::type_size(type);
  const std::uint64_t *at = element_offsets(h, thread, offsets, count, size, "remote_accv");
  for (size_t k = 0; k < count; ++k) check_aligned(at[k], size, "remote_accv");
  with_conduit([&](auto &c) { c.accv(thread, at, count, type, op, src); });
  emulate_transfer(count * size);
}

pgas_token_t _remote_get_nb(pgas_handle_t h, int thread, size_t offset, void *dst, size_t size) {
  const std::uint64_t at = resolve_offset(h, thread, offset, size, "remote_get_nb");
  return with_conduit([&](auto &c) { return c.get_nb(thread, at, dst, size); });
}

pgas_token_t _remote_put_nb(pgas_handle_t h, int thread, size_t offset, const void *src, size_t size) {
  const std::uint64_t at = resolve_offset(h, thread, offset, size, "remote_put_nb");
  return with_conduit([&](auto &c) { return c.put_nb(thread, at, src, size); });
}

pgas_token_t _remote_getv_nb(pgas_handle_t h, int thread, const size_t *offsets, size_t count, size_t size,
                             void *dst) {
  const std::uint64_t *at = element_offsets(h, thread, offsets, count, size, "remote_getv_nb");
  return with_conduit([&](auto &c) { return c.getv_nb(thread, at, count, size, dst); });
}

pgas_token_t _remote_putv_nb(pgas_handle_t h, int thread, const size_t *offsets, size_t count, size_t size,
                             const void *src) {
  const std::uint64_t *at = element_offsets(h, thread, offsets, count, size, "remote_putv_nb");
  return with_conduit([&](auto &c) { return c.putv_nb(thread, at, count, size, src); });
}

void _remote_sync(pgas_token_t token) {
  with_conduit([&](auto &c) { c.sync(token); });
}

void _remote_sync_all(void) {
  with_conduit([&](auto &c) { c.sync_all(); });
}

int _remote_test(pgas_handle_t h, int thread, pgas_token_t token) {
  resolve_offset(h, thread, 0, 0, "remote_test");  // the transfer's target must exist
  if (token == 0) return 1;
  return with_conduit([&](auto &c) { return c.test(token); }) ? 1 : 0;
}

void _remote_atomic(pgas_handle_t h, int thread, size_t offset, pgas_type_t type, pgas_atomic_op_t op,
                    const void *operand, const void *compare, void *result) {
  const size_t size = pgas::detail::type_size(type);
  const std::uint64_t at = resolve_offset(h, thread, offset, size, "remote_atomic");
  check_aligned(at, size, "remote_atomic");
  if (op == PGAS_ATOMIC_CSWAP && compare == nullptr) fatal("atomic compare-and-swap without a compare value");
  with_conduit([&](auto &c) { c.atomic(thread, at, type, op, operand, compare, result); });
  emulate_transfer(size);
}

void *_remote_cast(pgas_handle_t h, int thread) {
  const HandleDesc &d = handle_lookup(h, "remote_cast");
  if (static_cast<unsigned>(thread) >= static_cast<unsigned>(g_runtime.threads))
    resolve_slow(d, h, thread, 0, 0, "remote_cast");  // reports the thread out of range
  if ((d.owner >= 0 && d.owner != thread) || d.bytes_per_thread == 0) return nullptr;
  if (thread != g_runtime.mythread && g_emulation.enabled) return nullptr;
  std::byte *segment = g_runtime.segments[thread];  // mapped: every thread's on shm, only this one's on mpi
  return segment == nullptr ? nullptr : segment + d.seg_offset;
}

pgas_handle_t _remote_alloc(const pgas_layout_t *layout) { return allocate_object(layout); }

void _remote_free(pgas_handle_t h) { free_object(h); }

void _remote_memput_signal(pgas_handle_t h, int thread, size_t offset, const void *src, size_t size,
                           pgas_handle_t sem, size_t n, int flags) {
  signalling_put(h, thread, offset, src, size, sem, n, flags);
}

void _remote_memget_signal(pgas_handle_t h, int thread, size_t offset, void *dst, size_t size,
                           pgas_handle_t sem, size_t n, int flags) {
  signalling_get(h, thread, offset, dst, size, sem, n, flags);
}

void _remote_sem_post(pgas_handle_t h, int thread, size_t n, int flags) {
  semaphore_post(h, thread, n, flags);
}

void _remote_coll_recv(pgas_handle_t, int, size_t, size_t) {}

size_t _remote_sem_wait(pgas_handle_t h, int thread, size_t n, size_t m, int blocking) {
  return semaphore_wait(h, thread, n, m, blocking != 0);
}

}  // extern "C"

// Each documented public prototype in transport.h has the list's type (its _remote_ twin is declared from
// the list, and a definition above of another type would not compile either).
#define PGAS_CHECK_PUBLIC_TYPE(name, result, parameters, arguments, record, direction, recorded) \
  static_assert(std::is_same_v<decltype(remote_##name), decltype(_remote_##name)>,               \
                "transport.h: remote_" #name " differs from the list in pgas/transport_operations.h");
PGAS_TRANSPORT_OPERATIONS(PGAS_CHECK_PUBLIC_TYPE)

// The public names, weak aliases of the implementations.
#define PGAS_PRAGMA(text) _Pragma(#text)
#define PGAS_WEAK_ALIAS(name, result, parameters, arguments, record, direction, recorded) \
  PGAS_PRAGMA(weak remote_##name = _remote_##name)
PGAS_TRANSPORT_OPERATIONS(PGAS_WEAK_ALIAS)
