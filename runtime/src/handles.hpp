// The job's table of shared objects (handles). Creation and release happen under the heap mutex; lookups
// are lock-free and validate the handle, so a freed or forged handle is reported, never followed.
#pragma once

#include <cstdint>

#include "control.hpp"
#include "errors.hpp"
#include "runtime.hpp"

namespace pgas::rt {

inline std::uint32_t handle_index(pgas_handle_t h) { return static_cast<std::uint32_t>(h); }
inline std::uint32_t handle_generation(pgas_handle_t h) { return static_cast<std::uint32_t>(h >> 32); }

// Publishes a new live handle with the given layout and placement. Caller holds the heap mutex.
pgas_handle_t handle_create(const pgas_layout_t &layout, std::uint64_t seg_offset,
                            std::uint64_t bytes_per_thread, const char *site);

// Marks the handle freed (later lookups report use after free). Caller holds the heap mutex.
void handle_release(pgas_handle_t h);
// Counts a free in this process's control block, so that the cached local parts of objects are looked up
// again (handle_release does; a network conduit's process whose copy of a descriptor learns of a free too).
void count_free();

[[noreturn]] void report_bad_handle(pgas_handle_t h, const char *operation);

// The descriptor of `h` when this process's copy is stale (a network conduit fetches it from the thread
// that created it), or a fatal error naming `operation`.
const HandleDesc &handle_lookup_slow(pgas_handle_t h, const char *operation);

// The live descriptor of `h`, or a fatal error naming `operation`.
inline const HandleDesc &handle_lookup(pgas_handle_t h, const char *operation) {
  std::uint32_t index = handle_index(h);
  if (index == 0 || index >= kMaxHandles) report_bad_handle(h, operation);
  const HandleDesc &d = g_runtime.ctl->handles[index];
  if (d.state.load(std::memory_order_acquire) != HandleState::kLive ||
      d.generation.load(std::memory_order_relaxed) != handle_generation(h)) [[unlikely]]
    return handle_lookup_slow(h, operation);
  return d;
}

// Reports why [offset, offset + size) is not in `thread`'s part of the object: the element index and
// the object.
[[noreturn]] std::uint64_t resolve_slow(const HandleDesc &d, pgas_handle_t h, int thread, std::size_t offset,
                                        std::size_t size, const char *operation);

// Checks that [offset, offset + size) lies in `thread`'s part of the object and returns where it starts in
// that thread's segment.
inline std::uint64_t resolve_offset(const HandleDesc &d, pgas_handle_t h, int thread, std::size_t offset,
                                    std::size_t size, const char *operation) {
  bool in_range = static_cast<unsigned>(thread) < static_cast<unsigned>(g_runtime.threads) &&
                  (d.owner < 0 || d.owner == thread) && offset <= d.bytes_per_thread &&
                  size <= d.bytes_per_thread - offset;
  if (!in_range) resolve_slow(d, h, thread, offset, size, operation);
  return d.seg_offset + offset;
}

inline std::uint64_t resolve_offset(pgas_handle_t h, int thread, std::size_t offset, std::size_t size,
                                    const char *operation) {
  return resolve_offset(handle_lookup(h, operation), h, thread, offset, size, operation);
}

// The same, as an address in this process: only for this thread's own segment (or any on shm).
inline std::byte *resolve(pgas_handle_t h, int thread, std::size_t offset, std::size_t size,
                          const char *operation) {
  return segment_address(thread, resolve_offset(h, thread, offset, size, operation));
}

}  // namespace pgas::rt
