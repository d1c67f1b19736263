// The reader library: the queries pgas-report, the viewer and the refactoring tool make of a trace database
// (schema.sql). It is the only code that writes SQL against a trace; everything else gets plain values.
//
// Every error is a tracedb::Error with a one-line message that starts with the database's path.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "pgas/tracedb/database.hpp"
#include "pgas/tracedb/operations.hpp"

namespace pgas::tracedb {

// Which accesses a query counts. An empty set selects everything; the sets combine with AND, except that
// `variables` and `handles` both name variables (an access matches if its variable is in either).
struct Filter {
  std::set<int> threads{};            // initiator threads
  std::set<int> peers{};              // target threads (access.peer)
  std::set<std::string> variables{};  // variable names (variable.name)
  std::set<std::int64_t> handles{};   // variable handles (access.variable)
  std::set<std::string> ops{};        // access.op values
  // Ranked queries (variables, lines, pairs, ops, diff) return at most `top` rows; 0 = all. Their order is
  // count descending, then key ascending. Per-thread queries always return every selected thread in order.
  std::size_t top = 0;

  // True if the filter restricts accesses by variable, operation or target (per-thread totals then come
  // from the access table instead of the thread table).
  bool restricts_accesses() const {
    return !variables.empty() || !handles.empty() || !ops.empty() || !peers.empty();
  }
};

// Remote accesses: transport calls, bytes moved, and time inside the transport.
struct Totals {
  std::int64_t count = 0;
  std::int64_t bytes = 0;
  std::int64_t ns = 0;
  Totals &operator+=(const Totals &other) {
    count += other.count;
    bytes += other.bytes;
    ns += other.ns;
    return *this;
  }
  bool operator==(const Totals &) const = default;
};

// The run table.
struct RunInfo {
  std::string program;
  std::vector<std::string> arguments;  // argv[1..], parsed from the JSON array
  int threads = 0;
  std::string conduit;
  double latency_ns = 0;     // emulated latency per transport call; 0 = off
  double bandwidth_bps = 0;  // emulated bandwidth; 0 = unlimited
  std::string start_time;    // ISO 8601 UTC
  std::int64_t wall_ns = 0;
  bool call_sites = false;
  int unwind_depth = 0;
  int histogram_bins = 0;
  std::int64_t timeline_interval_ns = 0;
  int time_every = 1;     // one transport call in time_every was timed; times are scaled from those
  bool complete = false;  // false: partial trace (a thread crashed or was killed)
  std::int64_t dropped_events = 0;
  std::int64_t dropped_sync_events = 0;  // 0 from a database before schema 2
  bool has_sync = false;                 // schema 2 or later: sync_wait and the time states were recorded
  int callers = 0;                       // caller sites kept per site (pgasrun --callers); 0 before schema 3
  std::int64_t dropped_path_events = 0;  // events recorded without their callers (path table full)
  bool has_paths = false;                // schema 3 or later: call_path and the path columns
};

// Totals over the selected threads; "% time in remote access" is totals.ns / wall_ns.
struct Summary {
  Totals totals;
  std::int64_t wall_ns = 0;  // sum of the selected threads' wall times
  double transport_pct = 0;
  int threads = 0;  // selected threads
  int unfinished_threads = 0;
  std::int64_t compute_ns = 0, remote_ns = 0, wait_ns = 0;  // sums of the threads' (ThreadRow)
};

// Figures 1 and 2. Without an access restriction the totals are the thread table's (remote_count,
// remote_bytes, transport_ns); with one, they are sums over the matching accesses.
struct ThreadRow {
  int thread = 0;
  std::string host;
  std::int64_t pid = 0;
  bool finished = false;
  Totals totals;            // totals.ns: time in transport
  std::int64_t reads = 0;   // transport calls that read (get*, memget)
  std::int64_t writes = 0;  // transport calls that write (put*, memput); the rest are accv and atomic
  std::int64_t wall_ns = 0;
  double transport_pct = 0;  // totals.ns / wall_ns, in percent
  // Where the wall time went (thread table, schema 2): compute + remote + wait = wall. From an older
  // database: remote = transport time, wait = 0, compute = the rest.
  std::int64_t compute_ns = 0, remote_ns = 0, wait_ns = 0;
};

// Figure 3. Every variable of the variable table, plus handles that were accessed but never described
// (known = false, name empty).
struct VariableRow {
  std::int64_t handle = 0;
  bool known = false;
  std::string name;         // "" if unknown
  std::string name_source;  // program, source or unknown
  std::string kind;         // static, all, global, local
  std::int64_t elem_size = 0;
  std::int64_t block = 0;  // 0 = indefinite
  std::int64_t nelems = 0;
  std::int64_t owner = -1;
  std::string alloc_file;  // "" if the allocating site is unknown or not symbolized
  int alloc_line = 0;
  std::string alloc_function;
  Totals totals;
};

// Figure 4: one variable's accesses by each selected thread (zero rows included).
struct VariableThreadRow {
  int thread = 0;
  Totals totals;
};

// Figure 5. Sites without a file (not symbolized, or no call sites recorded) are grouped by function;
// file "" and line 0 then.
struct LineRow {
  std::string file;
  int line = 0;
  std::string function;
  Totals totals;
};

// The initiator x target matrix, one row per pair with accesses.
struct PairRow {
  int thread = 0;
  int peer = 0;
  Totals totals;
};

// Figure 1 stacked by operation: one row per (initiator thread, op) with accesses.
struct ThreadOpRow {
  int thread = 0;
  std::string op;
  Totals totals;
};

struct OpRow {
  std::string op;
  Totals totals;
  std::int64_t elements = 0;
  std::int64_t ns_min = 0;
  std::int64_t ns_max = 0;
};

// Elements accessed in one bin of a variable's global index space [lo, hi).
struct HistogramBin {
  int thread = -1;  // -1 when summed over the selected threads
  int bin = 0;
  std::int64_t lo = 0;
  std::int64_t hi = 0;
  std::int64_t count = 0;
};

// One bucket of a thread's timeline: its three states. A bucket not listed was all computation (the
// recorder writes buckets up to the last one with an event).
struct TimelineRow {
  int thread = 0;
  std::int64_t bucket = 0;
  std::int64_t start_ns = 0;
  std::int64_t count = 0;
  std::int64_t bytes = 0;
  std::int64_t remote_ns = 0;  // schema 2; 0 from an older database
  std::int64_t wait_ns = 0;
  // start_ns + the bucket width, or the thread's end (thread.wall_ns) if it ends inside the bucket.
  std::int64_t end_ns = 0;
  // end_ns - start_ns - remote_ns - wait_ns, at least 0: the rest of the bucket was computation.
  std::int64_t compute_ns = 0;
};

// One thread's events of a SyncRow.
struct SyncThreadRow {
  int thread = 0;
  std::int64_t count = 0, ns_sum = 0, ns_min = 0, ns_max = 0;
};

// Synchronization of one source line, kind and object, summed over the selected threads (sync_wait).
struct SyncRow {
  std::string file;  // "" (and line 0) for a site without a line, grouped by function as in LineRow
  int line = 0;
  std::string function;
  std::string kind;  // sync_wait.kind
  std::int64_t object = 0;
  std::string name;  // sync_wait.name
  int threads = 0;   // threads with events here
  std::int64_t count = 0, ns_sum = 0, ns_min = 0, ns_max = 0;
  bool waiting = true;                    // false for lock_hold: its time is not waiting
  std::vector<SyncThreadRow> per_thread;  // the threads with events here, by thread
};

// A source line as the per-line tables show it: file and line, or the function for a site without a file.
struct SourceLocation {
  std::string file;  // "" (and line 0) when the site has no line
  int line = 0;
  std::string function;
  auto operator<=>(const SourceLocation &) const = default;
};

// Accesses or waits of one source line reached through one chain of calling lines (pgasrun --callers):
// the bottom-up view of a call path. Summed over the selected threads.
struct PathRow {
  SourceLocation site;                  // where the access or wait was made
  std::vector<SourceLocation> callers;  // the calling lines, innermost first (empty: none recorded)
  std::string what;                     // "access", or the kind of synchronization (sync_wait.kind)
  int threads = 0;                      // threads with events on this path
  Totals totals;                        // accesses: calls, bytes, time; waits: events, 0, time
};

// The spread of one quantity over the selected threads (a thread without events counts as 0).
struct Distribution {
  double min = 0, mean = 0, max = 0;
  double cv = 0;  // coefficient of variation: standard deviation / mean (0 when the mean is 0)
};

// Load imbalance of one source line, for remote accesses (what = "access") or one kind of waiting.
struct ImbalanceRow {
  std::string file;
  int line = 0;
  std::string function;
  std::string what;
  Distribution ns;     // time per thread: in the accesses, or waiting
  Distribution count;  // accesses or events per thread
  // Estimated time lost to imbalance. A wait: the waiting beyond the least-waiting thread's, summed over
  // the threads (they waited for the late ones). Accesses: the time the other threads would wait at the
  // next synchronization for the slowest one, sum over threads of (max - own).
  std::int64_t lost_ns = 0;
};

// The engine of the synchronization tables (reader_sync.cpp): waits per line, kind and object, and the
// load imbalance of every line (accesses and waits), ordered by lost time, worst first. Only the thread
// filter applies to waits; the access filter to the access rows of the imbalance.
struct SyncDigest {
  std::vector<SyncRow> waits;  // by ns_sum descending, then location
  std::vector<ImbalanceRow> imbalance;
};

// The summary of these per-thread rows (TraceReader::summary is summarize(threads(filter))).
Summary summarize(const std::vector<ThreadRow> &threads);

// The engine of every per-access table (reader_digest.cpp): one pass over the access rows a filter selects
// gives the per-thread, per-operation, per-variable, per-line and per-pair rows. threads(), thread_ops(),
// ops(), variables(), variable_threads(), lines() and pairs() are views of it, and pgas-report, pgas-viewer
// and pgas-refactor --trace all read it, so that no two of them can count differently. A reader that
// needs several tables of one filter asks digest() once.
struct AccessDigest {
  std::vector<ThreadRow> threads;
  std::vector<ThreadOpRow> thread_ops;
  std::vector<OpRow> ops;
  std::vector<VariableRow> variables;
  std::map<std::int64_t, std::vector<VariableThreadRow>> variable_threads;  // by handle, for `variables`
  std::vector<LineRow> lines;
  std::vector<PairRow> pairs;
};

// Read, write or other (Direction: operations.hpp) for an access.op value.
Direction op_direction(const std::string &op);
// Every operation the recorder writes, in schema order.
const std::vector<std::string> &known_ops();

class TraceReader {
 public:
  // kFull reads every page (PRAGMA quick_check) before the first query; kCheap checks only the header,
  // the schema version and the run row, and damage further in surfaces as an Error from the query that
  // meets it (for a viewer that must open large traces at once).
  enum class Check { kFull, kCheap };

  // Opens `path` read-only: refuses missing, non-SQLite, truncated, corrupt (PRAGMA quick_check) and
  // newer-schema files, and databases without a run row.
  explicit TraceReader(const std::string &path, Check check = Check::kFull);

  const std::string &path() const { return db_.path(); }

  RunInfo run() const;
  Summary summary(const Filter &filter = {}) const;
  std::vector<ThreadRow> threads(const Filter &filter = {}) const;
  std::vector<VariableRow> variables(const Filter &filter = {}) const;
  std::vector<VariableThreadRow> variable_threads(std::int64_t handle, const Filter &filter = {}) const;
  std::vector<LineRow> lines(const Filter &filter = {}) const;
  std::vector<PairRow> pairs(const Filter &filter = {}) const;
  std::vector<OpRow> ops(const Filter &filter = {}) const;
  // Ordered by thread, then op; the filter's `top` does not apply.
  std::vector<ThreadOpRow> thread_ops(const Filter &filter = {}) const;
  // `progress`, if given, is called now and then with the share of access rows read so far (0 to 1).
  AccessDigest digest(const Filter &filter = {}, const std::function<void(double)> &progress = {}) const;
  // Bins of one variable, summed over the filter's threads, or one series per thread (ordered by thread,
  // bin). Only the thread filter applies: the histogram is not recorded per operation.
  std::vector<HistogramBin> offset_histogram(std::int64_t handle, const Filter &filter = {},
                                             bool per_thread = false) const;
  // Buckets per thread with their three states, ordered by thread and bucket; only the thread filter
  // applies.
  std::vector<TimelineRow> timeline(const Filter &filter = {}) const;
  SyncDigest sync_digest(const Filter &filter = {}) const;
  // The call paths engine (reader_paths.cpp): accesses (the access filter applies) and synchronization
  // (only the thread filter applies) per site and chain of callers, cut to run().callers; ordered by
  // time, then count, descending. From a database before schema 3, every row has no callers.
  std::vector<PathRow> paths(const Filter &filter = {}) const;
  // Recorded call sites the symbolizer has not resolved yet (their accesses have no line).
  std::int64_t unsymbolized_sites() const;

 private:
  Database db_;
};

// Source text for display, read from files that may have moved since the trace was recorded.
class SourceFiles {
 public:
  // Each root is either DIR, a moved tree (a recorded /a/b/c.cpp is looked for as DIR/a/b/c.cpp, then
  // DIR/b/c.cpp, then DIR/c.cpp), or OLD=NEW (a recorded path starting with OLD is read under NEW). Roots
  // are tried in order, then the recorded path itself.
  explicit SourceFiles(std::vector<std::string> roots = {});

  // Line `line` (1-based) of `file` without its line end; "" if the file or the line does not exist.
  std::string line(const std::string &file, int line);
  // Every line of `file` (read once and kept); empty if the file is not found.
  const std::vector<std::string> &text(const std::string &file);
  // Where `file` is read from; "" if it is not found.
  std::string resolve(const std::string &file) const;

 private:
  std::vector<std::string> roots_;
  std::map<std::string, std::vector<std::string>> cache_;
};

// Two traces compared: rows are matched by key, a = the first trace, b = the second.
// The key diff() matches lines by: "basename:line" (paths differ between checkouts and builds), or the
// function (and line) of a site without a file.
std::string line_key(const LineRow &row);

struct DiffRow {
  std::string key;     // lines: "basename:line" (the function without a file); variables: the name
  std::string detail;  // lines: the function; variables: the kind
  Totals a;
  Totals b;
};

struct TraceDiff {
  Summary a;
  Summary b;
  std::int64_t wall_a = 0;  // run.wall_ns
  std::int64_t wall_b = 0;
  std::vector<DiffRow> lines;      // ordered by max(a.count, b.count) descending, then key
  std::vector<DiffRow> variables;  // unnamed variables are keyed "(handle N)"
  // Waits per "basename:line kind" (count = events, ns = time; detail: the function), and the imbalance
  // per "basename:line what" (ns = lost time, count = the maximum count of a thread), by max(ns) descending.
  std::vector<DiffRow> waits;
  std::vector<DiffRow> imbalance;
  // Per "basename:line < caller < ... what" (count = accesses or events, ns = time; detail: the function),
  // by max(ns) descending.
  std::vector<DiffRow> paths;
};

// The filter applies to both traces (handles are usually different between runs: prefer names).
TraceDiff diff(const TraceReader &a, const TraceReader &b, const Filter &filter = {});

// b / a, or nothing when a is 0.
std::optional<double> ratio(std::int64_t a, std::int64_t b);

}  // namespace pgas::tracedb
