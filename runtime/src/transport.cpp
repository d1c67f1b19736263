// The transport functions on the shm conduit: every thread's segment is mapped here, so a remote access is
// a validated copy, plus the emulated network cost when emulation is on. Each public name is a weak alias
// of its implementation (DESIGN.md section 4): a profiler's strong definition replaces it.
#include "pgas/transport.h"

#include <atomic>
#include <cstring>

#include "emulation.hpp"
#include "errors.hpp"
#include "handles.hpp"
#include "pgas/detail/api.hpp"
#include "runtime.hpp"

using namespace pgas::rt;

namespace {

void fence() { std::atomic_thread_fence(std::memory_order_seq_cst); }

// The address of each element of a vector transfer; every offset is checked.
template <class Fn>
void for_each_element(pgas_handle_t h, int thread, const size_t *offsets, size_t count, size_t size,
                      const char *operation, Fn fn) {
  for (size_t k = 0; k < count; ++k) fn(k, resolve(h, thread, offsets[k], size, operation));
}

void check_aligned(const void *address, size_t alignment, const char *operation) {
  if (reinterpret_cast<uintptr_t>(address) % alignment != 0)
    fatal("%s: target address is not aligned to %zu bytes", operation, alignment);
}

// The data movement of the vector transfers, shared by their blocking and non-blocking forms.
void gather(pgas_handle_t h, int thread, const size_t *offsets, size_t count, size_t size, void *dst,
            const char *operation) {
  auto *out = static_cast<std::byte *>(dst);
  for_each_element(h, thread, offsets, count, size, operation,
                   [&](size_t k, const std::byte *element) { std::memcpy(out + k * size, element, size); });
}

void scatter(pgas_handle_t h, int thread, const size_t *offsets, size_t count, size_t size, const void *src,
             const char *operation) {
  const auto *in = static_cast<const std::byte *>(src);
  for_each_element(h, thread, offsets, count, size, operation,
                   [&](size_t k, std::byte *element) { std::memcpy(element, in + k * size, size); });
}

pgas_token_t token_for(size_t bytes) {
  return g_emulation.enabled ? emulation_issue(bytes) : 0;  // a token is its completion time
}

}  // namespace

extern "C" {

void _remote_get(pgas_handle_t h, int thread, size_t offset, void *dst, size_t size) {
  std::memcpy(dst, resolve(h, thread, offset, size, "remote_get"), size);
  emulate_transfer(size);
}

void _remote_put(pgas_handle_t h, int thread, size_t offset, const void *src, size_t size) {
  std::memcpy(resolve(h, thread, offset, size, "remote_put"), src, size);
  emulate_transfer(size);
}

void _remote_get_strict(pgas_handle_t h, int thread, size_t offset, void *dst, size_t size) {
  const std::byte *source = resolve(h, thread, offset, size, "remote_get_strict");
  fence();
  std::memcpy(dst, source, size);
  fence();
  emulate_transfer(size);
}

void _remote_put_strict(pgas_handle_t h, int thread, size_t offset, const void *src, size_t size) {
  std::byte *target = resolve(h, thread, offset, size, "remote_put_strict");
  fence();
  std::memcpy(target, src, size);
  fence();
  emulate_transfer(size);
}

void _remote_memget(pgas_handle_t h, int thread, size_t offset, void *dst, size_t size) {
  std::memcpy(dst, resolve(h, thread, offset, size, "upc_memget"), size);
  emulate_transfer(size);
}

void _remote_memput(pgas_handle_t h, int thread, size_t offset, const void *src, size_t size) {
  std::memcpy(resolve(h, thread, offset, size, "upc_memput"), src, size);
  emulate_transfer(size);
}

void _remote_getv(pgas_handle_t h, int thread, const size_t *offsets, size_t count, size_t size, void *dst) {
  gather(h, thread, offsets, count, size, dst, "remote_getv");
  emulate_transfer(count * size);
}

void _remote_putv(pgas_handle_t h, int thread, const size_t *offsets, size_t count, size_t size,
                  const void *src) {
  scatter(h, thread, offsets, count, size, src, "remote_putv");
  emulate_transfer(count * size);
}

void _remote_accv(pgas_handle_t h, int thread, const size_t *offsets, size_t count, pgas_type_t type,
                  pgas_acc_op_t op, const void *src) {
  const size_t size = pgas::detail::type_size(type);
  const auto *in = static_cast<const std::byte *>(src);
  for_each_element(h, thread, offsets, count, size, "remote_accv", [&](size_t k, std::byte *element) {
    check_aligned(element, size, "remote_accv");
    pgas::detail::combine_element(type, op, element, in + k * size);
  });
  emulate_transfer(count * size);
}

pgas_token_t _remote_get_nb(pgas_handle_t h, int thread, size_t offset, void *dst, size_t size) {
  std::memcpy(dst, resolve(h, thread, offset, size, "remote_get_nb"), size);
  return token_for(size);
}

pgas_token_t _remote_put_nb(pgas_handle_t h, int thread, size_t offset, const void *src, size_t size) {
  std::memcpy(resolve(h, thread, offset, size, "remote_put_nb"), src, size);
  return token_for(size);
}

pgas_token_t _remote_getv_nb(pgas_handle_t h, int thread, const size_t *offsets, size_t count, size_t size,
                             void *dst) {
  gather(h, thread, offsets, count, size, dst, "remote_getv_nb");
  return token_for(count * size);
}

pgas_token_t _remote_putv_nb(pgas_handle_t h, int thread, const size_t *offsets, size_t count, size_t size,
                             const void *src) {
  scatter(h, thread, offsets, count, size, src, "remote_putv_nb");
  return token_for(count * size);
}

void _remote_sync(pgas_token_t token) {
  if (token != 0) emulation_wait_until(token);
}

void _remote_sync_all(void) {
  if (g_emulation.enabled) emulation_wait_until(emulation_last_deadline());
}

void _remote_atomic(pgas_handle_t h, int thread, size_t offset, pgas_type_t type, pgas_atomic_op_t op,
                    const void *operand, const void *compare, void *result) {
  const size_t size = pgas::detail::type_size(type);
  std::byte *target = resolve(h, thread, offset, size, "remote_atomic");
  check_aligned(target, size, "remote_atomic");
  pgas::detail::atomic_element(type, op, target, operand, compare, result);
  emulate_transfer(size);
}

}  // extern "C"

#pragma weak remote_get = _remote_get
#pragma weak remote_put = _remote_put
#pragma weak remote_get_strict = _remote_get_strict
#pragma weak remote_put_strict = _remote_put_strict
#pragma weak remote_memget = _remote_memget
#pragma weak remote_memput = _remote_memput
#pragma weak remote_getv = _remote_getv
#pragma weak remote_putv = _remote_putv
#pragma weak remote_accv = _remote_accv
#pragma weak remote_get_nb = _remote_get_nb
#pragma weak remote_put_nb = _remote_put_nb
#pragma weak remote_getv_nb = _remote_getv_nb
#pragma weak remote_putv_nb = _remote_putv_nb
#pragma weak remote_sync = _remote_sync
#pragma weak remote_sync_all = _remote_sync_all
#pragma weak remote_atomic = _remote_atomic
