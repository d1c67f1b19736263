#include "raw_validation.hpp"

#include <cstring>

#include "pgas/tracedb/trace_settings.hpp"

namespace pgas::tracedb::raw {
namespace {

std::string out_of_range(const std::string &field, std::uint64_t value, const std::string &limit) {
  return field + " is " + std::to_string(value) + " (" + limit + ")";
}

template <std::size_t N>
bool terminated(const char (&text)[N]) {
  return std::memchr(text, '\0', N) != nullptr;
}

std::string header_problem(const Header &h) {
  if (h.threads == 0 || h.threads > kMaxThreads)
    return out_of_range("THREADS", h.threads, "1.." + std::to_string(kMaxThreads));
  if (h.thread >= h.threads)
    return out_of_range("MYTHREAD", h.thread, "THREADS is " + std::to_string(h.threads));
  State state = h.state.load();
  if (state != State::kRunning && state != State::kFinished)
    return out_of_range("state", static_cast<std::uint32_t>(state), "1 or 2");
  if (h.call_sites > 1) return out_of_range("call_sites", h.call_sites, "0 or 1");
  if (h.bins == 0 || h.bins > kMaxBins) return out_of_range("bins", h.bins, "1.." + std::to_string(kMaxBins));
  if (h.time_every == 0) return out_of_range("time_every", 0, "at least 1");
  if (h.ticks1.load() < h.ticks0 || h.mono1.load() < h.mono0) return "its clock calibration runs backwards";
  if (h.mono1.load() - h.mono0 > (std::uint64_t{1} << 62)) return "its wall time is out of range";
  if (h.modules_used.load() > kModuleCapacity)
    return out_of_range("modules_used", h.modules_used.load(), "at most " + std::to_string(kModuleCapacity));
  if (h.sites_used.load() > kSiteCapacity)
    return out_of_range("sites_used", h.sites_used.load(), "at most " + std::to_string(kSiteCapacity));
  if (h.handles_used.load() > kHandleCapacity)
    return out_of_range("handles_used", h.handles_used.load(), "at most " + std::to_string(kHandleCapacity));
  if (h.timeline_used.load() > kTimelineCapacity)
    return out_of_range("timeline_used", h.timeline_used.load(),
                        "at most " + std::to_string(kTimelineCapacity));
  if (h.timeline_used.load() > 0 && h.timeline_interval_ns == 0) return "it has a timeline of interval 0";
  if (!terminated(h.host) || !terminated(h.command_line)) return "its host or command line is not terminated";
  if (h.callers > settings::kCallers.high)
    return out_of_range("callers", h.callers, "0.." + std::to_string(settings::kCallers.high));
  if (h.paths_used.load() > kCallPathCapacity)
    return out_of_range("paths_used", h.paths_used.load(), "at most " + std::to_string(kCallPathCapacity));
  return "";
}

std::string tables_problem(const File &f) {
  const Header &h = f.header;
  for (std::uint32_t m = 0; m < h.modules_used.load(); ++m)
    if (!terminated(f.modules[m].path) || !terminated(f.modules[m].build_id))
      return "module " + std::to_string(m) + " has an unterminated path or build id";
  for (std::uint32_t s = 0; s < kSiteCapacity; ++s)
    if (f.sites[s].pc.load() != 0 && f.sites[s].module >= static_cast<std::int32_t>(kModuleCapacity))
      return "site " + std::to_string(s) + " names module " + std::to_string(f.sites[s].module);
  for (std::uint32_t k = 0; k < kHandleCapacity; ++k) {
    const Handle &handle = f.handles[k];
    if (handle.handle.load() == 0) continue;
    if (!terminated(handle.name) || !terminated(handle.alloc_location))
      return "shared object " + std::to_string(k) + " has an unterminated name or location";
    if (handle.alloc_site >= kSiteCapacity)
      return "shared object " + std::to_string(k) + " has allocation site " +
             std::to_string(handle.alloc_site);
  }
  for (std::uint32_t a = 0; a < kAccessCapacity; ++a) {
    const AccessRecord &r = f.access[a];
    if (r.key_handle.load() == 0) continue;
    const std::string record = "access record " + std::to_string(a);
    if (r.peer < 0 || static_cast<std::uint32_t>(r.peer) >= h.threads)
      return record + " has peer thread " + std::to_string(r.peer) + " of " + std::to_string(h.threads);
    if (r.site >= kSiteCapacity) return record + " has site " + std::to_string(r.site);
    if ((r.op & static_cast<std::uint16_t>(kViaCache - 1)) >= static_cast<std::uint16_t>(Op::kCount) ||
        (r.op & ~static_cast<std::uint16_t>(kViaCache | (kViaCache - 1))) != 0)
      return record + " has operation code " + std::to_string(r.op);
    if (r.timed > r.count) return record + " has more timed calls than calls";
    if (r.path >= kCallPathCapacity) return record + " has call path " + std::to_string(r.path);
  }
  for (std::uint32_t k = 0; k < kSyncCapacity; ++k) {
    const SyncRecord &r = f.sync[k];
    const std::uint32_t kind = r.kind_plus_one.load();
    if (kind == 0) continue;
    const std::string record = "sync record " + std::to_string(k);
    if (kind > PGAS_SYNC_KIND_COUNT) return record + " has kind code " + std::to_string(kind - 1);
    if (r.site >= kSiteCapacity) return record + " has site " + std::to_string(r.site);
    if (!terminated(r.name)) return record + " has an unterminated name";
    if (r.path >= kCallPathCapacity) return record + " has call path " + std::to_string(r.path);
  }
  // Chains must end: a node's caller must be a used node, and a chain is short (the recorder keeps at most
  // 20 callers); a damaged file may say anything, a loop included.
  for (std::uint32_t k = 1; k < kCallPathCapacity; ++k) {
    const CallPath &node = f.paths[k];
    if (node.used.load() == 0) continue;
    const std::string record = "call path node " + std::to_string(k);
    if (node.site >= kSiteCapacity) return record + " has site " + std::to_string(node.site);
    std::uint32_t at = k;
    for (std::uint32_t steps = 0; at != 0; ++steps, at = f.paths[at].caller)
      if (at >= kCallPathCapacity || f.paths[at].used.load() == 0 || steps > 64)
        return record + " has a broken or looping chain of callers";
  }
  return "";
}

}  // namespace

std::string first_problem(const File &file) {
  if (std::string problem = header_problem(file.header); !problem.empty()) return problem;
  return tables_problem(file);
}

}  // namespace pgas::tracedb::raw
