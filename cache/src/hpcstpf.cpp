// The C API: a handle is a registry slot (low 32 bits) and its generation (high 32 bits), so that using a
// closed cache is reported instead of touching freed memory.
#include "pgas/hpcstpf.h"

#include <memory>
#include <vector>

#include "cache_error.hpp"
#include "pgas/detail/api.hpp"
#include "pgas/detail/cache_core.hpp"

using pgas::detail::cache_core;
using pgas::detail::cache_fatal;

namespace {

struct slot {
  std::unique_ptr<cache_core> cache;
  std::uint32_t generation = 0;
};
std::vector<slot> &registry() {
  static std::vector<slot> slots;  // per process, that is per UPC thread
  return slots;
}

cache_core &lookup(hpcstpf_handle_t h, const char *operation) {
  auto &slots = registry();
  std::uint64_t index = h & 0xffffffffu;
  if (h == 0 || index >= slots.size() || slots[index].generation != (h >> 32) || !slots[index].cache)
    cache_fatal("hpcstpf_%s: use of a closed or invalid cache (handle %#llx)", operation,
                static_cast<unsigned long long>(h));
  return *slots[index].cache;
}

}  // namespace

// Only an enum with a fixed underlying type can be list-initialized from an integer: hpcstpf_open_ex may
// read a policy no enumerator names (UBSan's enum check caught the load of 42 before the fix).
static_assert(hpcstpf_policy_t{42u} != HPCSTPF_ANY);

extern "C" {

hpcstpf_handle_t hpcstpf_open_ex(pgas_handle_t array, size_t chunk, hpcstpf_policy_t policy,
                                 pgas_type_t type) {
  pgas_layout_t layout;
  if (!pgas_handle_layout(array, &layout))
    cache_fatal("hpcstpf_open: unknown or freed shared object %#llx", static_cast<unsigned long long>(array));
  pgas::detail::cache_geometry g{array, layout.elem_size, layout.elem_size, layout.block, layout.owner,
                                 0,     layout.nelems};
  auto cache = std::make_unique<cache_core>(g, chunk, policy, type, "hpcstpf_");
  auto &slots = registry();
  std::size_t index = 1;  // slot 0 is unused, so that no handle is 0
  while (index < slots.size() && slots[index].cache) ++index;
  if (index >= slots.size()) slots.resize(index + 1);
  slots[index].cache = std::move(cache);
  return (std::uint64_t{++slots[index].generation} << 32) | index;
}

hpcstpf_handle_t hpcstpf_open(pgas_handle_t array, size_t chunk) {
  return hpcstpf_open_ex(array, chunk, HPCSTPF_ANY, PGAS_INT32);
}

void hpcstpf_hint(hpcstpf_handle_t h, size_t index) { lookup(h, "hint").hint(index); }
void hpcstpf_start_download(hpcstpf_handle_t h) { lookup(h, "start_download").start_download(); }
void hpcstpf_finish_download(hpcstpf_handle_t h) { lookup(h, "finish_download").finish_download(); }
void hpcstpf_get(hpcstpf_handle_t h, size_t index, void *value) { lookup(h, "get").get(index, value); }
void hpcstpf_put(hpcstpf_handle_t h, size_t index, const void *value) { lookup(h, "put").put(index, value); }
void hpcstpf_start_upload(hpcstpf_handle_t h) { lookup(h, "start_upload").start_upload(); }
void hpcstpf_finish_upload(hpcstpf_handle_t h) { lookup(h, "finish_upload").finish_upload(); }

void hpcstpf_close(hpcstpf_handle_t h) {
  lookup(h, "close").close();
  registry()[h & 0xffffffffu].cache.reset();
}

void hpcstpf_stats(hpcstpf_handle_t h, hpcstpf_stats_t *stats) { *stats = lookup(h, "stats").stats(); }
size_t hpcstpf_memory(hpcstpf_handle_t h) { return lookup(h, "memory").memory_bytes(); }
int hpcstpf_wants_hints(hpcstpf_handle_t h) { return lookup(h, "wants_hints").wants_hints() ? 1 : 0; }
size_t hpcstpf_memory_bound(size_t chunk, size_t elem_size) {
  return chunk * HPCSTPF_BYTES_PER_ELEMENT(elem_size) + 16 * static_cast<size_t>(pgas_thread_count()) + 64;
}

}  // extern "C"
