#include "tables.hpp"

#include <algorithm>
#include <cstring>

#include "call_sites.hpp"
#include "clock.hpp"
#include "pgas/detail/fast_divisor.hpp"

namespace pgas::trace {
namespace {

using namespace tracedb::raw;

constexpr unsigned kMaxProbes = 64;     // a table this crowded counts the event as dropped
AccessRecord *g_last_record = nullptr;  // the record the previous event went to
std::uint64_t g_ticks_per_bucket = 0;   // timeline bucket width in ticks; 0 = off
int g_threads = 1;

// The handle most recently accessed, with divisors that turn a byte offset into a histogram bin with
// multiplications only (loops touch one array many times in a row).
struct HotHandle {
  std::uint64_t handle = 0;
  Handle *slot = nullptr;
  std::uint64_t block = 0;
  detail::fast_divisor by_elem_size, by_block, by_nelems;
};
HotHandle g_hot;

// The global element index of the element at byte `offset` in `peer`'s part of the hot handle.
std::uint64_t global_index(int peer, std::size_t offset) {
  std::uint64_t local = g_hot.by_elem_size.quotient(offset);
  if (g_hot.block == 0) return local;
  if (g_hot.block == 1)
    return local * static_cast<std::uint64_t>(g_threads) + static_cast<std::uint64_t>(peer);
  auto [local_block, phase] = g_hot.by_block.divide(local);
  return (local_block * static_cast<std::uint64_t>(g_threads) + static_cast<std::uint64_t>(peer)) *
             g_hot.block +
         phase;
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
  g_ticks_per_bucket = std::max<std::uint64_t>(
      1, static_cast<std::uint64_t>(ticks_per_ns * static_cast<double>(file.header.timeline_interval_ns)));
}

// A full timeline merges neighbouring buckets and doubles the interval: bounded memory for any run length.
void halve_timeline(File &file) {
  for (std::uint32_t b = 0; b < kTimelineCapacity / 2; ++b) {
    file.timeline[b].count = file.timeline[2 * b].count + file.timeline[2 * b + 1].count;
    file.timeline[b].bytes = file.timeline[2 * b].bytes + file.timeline[2 * b + 1].bytes;
    file.timeline[b].remote_ticks = file.timeline[2 * b].remote_ticks + file.timeline[2 * b + 1].remote_ticks;
    file.timeline[b].wait_ticks = file.timeline[2 * b].wait_ticks + file.timeline[2 * b + 1].wait_ticks;
  }
  std::memset(&file.timeline[kTimelineCapacity / 2], 0, sizeof(TimelineBucket) * (kTimelineCapacity / 2));
  file.header.timeline_interval_ns *= 2;
  g_ticks_per_bucket *= 2;
  file.header.timeline_used.store(kTimelineCapacity / 2, std::memory_order_relaxed);
}

// Accumulates into one record; `timed` calls also add their duration.
void accumulate(AccessRecord &r, const Event &e, bool timed, std::uint64_t duration) {
  r.count += 1;
  r.elements += e.elements;
  r.bytes += e.bytes;
  if (!timed) return;
  r.timed += 1;
  r.ticks_sum += duration;
  r.ticks_min = r.timed == 1 ? duration : std::min(r.ticks_min, duration);
  r.ticks_max = std::max(r.ticks_max, duration);
}

// The slow path of add_access: find or create the record of this key.
[[gnu::noinline]] void add_access_slow(File &file, const Event &e, const Attribution &at, bool timed,
                                       std::uint64_t duration) {
  const auto op = static_cast<std::uint16_t>(e.op);
  const std::uint32_t site = at.site, path = at.path;
  std::uint64_t hash =
      mix(e.handle ^ (static_cast<std::uint64_t>(site) << 20) ^ (static_cast<std::uint64_t>(path) << 8) ^
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
      r.path = path;
      r.key_handle.store(e.handle, std::memory_order_release);
    } else if (key != e.handle || r.site != site || r.peer != e.peer || r.op != op || r.path != path) {
      continue;
    }
    accumulate(r, e, timed, duration);
    g_last_record = &r;
    return;
  }
  file.header.dropped.fetch_add(1, std::memory_order_relaxed);
}

// Makes `handle` the hot one: finds or creates its slot (asking the runtime for the layout of a handle
// another thread allocated). False if it cannot be histogrammed.
[[gnu::noinline]] bool make_hot(File &file, pgas_handle_t handle) {
  Handle *h = find_handle(file, handle);
  if (h == nullptr) {
    pgas_layout_t layout{};
    if (!pgas_handle_layout(handle, &layout)) return false;
    h = add_handle(file, handle, layout, 0, false);
  }
  if (h == nullptr || h->nelems == 0) return false;
  g_hot.handle = handle;
  g_hot.slot = h;
  g_hot.block = h->block;
  g_hot.by_elem_size = detail::fast_divisor(h->elem_size ? h->elem_size : 1);
  g_hot.by_block = detail::fast_divisor(h->block ? h->block : 1);
  g_hot.by_nelems = detail::fast_divisor(h->nelems);
  return true;
}

}  // namespace

void add_access(File &file, const Event &e, const Attribution &at, bool timed, std::uint64_t duration) {
  // Loops repeat one access: the previous event's record usually matches.
  AccessRecord *last = g_last_record;
  if (last != nullptr && last->key_handle.load(std::memory_order_relaxed) == e.handle &&
      last->site == at.site && last->path == at.path && last->peer == e.peer &&
      last->op == static_cast<std::uint16_t>(e.op)) {
    accumulate(*last, e, timed, duration);
    return;
  }
  add_access_slow(file, e, at, timed, duration);
}

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
  // Not a dropped call: the call itself is in an access record. Accesses to one object in a row ask again
  // each time; counting it once keeps this a count of objects.
  static pgas_handle_t last_unrecorded = 0;
  if (handle != last_unrecorded) file.header.objects_unrecorded.fetch_add(1, std::memory_order_relaxed);
  last_unrecorded = handle;
  return nullptr;
}

void add_to_histogram(File &file, const Event &e) {
  if (g_hot.handle != e.handle && !make_hot(file, e.handle)) return;
  const std::uint64_t bins = file.header.bins;
  std::uint64_t *hist = g_hot.slot->hist;
  auto add = [&](std::size_t offset) {  // bin = floor(index * bins / nelems) < bins
    hist[g_hot.by_nelems.quotient(global_index(e.peer, offset) * bins)] += 1;
  };
  if (e.offsets.list == nullptr)
    add(e.offsets.single);
  else
    for (std::size_t k = 0; k < e.offsets.count; ++k) add(e.offsets.list[k]);
}

namespace {

// The bucket of tick `at`, coarsening the timeline until it fits; marks it in use.
std::uint64_t timeline_bucket(File &file, std::uint64_t at) {
  std::uint64_t bucket = (at - file.header.ticks0) / g_ticks_per_bucket;
  while (bucket >= kTimelineCapacity) {
    halve_timeline(file);
    bucket /= 2;
  }
  auto used = static_cast<std::uint32_t>(bucket + 1);
  if (used > file.header.timeline_used.load(std::memory_order_relaxed))
    file.header.timeline_used.store(used, std::memory_order_relaxed);
  return bucket;
}

}  // namespace

void add_to_timeline(File &file, std::uint64_t start, std::size_t bytes) {
  if (g_ticks_per_bucket == 0) return;
  const std::uint64_t bucket = timeline_bucket(file, start);
  file.timeline[bucket].count += 1;
  file.timeline[bucket].bytes += bytes;
}

void add_span_to_timeline(File &file, std::uint64_t start, std::uint64_t end, TimelineState state) {
  if (g_ticks_per_bucket == 0 || end <= start) return;
  timeline_bucket(file, end);  // coarsens first, so that the bucket width stays fixed below
  const std::uint64_t width = g_ticks_per_bucket;
  for (std::uint64_t at = start; at < end;) {
    const std::uint64_t bucket = (at - file.header.ticks0) / width;
    const std::uint64_t bucket_end = file.header.ticks0 + (bucket + 1) * width;
    const std::uint64_t piece = std::min(end, bucket_end) - at;
    (state == TimelineState::kRemote ? file.timeline[bucket].remote_ticks
                                     : file.timeline[bucket].wait_ticks) += piece;
    at += piece;
  }
}

}  // namespace pgas::trace
