#include "handles.hpp"

#include <cstring>

#include "conduit/active.hpp"
#include "sync/sync_flags.hpp"

namespace pgas::rt {
namespace {

void copy_name(char (&dst)[kNameCapacity], const char *src) {
  std::memset(dst, 0, kNameCapacity);
  if (src != nullptr) std::strncpy(dst, src, kNameCapacity - 1);
}

}  // namespace

pgas_handle_t handle_create(const pgas_layout_t &layout, std::uint64_t seg_offset,
                            std::uint64_t bytes_per_thread, const char *site) {
  ControlBlock &ctl = *g_runtime.ctl;
  std::uint32_t first = 1, stride = 1;
  conduit().handle_slots(&first, &stride);
  for (std::uint32_t index = first; index < kFirstRuntimeSlot; index += stride) {
    HandleDesc &d = ctl.handles[index];
    if (d.state.load(std::memory_order_relaxed) == HandleState::kLive) continue;
    std::uint32_t generation = d.generation.load(std::memory_order_relaxed) + 1;
    if (generation == 0) generation = 1;
    d.kind = layout.kind;
    d.owner = layout.owner;
    d.seg_offset = seg_offset;
    d.bytes_per_thread = bytes_per_thread;
    d.elem_size = layout.elem_size;
    d.block = layout.block;
    d.nelems = layout.nelems;
    copy_name(d.name, layout.name);
    copy_name(d.site, short_site(site));
    d.generation.store(generation, std::memory_order_relaxed);
    d.state.store(HandleState::kLive, std::memory_order_release);
    return (static_cast<pgas_handle_t>(generation) << 32) | index;
  }
  fatal("too many live shared objects (the limit is %u)", kFirstRuntimeSlot - 1);
}

void handle_release(pgas_handle_t h) {
  g_runtime.ctl->handles[handle_index(h)].state.store(HandleState::kFreed, std::memory_order_release);
  count_free();
  conduit().handle_publish(handle_index(h));
}

void count_free() { g_runtime.ctl->frees.fetch_add(1, std::memory_order_release); }

const HandleDesc &handle_lookup_slow(pgas_handle_t h, const char *operation) {
  std::uint32_t index = handle_index(h);
  if (index == 0 || index >= kMaxHandles || !conduit().handle_refresh(index)) report_bad_handle(h, operation);
  const HandleDesc &d = g_runtime.ctl->handles[index];
  if (d.state.load(std::memory_order_acquire) != HandleState::kLive ||
      d.generation.load(std::memory_order_relaxed) != handle_generation(h))
    report_bad_handle(h, operation);
  return d;
}

void report_bad_handle(pgas_handle_t h, const char *operation) {
  std::uint32_t index = handle_index(h);
  if (h == 0) fatal("%s: null pointer-to-shared or unallocated shared object", operation);
  if (index == 0 || index >= kMaxHandles)
    fatal("%s: invalid shared object handle %#llx", operation, static_cast<unsigned long long>(h));
  const HandleDesc &d = g_runtime.ctl->handles[index];
  if (d.generation.load() == handle_generation(h) && d.state.load() == HandleState::kFreed)
    fatal("%s: use of %s after it was freed", operation, describe_handle(h).c_str());
  fatal("%s: use of a freed shared object (handle %#llx, slot reused or never allocated)", operation,
        static_cast<unsigned long long>(h));
}

std::uint64_t resolve_slow(const HandleDesc &d, pgas_handle_t h, int thread, std::size_t offset,
                           std::size_t size, const char *operation) {
  if (static_cast<unsigned>(thread) >= static_cast<unsigned>(g_runtime.threads))
    fatal("%s: thread %d out of range for %s (THREADS is %d)", operation, thread, describe_handle(h).c_str(),
          g_runtime.threads);
  if (d.owner >= 0 && d.owner != thread)
    fatal("%s: %s has no part on thread %d (all of it is on thread %d)", operation,
          describe_handle(h).c_str(), thread, d.owner);
  fatal("%s: index %lld out of range for %s (%llu elements; %zu bytes at byte offset %lld on thread %d)",
        operation, static_cast<long long>(global_index_of(h, thread, offset)), describe_handle(h).c_str(),
        static_cast<unsigned long long>(d.nelems), size, static_cast<long long>(signed_index(offset)),
        thread);
}

}  // namespace pgas::rt
