#include "fixture.hpp"

#include <stdlib.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <stdexcept>

#include "pgas/tracedb/database.hpp"

namespace report_test {
namespace {

using pgas::tracedb::Database;
using pgas::tracedb::Statement;

std::vector<SiteSpec> sites() {
  return {{1, "connected_components", "cc.cpp", 10},
          {2, "connected_components", "cc.cpp", 11},
          {3, "graft", "cc.cpp", 30},
          {4, "graft", "cc.cpp", 31},
          {5, "graft", "cc.cpp", 32},
          {6, "shortcut", "cc.cpp", 47},
          {7, "load_edge", "util.hpp", 5},
          {8, "pack_buffer", nullptr, 0},
          {9, "graft", "cc.cpp", 29}};
}

std::vector<VariableSpec> variables(int generation) {
  return {{handle_of(generation, 1), "D", "source", "all", 4, 1, 10000, -1, 1},
          {handle_of(generation, 2), "P", "program", "all", 4, 2500, 10000, -1, 2},
          {handle_of(generation, 4), nullptr, "unknown", "local", 8, 0, 512, 3, 8}};
}

void bind_text(Statement &s, int index, const char *text) {
  if (text)
    s.bind(index, std::string_view(text));
  else
    s.bind_null(index);
}

}  // namespace

std::int64_t handle_of(int generation, int index) { return (std::int64_t{generation} << 32) | index; }

TraceSpec baseline_spec() {
  const std::int64_t D = handle_of(1, 1), P = handle_of(1, 2), U = handle_of(1, 4);
  TraceSpec spec;
  spec.source_dir = "/src/cc";
  spec.walls = {1000000, 1000000, 800000, 500000};
  spec.run_wall_ns = 1000000;
  spec.sites = sites();
  spec.variables = variables(1);
  spec.accesses = {
      {0, 1, D, 3, "get", 100, 100, 400, 200000, 1000, 5000},
      {0, 2, D, 3, "get", 50, 50, 200, 100000, 1000, 4000},
      {0, 1, D, 4, "put", 20, 20, 80, 60000, 2000, 6000},
      {0, 3, P, 5, "get", 10, 10, 40, 30000, 1500, 4500},
      {0, 1, U, 7, "memget", 2, 512, 2048, 8000, 3000, 5000},
      {1, 0, D, 3, "get", 80, 80, 320, 160000, 1000, 5000},
      {1, 2, D, 5, "get", 40, 40, 160, 80000, 1000, 3000},
      {1, 0, P, 4, "put", 30, 30, 120, 90000, 2000, 4000},
      {2, 3, D, 6, "get", 60, 60, 240, 120000, 1000, 3000},
      {2, 0, P, 5, "get_strict", 5, 5, 20, 25000, 4000, 6000},
      {2, 1, kForeignHandle, 0, "atomic", 1, 1, 8, 7000, 7000, 7000},
      {3, 0, D, 3, "get", 90, 90, 360, 180000, 1000, 5000},
      {3, 2, U, 8, "memput", 4, 1024, 4096, 16000, 3000, 5000},
      {3, 1, D, 0, "put", 3, 3, 12, 9000, 2000, 4000},
  };
  spec.hist = {{D, 0, 0, 0, 2500, 40},     {D, 0, 1, 2500, 5000, 30},  {D, 0, 2, 5000, 7500, 60},
               {D, 0, 3, 7500, 10000, 40}, {D, 1, 0, 0, 2500, 30},     {D, 1, 1, 2500, 5000, 30},
               {D, 1, 2, 5000, 7500, 30},  {D, 1, 3, 7500, 10000, 30}, {D, 3, 0, 0, 2500, 10},
               {D, 3, 1, 2500, 5000, 20},  {D, 3, 2, 5000, 7500, 30},  {D, 3, 3, 7500, 10000, 33}};
  spec.timeline = {{0, 0, 0, 100, 400}, {0, 1, 1000000, 82, 2368}, {1, 0, 0, 150, 600}};
  return spec;
}

// Line 30 reads a tenth as often (one coalesced memget on line 29 instead), line 47 no longer reads.
TraceSpec optimized_spec() {
  TraceSpec base = baseline_spec();
  TraceSpec spec = base;
  spec.source_dir = "/build/b/cc";
  spec.walls = {600000, 600000, 400000, 300000};
  spec.run_wall_ns = 600000;
  spec.variables = variables(2);
  spec.hist.clear();
  spec.timeline.clear();
  spec.accesses.clear();
  for (AccessSpec a : base.accesses) {
    if (a.site == 6) continue;
    if (a.variable >> 32 == 1) a.variable = handle_of(2, static_cast<int>(a.variable & 0xffffffff));
    if (a.site == 3) {
      a.count /= 10;
      a.elements /= 10;
      a.bytes /= 10;
      a.ns_sum /= 10;
    }
    spec.accesses.push_back(a);
  }
  spec.accesses.push_back({0, 1, handle_of(2, 1), 9, "memget", 4, 400, 1600, 40000, 8000, 12000});
  return spec;
}

void build_trace(const std::string &path, const TraceSpec &spec) {
  Database db = Database::create(path);
  db.exec("BEGIN");
  Statement run = db.prepare(
      "INSERT INTO run(id, program, arguments, threads, conduit, latency_ns, bandwidth_bps, start_time, "
      "wall_ns, "
      "call_sites, unwind_depth, histogram_bins, timeline_interval_ns, time_every, complete, dropped_events) "
      "VALUES (1, '/opt/pgas/samples/cc', '[\"--vertices\", \"10000\", \"--edges\", "
      "\"40000\"]', "
      "?, 'shm', 2000.0, 1000000000.0, '2024-05-01T12:00:00Z', ?, 1, 8, 4, 1000000, 1, ?, ?)");
  run.bind(1, static_cast<std::int64_t>(spec.walls.size())).bind(2, spec.run_wall_ns);
  run.bind(3, std::int64_t{spec.complete}).bind(4, spec.dropped_events).run();
  db.exec("INSERT INTO module VALUES (1, '/opt/pgas/samples/cc', '0123abcd')");
  db.exec("INSERT INTO site (id, module, pc, symbolized) VALUES (0, NULL, 0, 0)");
  Statement site = db.prepare("INSERT INTO site VALUES (?, 1, ?, ?, ?, ?, NULL, NULL, 1)");
  for (const SiteSpec &s : spec.sites) {
    site.reset();
    site.bind(1, std::int64_t{s.id}).bind(2, std::int64_t{0x1000 + 16 * s.id});
    bind_text(site, 3, s.function);
    std::string file = s.file ? spec.source_dir + "/" + s.file : "";
    bind_text(site, 4, s.file ? file.c_str() : nullptr);
    if (s.file)
      site.bind(5, std::int64_t{s.line});
    else
      site.bind_null(5);
    site.run();
  }
  Statement variable = db.prepare("INSERT INTO variable VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 0)");
  for (const VariableSpec &v : spec.variables) {
    variable.reset();
    variable.bind(1, v.handle);
    bind_text(variable, 2, v.name);
    variable.bind(3, std::string_view(v.name_source)).bind(4, std::string_view(v.kind)).bind(5, v.elem_size);
    variable.bind(6, v.block).bind(7, v.nelems).bind(8, v.owner).bind(9, std::int64_t{v.alloc_site}).run();
  }
  std::map<int, std::vector<std::int64_t>> per_thread;  // count, bytes, ns
  Statement access = db.prepare(
      "INSERT INTO access(thread, peer, variable, site, op, count, elements, bytes, timed, ns_sum, ns_min, "
      "ns_max) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
  for (const AccessSpec &a : spec.accesses) {
    access.reset();
    access.bind(1, std::int64_t{a.thread}).bind(2, std::int64_t{a.peer}).bind(3, a.variable);
    access.bind(4, std::int64_t{a.site}).bind(5, std::string_view(a.op)).bind(6, a.count).bind(7, a.elements);
    access.bind(8, a.bytes).bind(9, a.count).bind(10, a.ns_sum).bind(11, a.ns_min).bind(12, a.ns_max).run();
    std::vector<std::int64_t> &t = per_thread[a.thread];
    t.resize(3);
    t[0] += a.count;
    t[1] += a.bytes;
    t[2] += a.ns_sum;
  }
  // No waiting recorded: all transport time is remote access, the rest computation.
  Statement thread = db.prepare(
      "INSERT INTO thread(thread, host, pid, wall_ns, transport_ns, remote_count, remote_bytes, finished, "
      "remote_ns, "
      "wait_ns, compute_ns) VALUES (?1, 'node1', ?2, ?3, ?4, ?5, ?6, ?7, ?4, 0, ?3 - ?4)");
  for (std::size_t t = 0; t < spec.walls.size(); ++t) {
    std::vector<std::int64_t> sums = per_thread[static_cast<int>(t)];
    sums.resize(3);
    thread.reset();
    thread.bind(1, static_cast<std::int64_t>(t))
        .bind(2, static_cast<std::int64_t>(1000 + t))
        .bind(3, spec.walls[t]);
    thread.bind(4, sums[2]).bind(5, sums[0]).bind(6, sums[1]);
    thread.bind(7, std::int64_t{spec.complete || t != 2}).run();  // a partial run: thread 2 was killed
  }
  Statement hist = db.prepare("INSERT INTO offset_hist VALUES (?, ?, ?, ?, ?, ?)");
  for (const HistSpec &h : spec.hist) {
    hist.reset();
    hist.bind(1, h.variable).bind(2, std::int64_t{h.thread}).bind(3, std::int64_t{h.bin});
    hist.bind(4, h.lo).bind(5, h.hi).bind(6, h.count).run();
  }
  Statement timeline =
      db.prepare("INSERT INTO timeline(thread, bucket, start_ns, count, bytes) VALUES (?, ?, ?, ?, ?)");
  for (const TimelineSpec &t : spec.timeline) {
    timeline.reset();
    timeline.bind(1, std::int64_t{t.thread}).bind(2, t.bucket).bind(3, t.start_ns).bind(4, t.count);
    timeline.bind(5, t.bytes).run();
  }
  db.exec("COMMIT");
}

void write_source(const std::string &dir) {
  std::vector<std::string> lines(50, "");
  lines[0] = "// Connected components (Cong et al., Figure 5), abridged.";
  lines[9] = "  shared_array<int> D(nvertices);";
  lines[10] = "  shared_array<int> P(nvertices, nvertices / THREADS, \"P\");";
  lines[27] = "    upc_forall(int e = 0, e < nedges, e++, &El[e]) {";
  lines[28] = "      int u = El[e].u, v = El[e].v;";
  lines[29] = "      if (D[u] < D[v] && D[v] == D[D[v]]) {";
  lines[30] = "        D[D[v]] = D[u];";
  lines[31] = "        P[D[v]] = P[D[u]] + 1;";
  lines[46] = "\twhile (D[i] != D[D[i]]) D[i] = D[D[i]];  ";
  std::filesystem::create_directories(dir + "/cc");
  std::string text;
  for (const std::string &l : lines) text += l + "\n";
  write_file(dir + "/cc/cc.cpp", text);
}

const Workspace &workspace() {
  struct Owned : Workspace {
    Owned() {
      char path[] = "/tmp/pgas-report-test-XXXXXX";
      if (!mkdtemp(path)) throw std::runtime_error("mkdtemp failed");
      dir = path;
      baseline = dir + "/baseline.db";
      optimized = dir + "/optimized.db";
      sources = dir + "/tree";
      build_trace(baseline, baseline_spec());
      build_trace(optimized, optimized_spec());
      write_source(sources);
    }
    ~Owned() {
      std::error_code ec;
      std::filesystem::remove_all(dir, ec);
    }
  };
  static const Owned owned;
  return owned;
}

std::string copy_of_baseline(const std::string &name) {
  std::string path = workspace().dir + "/" + name;
  std::filesystem::copy_file(workspace().baseline, path, std::filesystem::copy_options::overwrite_existing);
  return path;
}

}  // namespace report_test
