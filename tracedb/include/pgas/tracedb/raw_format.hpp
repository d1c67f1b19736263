// The recorder's raw file: what libpgas-trace.so writes while the program runs, and the importer turns into
// the trace database (schema.sql). One file per thread, `<db>.raw/thread-<T>.bin`.
//
// The file is mapped MAP_SHARED and the recorder aggregates into it in place, so whatever a thread had
// recorded survives a crash or SIGKILL: the importer then finds state != kFinished and marks the run
// partial. Every table has a fixed capacity, so the file does not grow with the number of events: a call
// that finds the access table full is counted in `dropped`, a shared object that finds the handle table full
// in `objects_unrecorded` (its calls are still counted, but it has no description or histogram).
#pragma once

#include <atomic>
#include <cstdint>
#include <string>

#include "pgas/tracedb/operations.hpp"
#include "pgas/tracedb/sync_kinds.hpp"

namespace pgas::tracedb::raw {

inline constexpr char kMagic[8] = {'P', 'G', 'A', 'S', 'R', 'A', 'W', '1'};
// 5: semaphore operations; 6: test (upc_sync_attempt); 7: synchronization waits; 8: call paths;
// 9: coll_recv (Collectives 2.0 on a conduit's engine)
inline constexpr std::uint32_t kVersion = 9;

inline constexpr std::uint32_t kAccessCapacity = 1u << 16;  // power of two (open addressing)
inline constexpr std::uint32_t kSiteCapacity = 1u << 15;    // power of two
inline constexpr std::uint32_t kHandleCapacity = 1u << 12;  // power of two
inline constexpr std::uint32_t kSyncCapacity = 1u << 12;    // power of two
inline constexpr std::uint32_t kSyncNameCapacity = 48;
inline constexpr std::uint32_t kCallPathCapacity = 1u << 14;  // call path nodes; power of two
inline constexpr std::uint32_t kModuleCapacity = 256;
inline constexpr std::uint32_t kMaxBins = 256;
inline constexpr std::uint32_t kTimelineCapacity = 4096;
inline constexpr std::uint32_t kPathCapacity = 256;
inline constexpr std::uint32_t kCommandLineCapacity = 4096;

enum class State : std::uint32_t { kRunning = 1, kFinished = 2 };

struct Header {
  char magic[8];
  std::uint32_t version;
  std::uint32_t thread;   // MYTHREAD
  std::uint32_t threads;  // THREADS
  std::int32_t pid;
  std::atomic<State> state;
  std::uint32_t call_sites;            // 1: sites recorded
  std::uint32_t unwind_depth;          // frames walked at most to leave runtime code
  std::uint32_t bins;                  // histogram bins per handle (<= kMaxBins)
  std::uint64_t timeline_interval_ns;  // 0: no timeline; doubles when the timeline fills up
  double latency_ns;                   // emulation settings seen in the environment
  double bandwidth_bps;
  std::int64_t start_realtime_ns;  // CLOCK_REALTIME at start
  // Clock calibration: tick counter and CLOCK_MONOTONIC at start and at the last update. Times in the
  // tables are in ticks; ns = ticks * (mono1 - mono0) / (ticks1 - ticks0).
  std::uint64_t ticks0, mono0;
  std::atomic<std::uint64_t> ticks1, mono1;
  std::uint32_t time_every;  // one call in time_every is timed; time sums are scaled from those
  std::uint32_t callers;     // caller sites kept above each event's site (PGAS_TRACE_CALLERS)
  // Per-thread totals (calls, bytes, time) are sums over the access records; only what they cannot hold
  // is counted here.
  std::atomic<std::uint64_t> dropped;             // transport calls in no access record (table full)
  std::atomic<std::uint64_t> objects_unrecorded;  // shared objects not in the handle table (table full)
  std::atomic<std::uint32_t> modules_used;
  std::atomic<std::uint32_t> sites_used;
  std::atomic<std::uint32_t> handles_used;
  std::atomic<std::uint32_t> timeline_used;  // buckets in use
  std::atomic<std::uint32_t> sync_used;      // sync records in use
  std::atomic<std::uint32_t> paths_used;     // call path nodes in use
  // Waiting (synchronization events whose time is waiting: sync_kinds.hpp), outermost events only, so
  // that nested waits count once; and the time of transport calls made while waiting (a collective's
  // moves, a semaphore wait), estimated from the timed ones, which is waiting and not remote access.
  std::atomic<std::uint64_t> wait_ticks;
  std::atomic<std::uint64_t> wait_transport_ticks;
  std::atomic<std::uint64_t> sync_dropped;  // synchronization events in no sync record (table full)
  std::atomic<std::uint64_t> path_dropped;  // events recorded without their caller chain (path table full)
  char host[64];
  char command_line[kCommandLineCapacity];  // argv separated by NUL, ending with two NULs
};

// A module (executable or shared library) that holds call sites.
struct Module {
  std::uint64_t load_address;          // dlpi_addr
  std::uint64_t text_begin, text_end;  // absolute address range of its executable segments
  char path[kPathCapacity];
  char build_id[64];  // hex
};

// A call site: an absolute return address in this process. Slot 0 is the "unknown" site.
struct Site {
  std::atomic<std::uint64_t> pc;  // 0 = empty slot
  std::int32_t module;            // index into the module table, -1 unknown
  std::uint32_t pad;
};

// A shared object seen by this thread (allocated here, or collective).
struct Handle {
  std::atomic<std::uint64_t> handle;  // 0 = empty slot
  std::uint64_t elem_size, block, nelems;
  std::int32_t owner;
  std::uint32_t kind;                  // pgas_alloc_kind_t
  std::uint32_t alloc_site;            // site slot of the allocating call
  std::uint32_t allocated_here;        // 1 if this thread called the allocation (0 for handles only accessed)
  char name[64];                       // name given by the program
  char alloc_location[kPathCapacity];  // "path:line" of the allocating call, from the program (may be empty)
  std::uint64_t hist[kMaxBins];        // elements accessed per bin of the global index space
};

// A call path node: the caller site `site` (a site slot) and the node of its own callers, `caller` (0 = the
// chain ends). Node 0 is the empty chain. An event's path is the node of its site's innermost caller. The
// chain may be longer than `callers` asks (a few frames more, to leave the dialect's headers: the
// symbolizer attributes a site in a header to its first caller outside them, then cuts the chain).
struct CallPath {
  std::atomic<std::uint32_t> used;  // 0 = empty slot
  std::uint32_t site;
  std::uint32_t caller;
  std::uint32_t pad;
};

// One aggregate: (peer, handle, site, op, path) of this thread.
struct AccessRecord {
  std::atomic<std::uint64_t> key_handle;  // 0 = empty slot
  std::uint32_t site;
  std::int32_t peer;
  std::uint16_t op;
  std::uint16_t pad;
  std::uint32_t path;  // call path node of the site's callers (0: none recorded)
  std::uint64_t count, elements, bytes;
  std::uint64_t timed;  // calls whose duration was measured (ticks_* cover those)
  std::uint64_t ticks_sum, ticks_min, ticks_max;
};

// One aggregate of synchronization events: (kind, object, site, path) of this thread. Every event is timed.
struct SyncRecord {
  std::atomic<std::uint32_t> kind_plus_one;  // 0 = empty slot, else the pgas_sync_kind_t + 1
  std::uint32_t site;
  std::uint64_t object;
  std::uint32_t path;  // call path node of the site's callers (0: none recorded)
  std::uint32_t pad;
  std::uint64_t count, ticks_sum, ticks_min, ticks_max;
  char name[kSyncNameCapacity];  // the runtime's name of the object or operation ("" if none)
};

// Per bucket: transport calls started in it and their bytes; ticks spent in it in remote access (transport
// calls outside waits) and waiting (outermost waiting events), split at bucket boundaries.
struct TimelineBucket {
  std::uint64_t count, bytes;
  std::uint64_t remote_ticks, wait_ticks;
};

// The whole file, in this order.
struct File {
  Header header;
  Module modules[kModuleCapacity];
  Site sites[kSiteCapacity];
  Handle handles[kHandleCapacity];
  AccessRecord access[kAccessCapacity];
  SyncRecord sync[kSyncCapacity];
  CallPath paths[kCallPathCapacity];
  TimelineBucket timeline[kTimelineCapacity];
};

}  // namespace pgas::tracedb::raw
