// The strong definitions of the transport functions: each measures the runtime's implementation
// (_remote_*) and records the call. When tracing is off, each costs one predictable branch.
#include <cstdint>

#include "clock.hpp"
#include "pgas/tracedb/raw_format.hpp"
#include "pgas/transport.h"
#include "recorder.hpp"

using pgas::trace::Event;
using pgas::trace::Offsets;
using Op = pgas::tracedb::raw::Op;

namespace {

// Makes the call and records it; one call in PGAS_TRACE_TIME_EVERY is timed (see recorder.hpp).
template <class Call>
[[gnu::always_inline]] inline auto traced(const Event &event, Call call) {
  using pgas::trace::ticks;
  if (!pgas::trace::recording()) return call();
  const bool timed = pgas::trace::time_this_call();
  const std::uint64_t start = timed ? ticks() : 0;
  if constexpr (std::is_void_v<decltype(call())>) {
    call();
    pgas::trace::record(event, timed, start, timed ? ticks() - start : 0);
  } else {
    auto result = call();
    pgas::trace::record(event, timed, start, timed ? ticks() - start : 0);
    return result;
  }
}

#define RETURN_ADDRESS reinterpret_cast<std::uint64_t>(__builtin_return_address(0))

Event single(Op op, pgas_handle_t h, int thread, std::uint64_t ra, size_t offset, size_t size) {
  return {op, h, thread, ra, 1, size, Offsets{nullptr, 1, offset}};
}
Event vector(Op op, pgas_handle_t h, int thread, std::uint64_t ra, const size_t *offsets, size_t count,
             size_t size) {
  return {op, h, thread, ra, count, count * size, Offsets{offsets, count, 0}};
}
size_t type_bytes(pgas_type_t type) {
  return type == PGAS_INT32 || type == PGAS_UINT32 || type == PGAS_FLOAT ? 4 : 8;
}

}  // namespace

extern "C" {

void remote_get(pgas_handle_t h, int thread, size_t offset, void *dst, size_t size) {
  traced(single(Op::kGet, h, thread, RETURN_ADDRESS, offset, size),
         [&] { _remote_get(h, thread, offset, dst, size); });
}
void remote_put(pgas_handle_t h, int thread, size_t offset, const void *src, size_t size) {
  traced(single(Op::kPut, h, thread, RETURN_ADDRESS, offset, size),
         [&] { _remote_put(h, thread, offset, src, size); });
}
void remote_get_strict(pgas_handle_t h, int thread, size_t offset, void *dst, size_t size) {
  traced(single(Op::kGetStrict, h, thread, RETURN_ADDRESS, offset, size),
         [&] { _remote_get_strict(h, thread, offset, dst, size); });
}
void remote_put_strict(pgas_handle_t h, int thread, size_t offset, const void *src, size_t size) {
  traced(single(Op::kPutStrict, h, thread, RETURN_ADDRESS, offset, size),
         [&] { _remote_put_strict(h, thread, offset, src, size); });
}
void remote_memget(pgas_handle_t h, int thread, size_t offset, void *dst, size_t size) {
  // A bulk transfer counts as `size` one-byte elements of the index space it covers: histogram its start.
  traced(single(Op::kMemget, h, thread, RETURN_ADDRESS, offset, size),
         [&] { _remote_memget(h, thread, offset, dst, size); });
}
void remote_memput(pgas_handle_t h, int thread, size_t offset, const void *src, size_t size) {
  traced(single(Op::kMemput, h, thread, RETURN_ADDRESS, offset, size),
         [&] { _remote_memput(h, thread, offset, src, size); });
}
void remote_getv(pgas_handle_t h, int thread, const size_t *offsets, size_t count, size_t size, void *dst) {
  traced(vector(Op::kGetv, h, thread, RETURN_ADDRESS, offsets, count, size),
         [&] { _remote_getv(h, thread, offsets, count, size, dst); });
}
void remote_putv(pgas_handle_t h, int thread, const size_t *offsets, size_t count, size_t size,
                 const void *src) {
  traced(vector(Op::kPutv, h, thread, RETURN_ADDRESS, offsets, count, size),
         [&] { _remote_putv(h, thread, offsets, count, size, src); });
}
void remote_accv(pgas_handle_t h, int thread, const size_t *offsets, size_t count, pgas_type_t type,
                 pgas_acc_op_t op, const void *src) {
  traced(vector(Op::kAccv, h, thread, RETURN_ADDRESS, offsets, count, type_bytes(type)),
         [&] { _remote_accv(h, thread, offsets, count, type, op, src); });
}
pgas_token_t remote_get_nb(pgas_handle_t h, int thread, size_t offset, void *dst, size_t size) {
  return traced(single(Op::kGetNb, h, thread, RETURN_ADDRESS, offset, size),
                [&] { return _remote_get_nb(h, thread, offset, dst, size); });
}
pgas_token_t remote_put_nb(pgas_handle_t h, int thread, size_t offset, const void *src, size_t size) {
  return traced(single(Op::kPutNb, h, thread, RETURN_ADDRESS, offset, size),
                [&] { return _remote_put_nb(h, thread, offset, src, size); });
}
pgas_token_t remote_getv_nb(pgas_handle_t h, int thread, const size_t *offsets, size_t count, size_t size,
                            void *dst) {
  return traced(vector(Op::kGetvNb, h, thread, RETURN_ADDRESS, offsets, count, size),
                [&] { return _remote_getv_nb(h, thread, offsets, count, size, dst); });
}
pgas_token_t remote_putv_nb(pgas_handle_t h, int thread, const size_t *offsets, size_t count, size_t size,
                            const void *src) {
  return traced(vector(Op::kPutvNb, h, thread, RETURN_ADDRESS, offsets, count, size),
                [&] { return _remote_putv_nb(h, thread, offsets, count, size, src); });
}
void remote_atomic(pgas_handle_t h, int thread, size_t offset, pgas_type_t type, pgas_atomic_op_t op,
                   const void *operand, const void *compare, void *result) {
  traced(single(Op::kAtomic, h, thread, RETURN_ADDRESS, offset, type_bytes(type)),
         [&] { _remote_atomic(h, thread, offset, type, op, operand, compare, result); });
}

// Other threads' memory is never handed out for direct access while tracing: the accesses would bypass the
// wrappers above (the cache then moves its data through them, and they are recorded).
void *remote_cast(pgas_handle_t h, int thread) {
  return thread == pgas_thread_id() ? _remote_cast(h, thread) : nullptr;
}

// Synchronization of non-blocking transfers is not an access; it is passed through unmeasured.
void remote_sync(pgas_token_t token) { _remote_sync(token); }
void remote_sync_all(void) { _remote_sync_all(); }

pgas_handle_t remote_alloc(const pgas_layout_t *layout) {
  std::uint64_t ra = RETURN_ADDRESS;
  pgas_handle_t handle = _remote_alloc(layout);
  if (pgas::trace::recording()) pgas::trace::record_allocation(handle, *layout, ra);
  return handle;
}
void remote_free(pgas_handle_t handle) { _remote_free(handle); }

}  // extern "C"
