// The shared heap: remote_alloc / remote_free (the handle-creating transport routines) and the UPC
// allocation functions built on them. Memory handed out is zero: it is fresh, or was zeroed when freed.
#include "heap.hpp"

#include <cstring>
#include <functional>
#include <limits>
#include <string>

#include "collective.hpp"
#include "conduit/active.hpp"
#include "errors.hpp"
#include "handles.hpp"
#include "pgas/detail/api.hpp"
#include "range_allocator.hpp"
#include "runtime.hpp"
#include "sync/sync_flags.hpp"
#include "wait.hpp"

namespace pgas::rt {
namespace {

// The heap mutex held, and one heap's allocator open for the scope (owner -1: the symmetric heap).
class OpenHeap {
 public:
  explicit OpenHeap(int owner) : owner_(owner) {
    conduit().heap_lock();
    heap_ = &conduit().heap_open(owner);
  }
  ~OpenHeap() {
    conduit().heap_close(owner_);
    conduit().heap_unlock();
  }
  OpenHeap(const OpenHeap &) = delete;
  OpenHeap &operator=(const OpenHeap &) = delete;
  RangeAllocator &get() { return *heap_; }

 private:
  int owner_;
  RangeAllocator *heap_;
};

constexpr std::uint64_t kTooLarge = std::numeric_limits<std::uint64_t>::max();

// Bytes each thread holding part of the object reserves, or kTooLarge on overflow.
std::uint64_t bytes_per_thread(const pgas_layout_t &l, int threads) {
  if (l.elem_size == 0) return kTooLarge;
  if (l.nelems > kTooLarge / l.elem_size) return kTooLarge;
  if (l.block == 0) return l.nelems * l.elem_size;
  std::uint64_t blocks = (l.nelems + l.block - 1) / l.block;
  std::uint64_t blocks_here =
      (blocks + static_cast<std::uint64_t>(threads) - 1) / static_cast<std::uint64_t>(threads);
  if (blocks_here != 0 && l.block > kTooLarge / blocks_here / l.elem_size) return kTooLarge;
  return blocks_here * l.block * l.elem_size;
}

// Reserves the object's space and publishes its handle; on failure returns 0 and explains in `error`.
pgas_handle_t reserve(const pgas_layout_t &l, std::string &error) {
  std::uint64_t bytes = bytes_per_thread(l, g_runtime.threads);
  OpenHeap open(l.owner);
  RangeAllocator &heap = open.get();
  auto offset = bytes == kTooLarge ? std::nullopt : range_alloc(heap, bytes);
  if (!offset) {
    error = "shared heap exhausted: cannot allocate " +
            (bytes == kTooLarge ? "an overflowing size" : std::to_string(bytes) + " bytes") +
            (l.owner >= 0 ? " on thread " + std::to_string(l.owner) : " per thread") +
            " for the object allocated at " + (l.site ? short_site(l.site) : "?") +
            " (largest free block: " + std::to_string(range_largest_free(heap)) +
            " bytes; raise pgasrun --segment-size, now " + std::to_string(g_runtime.segment_size) +
            " bytes per thread)";
    return 0;
  }
  return handle_create(l, *offset, bytes, l.site);
}

// Zeroes `thread`'s part of the object, so that the next object allocated there starts zeroed.
void zero_part(const HandleDesc &d, int thread) {
  if (d.bytes_per_thread > 0) conduit().zero(thread, d.seg_offset, d.bytes_per_thread);
}

void release(pgas_handle_t h, const HandleDesc &d) {
  OpenHeap open(d.owner);
  if (!range_free(open.get(), d.seg_offset, d.bytes_per_thread))
    fatal("shared heap corrupted while freeing %s", describe_handle(h).c_str());
  handle_release(h);
}

// The layout a live handle was created with; name and site point into the control block.
pgas_layout_t layout_from(const HandleDesc &d) {
  return {d.elem_size,
          d.block,
          d.nelems,
          d.owner,
          d.kind,
          d.name[0] ? d.name : nullptr,
          d.site[0] ? d.site : nullptr};
}

// upc_all_alloc is collective but, as in UPC, its memory is freed by one thread; declared shared arrays are
// created and destroyed by all threads together.
bool allocation_is_collective(pgas_alloc_kind_t kind) {
  return kind == PGAS_ALLOC_STATIC || kind == PGAS_ALLOC_ALL;
}
bool free_is_collective(pgas_alloc_kind_t kind) { return kind == PGAS_ALLOC_STATIC; }

// The collective step of a collective allocation of `l`: every thread's layout compared, `leader`'s result
// (the handle, or 0 with an error) given to all.
pgas_handle_t allocate_together(const pgas_layout_t &l,
                                const std::function<std::uint64_t(std::string &error)> &leader) {
  const bool all_alloc = l.kind == PGAS_ALLOC_ALL;
  const CollectiveCall call{.kind = all_alloc ? CollectiveKind::kAllAlloc : CollectiveKind::kArrayAlloc,
                            .site = l.site};
  return collective_call(call, all_alloc ? "upc_all_alloc" : "shared array allocation",
                         {l.elem_size, l.block, l.nelems, static_cast<std::uint64_t>(l.owner)}, leader);
}

}  // namespace
}  // namespace pgas::rt

using namespace pgas::rt;

extern "C" int pgas_handle_layout(pgas_handle_t h, pgas_layout_t *layout) {
  std::uint32_t index = handle_index(h);
  if (g_runtime.ctl == nullptr || index == 0 || index >= kMaxHandles) return 0;
  const HandleDesc &d = g_runtime.ctl->handles[index];
  if (d.generation.load(std::memory_order_acquire) != handle_generation(h) ||
      d.state.load(std::memory_order_acquire) != HandleState::kLive)
    return 0;
  *layout = layout_from(d);
  return 1;
}

pgas_handle_t pgas::rt::allocate_object(const pgas_layout_t *layout) {
  Runtime &r = runtime("remote_alloc");
  pgas_layout_t l = *layout;
  if (l.elem_size == 0)
    fatal("remote_alloc: element size 0 for the object allocated at %s", l.site ? short_site(l.site) : "?");
  if (l.kind == PGAS_ALLOC_LOCAL) l.owner = r.mythread;
  if (l.block == 0 && (l.owner < 0 || l.owner >= r.threads))
    fatal("remote_alloc: owner thread %d out of range for an object with indefinite block size", l.owner);
  if (l.block != 0) l.owner = -1;
  if (!allocation_is_collective(l.kind)) {
    std::string error;
    pgas_handle_t h = reserve(l, error);
    if (h == 0) fatal("%s", error.c_str());
    return h;
  }
  return allocate_together(l, [&](std::string &error) { return reserve(l, error); });
}

void pgas::rt::free_object(pgas_handle_t h) {
  Runtime &r = runtime("remote_free");
  const HandleDesc &d = handle_lookup(h, "upc_free");
  if (handle_index(h) >= kFirstRuntimeSlot)
    fatal("upc_free: %s belongs to the runtime", describe_handle(h).c_str());
  if (!free_is_collective(d.kind)) {
    for (int t = 0; t < r.threads; ++t)
      if (d.owner < 0 || d.owner == t) zero_part(d, t);
    release(h, d);
    return;
  }
  // Collective: every thread zeroes its own part once all are done with the object.
  collective_enter({.kind = CollectiveKind::kArrayFree, .object = h});
  collective_agree("collective free", {h}, [](std::string &) { return 0; });
  if (d.owner < 0 || d.owner == r.mythread) zero_part(d, r.mythread);
  collective_agree("collective free", {h}, [&](std::string &) {
    release(h, d);
    return 0;
  });
  if (conduit().handle_refresh(handle_index(h))) count_free();  // a network conduit's copy learns of it
}

namespace pgas::detail {

pgas_handle_t allocate(pgas_alloc_kind_t kind, std::size_t nblocks, std::size_t nbytes, const char *site) {
  pgas_layout_t l{};
  l.kind = kind;
  l.site = site;
  if (kind == PGAS_ALLOC_LOCAL) {
    l = {1, 0, nbytes, g_mythread, kind, nullptr, site};
  } else {
    l = {nbytes, 1, nblocks, -1, kind, nullptr, site};
  }
  // UPC 1.3 section 7.2.2: when nblocks * nbytes (upc_alloc: nbytes) is zero the result is a null
  // pointer-to-shared. upc_all_alloc stays a collective operation whose arguments are compared.
  if (nblocks == 0 || nbytes == 0) {
    if (kind == PGAS_ALLOC_ALL)
      pgas::rt::allocate_together(l, [](std::string &) { return std::uint64_t{0}; });
    return 0;
  }
  return remote_alloc(&l);
}

void free_shared(pgas_handle_t handle, const char *operation) {
  if (handle == 0) return;  // upc_free(NULL) does nothing
  const HandleDesc &d = handle_lookup(handle, operation);
  if (d.kind == PGAS_ALLOC_STATIC)
    fatal("%s: %s is a declared shared variable; it is freed when it goes out of scope", operation,
          describe_handle(handle).c_str());
  remote_free(handle);
}

void all_free_shared(pgas_handle_t handle) {
  collective_call({.kind = CollectiveKind::kAllFree, .object = handle}, "upc_all_free", {handle},
                  [&](std::string &) {
                    free_shared(handle, "upc_all_free");
                    return 0;
                  });
}

void *local_base(pgas_handle_t handle) {
  const HandleDesc &d = handle_lookup(handle, "local access");
  if ((d.owner >= 0 && d.owner != g_runtime.mythread) || d.bytes_per_thread == 0) return nullptr;
  return segment_address(g_runtime.mythread, d.seg_offset);
}

local_part g_local_parts[kLocalParts];
namespace {
const std::atomic<std::uint64_t> no_frees{0};
}
const std::atomic<std::uint64_t> *g_frees = &no_frees;

void *local_address_lookup(pgas_handle_t handle, std::size_t offset, std::size_t size,
                           const char *operation) {
  const std::uint64_t frees = g_frees->load(std::memory_order_acquire);  // before the lookup it covers
  const int me = g_runtime.mythread;
  const HandleDesc &d = handle_lookup(handle, operation);
  void *address = segment_address(me, resolve_offset(d, handle, me, offset, size, operation));
  // resolve_offset returned, so this thread holds a part of the object: cache it.
  g_local_parts[handle % kLocalParts] = {handle, segment_address(me, d.seg_offset), d.bytes_per_thread,
                                         frees};
  return address;
}

pgas_layout_t layout_of(pgas_handle_t handle) {
  const HandleDesc &d = handle_lookup(handle, "layout query");
  return layout_from(d);
}

void not_local(pgas_handle_t handle, int thread, const char *operation) {
  fatal("%s: the element of %s has affinity to thread %d, not to this thread", operation,
        describe_handle(handle).c_str(), thread);
}

}  // namespace pgas::detail

bool pgas::rt::local_heap_fits(std::uint64_t bytes) {
  OpenHeap open(runtime("remote_alloc").mythread);
  const std::uint64_t largest = range_largest_free(open.get());
  return bytes <= largest && (bytes + kAllocAlignment - 1) / kAllocAlignment * kAllocAlignment <= largest;
}
