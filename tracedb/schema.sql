-- The trace database: one SQLite file per traced run (docs/architecture.md section 7).
-- Every table and column is documented here; readers go through the tracedb reader library.
-- A database whose meta.schema_version is newer than the reader's is refused; an older one is read (what it
-- lacks reads as empty or zero). Version 2 added sync_wait and the columns marked (schema 2); version 3
-- call_path and the columns marked (schema 3). Key columns come first in the WITHOUT ROWID tables (SQLite
-- 3.40's quick_check misreads a key column placed after others).

PRAGMA foreign_keys = ON;

-- Key/value facts about the file itself: schema_version (integer), created_by (tool and version).
CREATE TABLE meta (
  key   TEXT PRIMARY KEY,
  value TEXT NOT NULL
);

-- The run: exactly one row.
CREATE TABLE run (
  id                   INTEGER PRIMARY KEY CHECK (id = 1),
  program              TEXT NOT NULL,     -- the executable as started (argv[0] resolved to a path)
  arguments            TEXT NOT NULL,     -- JSON array of the program's arguments (argv[1..])
  threads              INTEGER NOT NULL,  -- THREADS
  conduit              TEXT NOT NULL,     -- 'shm' (pgasrun) or 'mpi'
  latency_ns           REAL NOT NULL,     -- emulated network latency per transport call; 0 = off
  bandwidth_bps        REAL NOT NULL,     -- emulated bandwidth in bytes/s; 0 = unlimited / off
  start_time           TEXT NOT NULL,     -- when thread 0 started tracing, ISO 8601 UTC
  wall_ns              INTEGER NOT NULL,  -- longest thread wall time (start of tracing to finish or last sign of life)
  call_sites           INTEGER NOT NULL,  -- 1 if call sites were recorded (PGAS_TRACE_LINES), else 0
  unwind_depth         INTEGER NOT NULL,  -- frames walked at most to leave runtime code (PGAS_TRACE_DEPTH)
  histogram_bins       INTEGER NOT NULL,  -- bins of each offset histogram (PGAS_TRACE_BINS)
  timeline_interval_ns INTEGER NOT NULL,  -- width of a timeline bucket; 0 = no timeline recorded
  time_every           INTEGER NOT NULL,  -- one transport call in time_every was timed (PGAS_TRACE_TIME_EVERY)
  complete             INTEGER NOT NULL,  -- 1 if every thread finished normally; 0 = partial trace
  dropped_events       INTEGER NOT NULL,  -- transport calls that found a recorder's access table full: counted in
                                          -- thread.remote_count, in no access row
  dropped_sync_events  INTEGER NOT NULL DEFAULT 0, -- (schema 2) synchronization events in no sync_wait row (a
                                          -- recorder's table full, or more than 64 events open at once)
  callers              INTEGER NOT NULL DEFAULT 0, -- (schema 3) caller sites kept above each access's and wait's
                                          -- site (PGAS_TRACE_CALLERS, pgasrun --callers); 0 = none
  dropped_path_events  INTEGER NOT NULL DEFAULT 0  -- (schema 3) events recorded without their callers (path 0)
                                          -- because a recorder's call path table was full
);

-- One row per PGAS thread that left trace data; a thread that died before tracing started has none
-- (run.threads counts it; readers show it with zeros).
CREATE TABLE thread (
  thread        INTEGER PRIMARY KEY,  -- MYTHREAD
  host          TEXT NOT NULL,        -- host name
  pid           INTEGER NOT NULL,     -- process id
  wall_ns       INTEGER NOT NULL,     -- tracing start to finish (or to the last update before a crash)
  transport_ns  INTEGER NOT NULL,     -- time inside transport functions (scaled from the timed calls)
  remote_count  INTEGER NOT NULL,     -- transport calls made by this thread (including dropped calls, so it
                                      -- can exceed the sum of its access rows when run.dropped_events > 0)
  remote_bytes  INTEGER NOT NULL,     -- bytes they moved (likewise)
  finished      INTEGER NOT NULL,     -- 1 if the thread finished normally, 0 if it crashed or was killed
  -- (schema 2) Where the wall time went; compute_ns + remote_ns + wait_ns = wall_ns (compute_ns is never
  -- negative: timing error goes into it).
  remote_ns     INTEGER NOT NULL DEFAULT 0,  -- in remote access: transport_ns less the transport calls made
                                             -- while waiting (a collective's moves, a semaphore wait)
  wait_ns       INTEGER NOT NULL DEFAULT 0,  -- waiting: the outermost waiting events of sync_wait (nested
                                             -- ones, such as a barrier inside a collective, count once)
  compute_ns    INTEGER NOT NULL DEFAULT 0   -- the rest: wall_ns - remote_ns - wait_ns
);

-- Executables and shared libraries in which call sites were found.
CREATE TABLE module (
  id        INTEGER PRIMARY KEY,
  path      TEXT NOT NULL,  -- file path at run time
  build_id  TEXT NOT NULL   -- GNU build id, hex ('' if none); symbolization checks it
);

-- Call sites: a code address in a module, symbolized offline. id 0 is "unknown / not recorded".
CREATE TABLE site (
  id            INTEGER PRIMARY KEY,
  module        INTEGER REFERENCES module(id),  -- NULL for site 0
  pc            INTEGER NOT NULL,  -- return address, as an offset from the module's load address
  function      TEXT,              -- innermost function of the inline chain that is not in the toolkit's
                                   -- headers: the user's code that made the access (demangled)
  file          TEXT,              -- its source file
  line          INTEGER,           -- its source line (of the call; pc - 1)
  column        INTEGER,
  inline_chain  TEXT,              -- JSON array of {function, file, line, column}, innermost first
  symbolized    INTEGER NOT NULL DEFAULT 0  -- 1 once the symbolizer has filled the columns above
);

-- (schema 3) Call paths: chains of caller sites, one row per link. A chain is named by the id of its
-- innermost link: `site` is the calling line, `caller` the chain of that line's own callers. id 0 is the
-- empty chain (site 0, caller 0). An access or wait with path P was made at its site, in a function
-- called from P's site, called from the site of P's caller, and so on, at most run.callers links. A site
-- in the dialect's headers (an out-of-line copy of an inline function of include/pgas/) is attributed by
-- the symbolizer to its first caller outside them, which the recorder walks to for that purpose: rows are
-- then moved to that caller's site and the rest of the chain. Links no row uses may remain.
CREATE TABLE call_path (
  id      INTEGER PRIMARY KEY,
  site    INTEGER NOT NULL,  -- the calling line (site.id)
  caller  INTEGER NOT NULL   -- call_path id of its callers; 0 = the chain ends
);
INSERT INTO call_path(id, site, caller) VALUES (0, 0, 0);

-- Shared objects (handles) and the variables they are.
CREATE TABLE variable (
  handle       INTEGER PRIMARY KEY,  -- pgas_handle_t, equal on every thread
  name         TEXT,                 -- the variable: given by the program, or read from the allocating line;
                                     -- not unique (two allocations on one line share it)
  name_source  TEXT NOT NULL,        -- 'program', 'source' (parsed from alloc_site's line) or 'unknown'
  kind         TEXT NOT NULL,        -- 'static' (declared shared array/scalar) or 'all', 'global', 'local' (upc_*alloc)
  elem_size    INTEGER NOT NULL,     -- bytes per element
  block        INTEGER NOT NULL,     -- blocking factor in elements; 0 = indefinite
  nelems       INTEGER NOT NULL,     -- elements
  owner        INTEGER NOT NULL,     -- thread holding it all when block = 0, else -1
  alloc_site   INTEGER NOT NULL REFERENCES site(id),  -- the allocating call in the program
  alloc_thread INTEGER NOT NULL      -- thread that allocated it (0 for collective allocations)
);

-- Remote accesses, aggregated per (initiator thread, target thread, variable, call site, operation).
CREATE TABLE access (
  thread    INTEGER NOT NULL,  -- initiator (MYTHREAD of the caller)
  peer      INTEGER NOT NULL,  -- target thread
  variable  INTEGER NOT NULL,  -- handle (variable.handle; may be absent from variable for foreign handles)
  site      INTEGER NOT NULL REFERENCES site(id),
  op        TEXT NOT NULL,     -- get, put, get_strict, put_strict, memget, memput, getv, putv, accv,
                               -- get_nb, put_nb, getv_nb, putv_nb, atomic, memput_signal, memget_signal,
                               -- sem_post, sem_wait (every sem_wait timed: the waiting time); with a cache_ prefix (cache_getv_nb,
                               -- cache_get, ...) when the software cache library made the call
  path      INTEGER NOT NULL DEFAULT 0 REFERENCES call_path(id),  -- (schema 3) the site's callers; 0 = none
                               -- recorded (run.callers = 0): then one row per (thread, peer, variable, site, op)
  count     INTEGER NOT NULL,  -- transport calls
  elements  INTEGER NOT NULL,  -- elements moved (count for single-element operations, and for memget/memput,
                               -- where a bulk transfer is one element of `bytes`)
  bytes     INTEGER NOT NULL,  -- bytes moved
  timed     INTEGER NOT NULL,  -- calls whose duration was measured (one in run.time_every)
  ns_sum    INTEGER NOT NULL,  -- time inside the calls: measured over `timed` calls, scaled to `count`
  ns_min    INTEGER NOT NULL,  -- over the timed calls
  ns_max    INTEGER NOT NULL,
  PRIMARY KEY (thread, peer, variable, site, op, path)
) WITHOUT ROWID;
CREATE INDEX access_by_variable ON access(variable);
CREATE INDEX access_by_site ON access(site);

-- Where in a variable's index space one thread's remote accesses fell: `bins` equal ranges of global
-- element indices; bin b covers [lo, hi).
CREATE TABLE offset_hist (
  variable  INTEGER NOT NULL,
  thread    INTEGER NOT NULL,  -- initiator
  bin       INTEGER NOT NULL,
  lo        INTEGER NOT NULL,  -- first global element index of the bin
  hi        INTEGER NOT NULL,  -- one past the last
  count     INTEGER NOT NULL,  -- elements accessed in the bin
  PRIMARY KEY (variable, thread, bin)
) WITHOUT ROWID;

-- Remote accesses and waiting per thread over time (only with a timeline interval). The three states of a
-- bucket: remote_ns, wait_ns, and computation = run.timeline_interval_ns - remote_ns - wait_ns (the last
-- bucket of a thread ends with the thread).
CREATE TABLE timeline (
  thread    INTEGER NOT NULL,
  bucket    INTEGER NOT NULL,  -- interval index from the thread's start
  start_ns  INTEGER NOT NULL,  -- bucket * run.timeline_interval_ns
  count     INTEGER NOT NULL,  -- transport calls started in the bucket
  bytes     INTEGER NOT NULL,
  remote_ns INTEGER NOT NULL DEFAULT 0,  -- (schema 2) time in transport calls outside waits, within the bucket
  wait_ns   INTEGER NOT NULL DEFAULT 0,  -- (schema 2) time in outermost waiting events, within the bucket
  PRIMARY KEY (thread, bucket)
) WITHOUT ROWID;
-- (schema 2) Synchronization, per (thread, call site, kind, object): what the runtime's synchronization seam
-- reported (pgas/sync_events.h). Every event is timed from entry to exit.
CREATE TABLE sync_wait (
  thread    INTEGER NOT NULL,  -- MYTHREAD of the waiting thread
  site      INTEGER NOT NULL REFERENCES site(id),  -- the user's call (site 0 without call sites)
  kind      TEXT NOT NULL,     -- barrier (upc_barrier), notify, wait (upc_notify, upc_wait), lock (acquiring a
                               -- lock: the wait), lock_hold (upc_lock to upc_unlock: not waiting), fence
                               -- (upc_fence), nb_sync (upc_sync, upc_synci), sem_wait (upc_sem_wait and the
                               -- other waits of Bonachea's proposal), pairsync, pairwise_barrier, subset_barrier,
                               -- collective (a UPC 1.2 collective, start to end), team_collective (a
                               -- Collectives 2.0 call's wait for its completion)
  object    INTEGER NOT NULL,  -- what was waited on: the barrier id (-9223372036854775808 for none), the
                               -- lock (upc_lock_t value), the semaphore's handle, the pairsync partner, a digest
                               -- of a subset's members, the collective's kind code, the team (an id equal on
                               -- every member) of a team_collective; 0 for fence, nb_sync and
                               -- pairwise_barrier
  path      INTEGER NOT NULL DEFAULT 0 REFERENCES call_path(id),  -- (schema 3) the site's callers; 0 = none
  name      TEXT NOT NULL,     -- the runtime's name of the operation when it names one (the collective's
                               -- function: upc_all_broadcast, upccoll_bcast, ...; the barrier variant), else ''
  count     INTEGER NOT NULL,  -- events
  ns_sum    INTEGER NOT NULL,  -- time from entry to exit, summed
  ns_min    INTEGER NOT NULL,
  ns_max    INTEGER NOT NULL,
  PRIMARY KEY (thread, site, kind, object, path)
) WITHOUT ROWID;
CREATE INDEX sync_wait_by_site ON sync_wait(site);
