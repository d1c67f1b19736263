// Small trace databases built programmatically for the reader and pgas-report tests: a CC-like run of 4
// threads (Cong et al., section 3.2) with variables D (named from source), P (named by the program), one
// unnamed variable and one foreign handle, call sites in cc.cpp (whose text the test writes) and util.hpp
// (missing), an unsymbolized site and the unknown site 0.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "scratch_directory.hpp"

namespace report_test {

inline constexpr std::int64_t kForeignHandle = 77;  // accessed, absent from the variable table

struct SiteSpec {
  int id;
  const char *function;  // nullptr: NULL
  const char *file;      // file name under the trace's source directory; nullptr: NULL
  int line;
};

struct VariableSpec {
  std::int64_t handle;
  const char *name;  // nullptr: NULL
  const char *name_source, *kind;
  std::int64_t elem_size, block, nelems, owner;
  int alloc_site;
};

struct AccessSpec {
  int thread, peer;
  std::int64_t variable;
  int site;
  const char *op;
  std::int64_t count, elements, bytes, ns_sum, ns_min, ns_max;
};

struct HistSpec {
  std::int64_t variable;
  int thread, bin;
  std::int64_t lo, hi, count;
};

struct TimelineSpec {
  int thread;
  std::int64_t bucket, start_ns, count, bytes;
};

struct TraceSpec {
  std::string source_dir;           // recorded directory of the sources ("/src/cc")
  std::vector<std::int64_t> walls;  // per thread wall ns; THREADS = walls.size()
  std::int64_t run_wall_ns;
  bool complete = true;
  std::int64_t dropped_events = 0;
  std::vector<SiteSpec> sites;
  std::vector<VariableSpec> variables;
  std::vector<AccessSpec> accesses;
  std::vector<HistSpec> hist;
  std::vector<TimelineSpec> timeline;
};

std::int64_t handle_of(int generation, int index);  // as the runtime makes them

// The baseline run, and the same program after optimizing line 30 (diff tests).
TraceSpec baseline_spec();
TraceSpec optimized_spec();

// Writes `spec` with Database::create; the thread table is summed from the accesses like the importer does.
void build_trace(const std::string &path, const TraceSpec &spec);

// Writes `dir`/cc/cc.cpp, the source file of the baseline's sites.
void write_source(const std::string &dir);

// A temporary directory, built once per test process and removed at exit: baseline.db, optimized.db and
// tree/cc/cc.cpp (pass `sources` as --source-root).
struct Workspace {
  std::string dir, baseline, optimized, sources;
};
const Workspace &workspace();
// A copy of the baseline trace named `name` in the workspace (replaced if it exists), for a test to change.
std::string copy_of_baseline(const std::string &name);

using pgas_test::read_file;
using pgas_test::write_file;

}  // namespace report_test
