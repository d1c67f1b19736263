// The strong definitions of the transport functions: each measures the runtime's implementation
// (_remote_*) and records the call. When tracing is off, each costs one predictable branch. They are
// generated from the list of operations (pgas/transport_operations.h), except the custom ones at the end.
#include <cstdint>

#include "clock.hpp"
#include "pgas/tracedb/raw_format.hpp"
#include "pgas/transport.h"
#include "recorder.hpp"

using pgas::trace::Event;
using pgas::trace::Offsets;
using Op = pgas::tracedb::raw::Op;

namespace {

// Makes the call and records it; one call in PGAS_TRACE_TIME_EVERY is timed (see recorder.hpp), or every
// call with kAlwaysTimed (waits).
template <bool kAlwaysTimed = false, class Call>
[[gnu::always_inline]] inline auto traced(const Event &event, Call call) {
  using pgas::trace::ticks;
  if (!pgas::trace::recording()) return call();
  const bool timed = kAlwaysTimed || pgas::trace::time_this_call();
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

Event single(Op op, pgas_handle_t h, int thread, std::uint64_t ra, size_t offset, size_t size) {
  return {op, h, thread, ra, 1, size, Offsets{nullptr, 1, offset}};
}
Event vector(Op op, pgas_handle_t h, int thread, std::uint64_t ra, const size_t *offsets, size_t count,
             size_t size) {
  return {op, h, thread, ra, count, count * size, Offsets{offsets, count, 0}};
}

}  // namespace

#define RETURN_ADDRESS reinterpret_cast<std::uint64_t>(__builtin_return_address(0))
#define PGAS_UNPARENTHESIZED(...) __VA_ARGS__

// One wrapper per operation of the list (pgas/transport_operations.h), by how it is recorded: the event
// (single or vector) is built from the arguments, then the implementation is called and timed.
#define PGAS_WRAPPER(name, result, parameters, arguments, record, direction, recorded) \
  PGAS_WRAPPER_##record(name, result, parameters, arguments, recorded)
#define PGAS_WRAPPER_single(name, result, parameters, arguments, recorded)                         \
  result remote_##name parameters {                                                                \
    return traced(single(Op::name, handle, thread, RETURN_ADDRESS, PGAS_UNPARENTHESIZED recorded), \
                  [&] { return _remote_##name arguments; });                                       \
  }
#define PGAS_WRAPPER_vector(name, result, parameters, arguments, recorded)                         \
  result remote_##name parameters {                                                                \
    return traced(vector(Op::name, handle, thread, RETURN_ADDRESS, PGAS_UNPARENTHESIZED recorded), \
                  [&] { return _remote_##name arguments; });                                       \
  }
// A wait: recorded like a single access, and timed every time; also a synchronization event of kind
// sem_wait on the handle (the only waiting operation), so that its time counts as waiting.
#define PGAS_WRAPPER_waiting(name, result, parameters, arguments, recorded)                                 \
  result remote_##name parameters {                                                                         \
    const std::uint64_t ra = RETURN_ADDRESS;                                                                \
    if (pgas::trace::recording()) pgas::trace::sync_enter(PGAS_SYNC_sem_wait, handle, "remote_" #name, ra); \
    auto done = traced<true>(single(Op::name, handle, thread, ra, PGAS_UNPARENTHESIZED recorded),           \
                             [&] { return _remote_##name arguments; });                                     \
    if (pgas::trace::recording()) pgas::trace::sync_exit(PGAS_SYNC_sem_wait, handle);                       \
    return done;                                                                                            \
  }
// Not an access (synchronization of non-blocking transfers, freeing): passed through unmeasured.
#define PGAS_WRAPPER_none(name, result, parameters, arguments, recorded) \
  result remote_##name parameters { return _remote_##name arguments; }
// Written below by hand.
#define PGAS_WRAPPER_custom(name, result, parameters, arguments, recorded)

extern "C" {

PGAS_TRANSPORT_OPERATIONS(PGAS_WRAPPER)

// The custom ones: they do something else than time a call.

// Other threads' memory is never handed out for direct access while tracing: the accesses would bypass the
// wrappers above (the cache then moves its data through them, and they are recorded).
void *remote_cast(pgas_handle_t h, int thread) {
  return thread == pgas_thread_id() ? _remote_cast(h, thread) : nullptr;
}

// Records which call site created the handle (the variable's allocation), not an access.
pgas_handle_t remote_alloc(const pgas_layout_t *layout) {
  std::uint64_t ra = RETURN_ADDRESS;
  pgas_handle_t handle = _remote_alloc(layout);
  if (pgas::trace::recording()) pgas::trace::record_allocation(handle, *layout, ra);
  return handle;
}

}  // extern "C"
