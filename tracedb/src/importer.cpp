// raw recorder files -> trace database. Per-thread tables are merged: modules and sites deduplicated across
// threads (each process has its own load addresses, so sites are keyed by module and offset), variables
// united by handle, clock ticks converted to ns with each thread's calibration.
#include "pgas/tracedb/importer.hpp"

#include <algorithm>
#include <cstdio>
#include <ctime>
#include <filesystem>
#include <map>
#include <memory>
#include <vector>

#include "import_sites.hpp"
#include "import_time.hpp"
#include "pgas/tracedb/database.hpp"
#include "pgas/tracedb/text.hpp"
#include "raw_files.hpp"
#include "temporary_database.hpp"

namespace pgas::tracedb {
namespace {

using Files = std::vector<std::unique_ptr<RawFile>>;

// A thread's totals, summed over its access records (events that found the tables full are in `dropped`).
struct Totals {
  std::uint64_t count = 0, bytes = 0;
  std::int64_t ns = 0;
};

// Time of `count` calls estimated from the `timed` ones among them: ticks * count / timed, in ns.
std::int64_t scaled_ns(std::uint64_t ticks, std::uint64_t count, std::uint64_t timed, double ns_per_tick) {
  if (timed == 0) return 0;
  return static_cast<std::int64_t>(static_cast<double>(ticks) * ns_per_tick * static_cast<double>(count) /
                                   static_cast<double>(timed));
}

class Importer {
 public:
  Importer(Database &db, const Files &files, std::string conduit)
      : db_(db), files_(files), conduit_(std::move(conduit)) {}

  ImportSummary run() {
    db_.exec("BEGIN");
    db_.prepare("INSERT INTO site(id, module, pc, symbolized) VALUES (0, NULL, 0, 1)").run();
    ImportSummary summary = write_run();
    for (const auto &f : files_) {
      write_thread(*f);
      write_access(*f);
      write_timeline(*f);
      write_sync(*f);
    }
    write_variables();
    db_.exec("COMMIT");
    return summary;
  }

 private:
  Totals totals(const RawFile &f) {
    Totals t;
    const double scale = ns_per_tick(f);
    for (const raw::AccessRecord &r : f.data().access) {
      if (r.key_handle.load() == 0) continue;
      t.count += r.count;
      t.bytes += r.bytes;
      t.ns += scaled_ns(r.ticks_sum, r.count, r.timed, scale);
    }
    t.count += f.header().dropped.load();  // calls that are in no record: the thread made them
    return t;
  }

  double ns_per_tick(const RawFile &f) {
    double own = f.ns_per_tick();
    return own > 0 ? own : fallback_ns_per_tick();
  }

  // For threads that died before calibrating: another thread's rate (same machine), or a measurement here.
  double fallback_ns_per_tick() {
    for (const auto &f : files_)
      if (f->ns_per_tick() > 0) return f->ns_per_tick();
    return measure_ns_per_tick();  // importing on the machine that ran, as pgasrun --trace does
  }

  ImportSummary write_run() {
    ImportSummary summary;
    const raw::Header &first = files_.front()->header();
    summary.threads = static_cast<int>(first.threads);
    summary.threads_found = static_cast<int>(files_.size());
    summary.complete = summary.threads_found == summary.threads;
    std::int64_t start = first.start_realtime_ns, wall = 0;
    std::uint64_t timeline = 0, sync_dropped = 0, path_dropped = 0;
    for (const auto &f : files_) {
      const raw::Header &h = f->header();
      summary.complete = summary.complete && f->finished();
      totals_[f.get()] = totals(*f);
      summary.accesses += totals_[f.get()].count;
      summary.dropped += h.dropped.load();
      sync_dropped += h.sync_dropped.load();
      path_dropped += h.path_dropped.load();
      summary.objects_unrecorded += h.objects_unrecorded.load();
      start = std::min(start, h.start_realtime_ns);
      wall = std::max(wall, static_cast<std::int64_t>(h.mono1.load() - h.mono0));
      timeline = std::max(timeline, h.timeline_interval_ns);
    }
    timeline_interval_ = timeline;
    // The executable is the first module the recorder found; argv[0] as typed is the fallback.
    auto argv = split_nul_separated(first.command_line, sizeof first.command_line);
    std::string program = first.modules_used.load() > 0 ? files_.front()->data().modules[0].path
                                                        : (argv.empty() ? "" : argv.front());
    if (!argv.empty()) argv.erase(argv.begin());
    db_.prepare(
           "INSERT INTO run(id, program, arguments, threads, conduit, latency_ns, bandwidth_bps, start_time, "
           "wall_ns, "
           "call_sites, unwind_depth, histogram_bins, timeline_interval_ns, time_every, complete, "
           "dropped_events, dropped_sync_events, callers, dropped_path_events) "
           "VALUES (1, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")
        .bind(1, program)
        .bind(2, json_array(argv))
        .bind(3, static_cast<std::int64_t>(first.threads))
        .bind(4, conduit_)
        .bind(5, first.latency_ns)
        .bind(6, first.bandwidth_bps)
        .bind(7, iso8601_utc(start))
        .bind(8, wall)
        .bind(9, static_cast<std::int64_t>(first.call_sites))
        .bind(10, static_cast<std::int64_t>(first.unwind_depth))
        .bind(11, static_cast<std::int64_t>(first.bins))
        .bind(12, static_cast<std::int64_t>(timeline))
        .bind(13, static_cast<std::int64_t>(first.time_every))
        .bind(14, static_cast<std::int64_t>(summary.complete))
        .bind(15, static_cast<std::int64_t>(summary.dropped))
        .bind(16, static_cast<std::int64_t>(sync_dropped))
        .bind(17, static_cast<std::int64_t>(first.callers))
        .bind(18, static_cast<std::int64_t>(path_dropped))
        .run();
    return summary;
  }

  void write_thread(const RawFile &f) {
    const raw::Header &h = f.header();
    const Totals &t = totals_.at(&f);
    const std::int64_t wall = static_cast<std::int64_t>(h.mono1.load() - h.mono0);
    const double scale = ns_per_tick(f);
    auto ns = [&](std::uint64_t ticks) {
      return static_cast<std::int64_t>(static_cast<double>(ticks) * scale);
    };
    const std::int64_t wait = ns(h.wait_ticks.load());
    const std::int64_t remote = std::max<std::int64_t>(0, t.ns - ns(h.wait_transport_ticks.load()));
    db_.prepare(
           "INSERT INTO thread(thread, host, pid, wall_ns, transport_ns, remote_count, remote_bytes, "
           "finished, "
           "remote_ns, wait_ns, compute_ns) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")
        .bind(1, static_cast<std::int64_t>(h.thread))
        .bind(2, std::string(h.host))
        .bind(3, static_cast<std::int64_t>(h.pid))
        .bind(4, wall)
        .bind(5, t.ns)
        .bind(6, static_cast<std::int64_t>(t.count))
        .bind(7, static_cast<std::int64_t>(t.bytes))
        .bind(8, static_cast<std::int64_t>(f.finished()))
        .bind(9, remote)
        .bind(10, wait)
        .bind(11, std::max<std::int64_t>(0, wall - remote - wait))
        .run();
  }

  void write_sync(const RawFile &f) {
    write_sync_records(
        db_, f, ns_per_tick(f), [&](std::uint32_t slot) { return ids_.site(f, slot); },
        [&](std::uint32_t slot) { return ids_.path(f, slot); });
  }

  void write_access(const RawFile &f) {
    const double scale = ns_per_tick(f);
    auto ns = [&](std::uint64_t ticks) {
      return static_cast<std::int64_t>(static_cast<double>(ticks) * scale);
    };
    auto insert = db_.prepare(
        "INSERT INTO access(thread, peer, variable, site, op, count, elements, bytes, timed, ns_sum, ns_min, "
        "ns_max, path) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO UPDATE SET "
        "count = count + excluded.count, elements = elements + excluded.elements, bytes = bytes + "
        "excluded.bytes, "
        "timed = timed + excluded.timed, ns_sum = ns_sum + excluded.ns_sum, ns_min = min(ns_min, "
        "excluded.ns_min), "
        "ns_max = max(ns_max, excluded.ns_max)");
    for (const raw::AccessRecord &r : f.data().access) {
      std::uint64_t handle = r.key_handle.load();
      if (handle == 0 || r.count == 0) continue;
      insert.reset();
      insert.bind(1, static_cast<std::int64_t>(f.header().thread))
          .bind(2, static_cast<std::int64_t>(r.peer))
          .bind(3, static_cast<std::int64_t>(handle))
          .bind(4, ids_.site(f, r.site))
          .bind(5, raw::op_name(r.op))
          .bind(6, static_cast<std::int64_t>(r.count))
          .bind(7, static_cast<std::int64_t>(r.elements))
          .bind(8, static_cast<std::int64_t>(r.bytes))
          .bind(9, static_cast<std::int64_t>(r.timed))
          .bind(10, scaled_ns(r.ticks_sum, r.count, r.timed, scale))
          .bind(11, ns(r.ticks_min))
          .bind(12, ns(r.ticks_max))
          .bind(13, ids_.path(f, r.path))
          .run();
    }
  }

  void write_timeline(const RawFile &f) {
    write_timeline_buckets(db_, f, timeline_interval_, ns_per_tick(f));
  }

  void write_variables();

  Database &db_;
  const Files &files_;
  std::string conduit_;
  SiteIds ids_{db_};
  std::uint64_t timeline_interval_ = 0;
  std::map<const RawFile *, Totals> totals_;  // per thread, summed once in write_run
};

const char *kind_name(std::uint32_t kind) {
  static constexpr const char *kNames[] = {"static", "all", "global", "local"};
  return kind < 4 ? kNames[kind] : "unknown";
}

// Every handle any thread saw, described by the thread that allocated it (the lowest such thread for
// collective allocations), with every thread's histogram.
void Importer::write_variables() {
  struct Seen {
    const RawFile *file;
    const raw::Handle *handle;
  };
  std::map<std::uint64_t, std::vector<Seen>> by_handle;
  for (const auto &f : files_)
    for (const raw::Handle &h : f->data().handles)
      if (std::uint64_t key = h.handle.load()) by_handle[key].push_back({f.get(), &h});
  auto variable = db_.prepare("INSERT INTO variable VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
  auto hist = db_.prepare("INSERT INTO offset_hist VALUES (?, ?, ?, ?, ?, ?)");
  for (const auto &[key, seen] : by_handle) {
    auto owner =
        std::find_if(seen.begin(), seen.end(), [](const Seen &s) { return s.handle->allocated_here != 0; });
    const Seen &d = owner != seen.end() ? *owner : seen.front();
    const raw::Handle &h = *d.handle;
    std::string location(h.alloc_location);
    std::int64_t site = !location.empty() ? ids_.source_site(location) : ids_.site(*d.file, h.alloc_site);
    variable.reset();
    variable.bind(1, static_cast<std::int64_t>(key));
    if (h.name[0])
      variable.bind(2, std::string(h.name));
    else
      variable.bind_null(2);
    variable.bind(3, std::string(h.name[0] ? "program" : "unknown"))
        .bind(4, std::string(kind_name(h.kind)))
        .bind(5, static_cast<std::int64_t>(h.elem_size))
        .bind(6, static_cast<std::int64_t>(h.block))
        .bind(7, static_cast<std::int64_t>(h.nelems))
        .bind(8, static_cast<std::int64_t>(h.owner))
        .bind(9, site)
        .bind(10, static_cast<std::int64_t>(owner != seen.end() ? d.file->header().thread : 0))
        .run();
    for (const Seen &s : seen) {
      const std::uint64_t bins = s.file->header().bins, n = s.handle->nelems;
      for (std::uint64_t b = 0; b < bins; ++b) {
        if (s.handle->hist[b] == 0) continue;
        hist.reset();
        hist.bind(1, static_cast<std::int64_t>(key))
            .bind(2, static_cast<std::int64_t>(s.file->header().thread))
            .bind(3, static_cast<std::int64_t>(b))
            .bind(4, static_cast<std::int64_t>((b * n + bins - 1) / bins))
            .bind(5, static_cast<std::int64_t>(std::min(n, ((b + 1) * n + bins - 1) / bins)))
            .bind(6, static_cast<std::int64_t>(s.handle->hist[b]))
            .run();
      }
    }
  }
}

}  // namespace

std::string raw_directory(const std::string &database) { return database + ".raw"; }

ImportSummary import_raw_trace(const std::string &database, const ImportOptions &options) {
  const std::string directory =
      options.raw_directory.empty() ? raw_directory(database) : options.raw_directory;
  RawFiles raw = load_raw_files(directory);
  ImportSummary summary;
  {
    TemporaryDatabase temporary(database);
    summary = Importer(temporary.database(), raw.files, options.conduit).run();
    summary.rejected = raw.rejected;
    if (options.before_commit) options.before_commit(temporary.database());
    std::int64_t started = raw.files.front()->header().start_realtime_ns;
    for (const auto &f : raw.files) started = std::min(started, f->header().start_realtime_ns);
    summary.replaced_newer = written_since(database, started);
    if (summary.replaced_newer && !options.replace_newer)
      throw Error(database + " was written by another run after this one started: not replaced");
    temporary.commit_as(database);
  }
  raw.files.clear();
  // A rejected file stays with the others, for a look or a second try: nothing recorded is deleted unread.
  std::error_code ec;
  summary.raw_kept = options.keep_raw || !summary.rejected.empty();
  if (!summary.raw_kept) std::filesystem::remove_all(directory, ec);
  return summary;
}

}  // namespace pgas::tracedb
