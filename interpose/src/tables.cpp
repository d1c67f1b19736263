#include "tables.hpp"

#include <algorithm>
#include <cstring>

#include "call_sites.hpp"
#include "clock.hpp"

namespace pgas::trace {
namespace {

using namespace tracedb::raw;

constexpr unsigned kMaxProbes = 64;  // a table this crowded counts the event as dropped
constexpr std::uint64_t kCalibrationEvery = 1u << 16;

std::uint64_t g_events = 0;
std::uint64_t g_ticks_per_bucket = 0;  // timeline bucket width in ticks; 0 = off
int g_threads = 1;

std::uint64_t mix(std::uint64_t x) {  // splitmix64 finalizer
  x ^= x >> 30;
  x *= 0xbf58476d1ce4e5b9ull;
  x ^= x >> 27;
  x *= 0x94d049bb133111ebull;
  return x ^ (x >> 31);
}

// The handle most recently accessed, with what turns an offset into a bin without divisions in the common
// cases (loops touch one array many times in a row).
struct HotHandle {
  std::uint64_t handle = 0;
  Handle *slot = nullptr;
  double bins_per_element = 0;  // bins / nelems
  unsigned elem_shift = 0;      // log2(elem_size) when it is a power of two
  bool elem_pow2 = false;
};
HotHandle g_hot;

// The global element index of the element at byte `offset` in `peer`'s part of the handle.
std::uint64_t global_index(const HotHandle &hot, int peer, std::size_t offset) {
  const Handle &h = *hot.slot;
  std::uint64_t local = hot.elem_pow2 ? offset >> hot.elem_shift : offset / h.elem_size;
  if (h.block == 0) return local;
  if (h.block == 1) return local * static_cast<std::uint64_t>(g_threads) + static_cast<std::uint64_t>(peer);
  return ((local / h.block) * static_cast<std::uint64_t>(g_threads) + static_cast<std::uint64_t>(peer)) * h.block +
         local % h.block;
}

HotHandle make_hot(Handle *slot, std::uint64_t bins) {
  HotHandle hot;
  hot.handle = slot->handle.load(std::memory_order_relaxed);
  hot.slot = slot;
  hot.bins_per_element = static_cast<double>(bins) / static_cast<double>(slot->nelems);
  std::uint64_t size = slot->elem_size ? slot->elem_size : 1;
  hot.elem_pow2 = (size & (size - 1)) == 0;
  hot.elem_shift = static_cast<unsigned>(__builtin_ctzll(size));
  return hot;
}

Handle *find_handle(File &file, pgas_handle_t handle) {
  std::uint32_t mask = kHandleCapacity - 1;
  for (std::uint32_t i = static_cast<std::uint32_t>(mix(handle)) & mask, probe = 0; probe < kMaxProbes;
       ++probe, i = (i + 1) & mask) {
    std::uint64_t key = file.handles[i].handle.load(std::memory_order_relaxed);
    if (key == handle) return &file.handles[i];
    if (key == 0) return nullptr;
  }
  return nullptr;
}

// Bucket width in ticks needs the tick rate now (the importer calibrates everything else afterwards):
// measured over 2 ms, only when a timeline is asked for.
void calibrate_timeline(File &file) {
  if (file.header.timeline_interval_ns == 0) return;
  std::uint64_t t0 = ticks(), m0 = monotonic_ns(), m1 = m0;
  while (m1 - m0 < 2000000) m1 = monotonic_ns();
  double ticks_per_ns = static_cast<double>(ticks() - t0) / static_cast<double>(m1 - m0);
  g_ticks_per_bucket =
      std::max<std::uint64_t>(1, static_cast<std::uint64_t>(ticks_per_ns * static_cast<double>(file.header.timeline_interval_ns)));
}

// A full timeline merges neighbouring buckets and doubles the interval: bounded memory for any run length.
void halve_timeline(File &file) {
  for (std::uint32_t b = 0; b < kTimelineCapacity / 2; ++b) {
    file.timeline[b].count = file.timeline[2 * b].count + file.timeline[2 * b + 1].count;
    file.timeline[b].bytes = file.timeline[2 * b].bytes + file.timeline[2 * b + 1].bytes;
  }
  std::memset(&file.timeline[kTimelineCapacity / 2], 0, sizeof(TimelineBucket) * (kTimelineCapacity / 2));
  file.header.timeline_interval_ns *= 2;
  g_ticks_per_bucket *= 2;
  file.header.timeline_used.store(kTimelineCapacity / 2, std::memory_order_relaxed);
}

}  // namespace

void start_tables(File &file) {
  g_threads = static_cast<int>(file.header.threads);
  calibrate_timeline(file);
}

void update_calibration(File &file) {
  file.header.ticks1.store(ticks(), std::memory_order_relaxed);
  file.header.mono1.store(monotonic_ns(), std::memory_order_relaxed);
}

std::uint32_t site_slot(File &file, std::uint64_t pc) {
  if (pc == 0) return 0;
  std::uint32_t mask = kSiteCapacity - 1;
  for (std::uint32_t i = static_cast<std::uint32_t>(mix(pc)) & mask, probe = 0; probe < kMaxProbes;
       ++probe, i = (i + 1) & mask) {
    if (i == 0) continue;  // slot 0 is the unknown site
    std::uint64_t key = file.sites[i].pc.load(std::memory_order_relaxed);
    if (key == pc) return i;
    if (key != 0) continue;
    int module = module_of(file, pc);
    if (module < 0) {  // loaded after start (dlopen): look again
      scan_modules(file);
      module = module_of(file, pc);
    }
    file.sites[i].module = module;
    file.sites[i].pc.store(pc, std::memory_order_release);
    file.header.sites_used.fetch_add(1, std::memory_order_relaxed);
    return i;
  }
  return 0;
}

Handle *add_handle(File &file, pgas_handle_t handle, const pgas_layout_t &layout, std::uint32_t alloc_site,
                   bool allocated_here) {
  std::uint32_t mask = kHandleCapacity - 1;
  for (std::uint32_t i = static_cast<std::uint32_t>(mix(handle)) & mask, probe = 0; probe < kMaxProbes;
       ++probe, i = (i + 1) & mask) {
    Handle &h = file.handles[i];
    std::uint64_t key = h.handle.load(std::memory_order_relaxed);
    if (key == handle) {
      if (allocated_here && !h.allocated_here) h.allocated_here = 1, h.alloc_site = alloc_site;
      return &h;
    }
    if (key != 0) continue;
    h.elem_size = layout.elem_size;
    h.block = layout.block;
    h.nelems = layout.nelems;
    h.owner = layout.owner;
    h.kind = static_cast<std::uint32_t>(layout.kind);
    h.alloc_site = alloc_site;
    h.allocated_here = allocated_here;
    std::snprintf(h.name, sizeof h.name, "%s", layout.name ? layout.name : "");
    std::snprintf(h.alloc_location, sizeof h.alloc_location, "%s", layout.site ? layout.site : "");
    h.handle.store(handle, std::memory_order_release);
    file.header.handles_used.fetch_add(1, std::memory_order_relaxed);
    return &h;
  }
  file.header.dropped.fetch_add(1, std::memory_order_relaxed);
  return nullptr;
}

void add_access(File &file, const Event &e, std::uint32_t site, std::uint64_t duration) {
  Header &header = file.header;
  header.transport_ticks.store(header.transport_ticks.load(std::memory_order_relaxed) + duration, std::memory_order_relaxed);
  header.remote_count.store(header.remote_count.load(std::memory_order_relaxed) + 1, std::memory_order_relaxed);
  header.remote_bytes.store(header.remote_bytes.load(std::memory_order_relaxed) + e.bytes, std::memory_order_relaxed);
  if (++g_events % kCalibrationEvery == 0) update_calibration(file);

  const auto op = static_cast<std::uint16_t>(e.op);
  std::uint64_t hash = mix(e.handle ^ (static_cast<std::uint64_t>(site) << 20) ^
                           (static_cast<std::uint64_t>(static_cast<std::uint32_t>(e.peer)) << 40) ^
                           (static_cast<std::uint64_t>(op) << 56));
  std::uint32_t mask = kAccessCapacity - 1;
  for (std::uint32_t i = static_cast<std::uint32_t>(hash) & mask, probe = 0; probe < kMaxProbes;
       ++probe, i = (i + 1) & mask) {
    AccessRecord &r = file.access[i];
    std::uint64_t key = r.key_handle.load(std::memory_order_relaxed);
    if (key == 0) {
      r.site = site;
      r.peer = e.peer;
      r.op = op;
      r.ticks_min = duration;
      r.key_handle.store(e.handle, std::memory_order_release);
    } else if (key != e.handle || r.site != site || r.peer != e.peer || r.op != op) {
      continue;
    }
    r.count += 1;
    r.elements += e.elements;
    r.bytes += e.bytes;
    r.ticks_sum += duration;
    r.ticks_min = std::min(r.ticks_min, duration);
    r.ticks_max = std::max(r.ticks_max, duration);
    return;
  }
  header.dropped.fetch_add(1, std::memory_order_relaxed);
}

void add_to_histogram(File &file, const Event &e) {
  const std::uint64_t bins = file.header.bins;
  if (g_hot.handle != e.handle) {
    Handle *h = find_handle(file, e.handle);
    if (h == nullptr) {  // allocated by another thread: ask the runtime for its layout
      pgas_layout_t layout{};
      if (!pgas_handle_layout(e.handle, &layout)) return;
      h = add_handle(file, e.handle, layout, 0, false);
      if (h == nullptr) return;
    }
    if (h->nelems == 0) return;
    g_hot = make_hot(h, bins);
  }
  Handle *h = g_hot.slot;
  // bin = floor(index * bins / nelems): estimated in floating point, then made exact.
  auto add = [&](std::size_t offset) {
    std::uint64_t index = global_index(g_hot, e.peer, offset);
    auto bin = static_cast<std::uint64_t>(static_cast<double>(index) * g_hot.bins_per_element);
    const std::uint64_t scaled = index * bins;
    if (bin > 0 && bin * h->nelems > scaled) --bin;
    else if ((bin + 1) * h->nelems <= scaled) ++bin;
    h->hist[std::min<std::uint64_t>(bin, bins - 1)] += 1;
  };
  if (e.offsets.list == nullptr) add(e.offsets.single);
  else for (std::size_t k = 0; k < e.offsets.count; ++k) add(e.offsets.list[k]);
}

void add_to_timeline(File &file, std::uint64_t start, std::size_t bytes) {
  if (g_ticks_per_bucket == 0) return;
  std::uint64_t bucket = (start - file.header.ticks0) / g_ticks_per_bucket;
  while (bucket >= kTimelineCapacity) {
    halve_timeline(file);
    bucket /= 2;
  }
  file.timeline[bucket].count += 1;
  file.timeline[bucket].bytes += bytes;
  auto used = static_cast<std::uint32_t>(bucket + 1);
  if (used > file.header.timeline_used.load(std::memory_order_relaxed))
    file.header.timeline_used.store(used, std::memory_order_relaxed);
}

}  // namespace pgas::trace
