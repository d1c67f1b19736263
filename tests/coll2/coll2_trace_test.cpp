// Collectives 2.0 move their data through the transport functions, at the user's line: traced at 1, 2, 3, 4
// and 8 threads, the access rows of an allgather, a broadcast and an allreduce are exactly the pieces each
// receiver read from each source (thread, peer, operation, line, bytes; the line of the call that completed
// a non-blocking one), and nothing else is recorded (the
// team's words and the call blocks' tables are the library's bookkeeping, not the program's data); and each
// call's wait for completion is one team_collective wait per thread at that line; a team split's waits
// and data are the split's, at its line.
#include <gtest/gtest.h>

#include <filesystem>
#include <map>
#include <string>
#include <tuple>
#include <vector>

#include "pgas/tracedb/database.hpp"
#include "pgasrun_process.hpp"

namespace {

using Key = std::tuple<long, long, std::string, long>;  // thread, peer, op, line
using Rows = std::map<Key, std::pair<long, long>>;      // count, bytes

long line_of(const std::string &tag) { return launcher_test::line_tagged(COLL2_TRACED_SOURCE, tag); }

// Runs the traced program at `threads` threads with `launch` before -n (e.g. --conduit mpi) and `env`, and
// compares its trace with the calls' known traffic: each receiver's bytes from each source, recorded as
// `blocking_op` for the blocking allgather and `nonblocking_op` for the broadcast with a handle and the
// fenced allreduce (memget for the shared engine's reads, coll_recv for an engine that moves them outside
// the one-sided transport; then no memget is recorded for the call: the engine ran it).
void expect_exact_trace(long threads, const std::vector<std::string> &launch,
                        const launcher_test::EnvOverrides &env, const std::string &blocking_op,
                        const std::string &nonblocking_op) {
  const std::string db_path =
      (std::filesystem::temp_directory_path() /
       ("pgas-coll2-trace-" + std::to_string(getpid()) + "-" + std::to_string(threads) + ".db"))
          .string();
  std::vector<std::string> args = launch;
  args.insert(args.end(),
              {"-n", std::to_string(threads), "--trace", db_path, "--lines", COLL2_TRACED_PROGRAM});
  auto run = launcher_test::run_pgasrun(args, env);
  ASSERT_EQ(run.exit_code, 0) << run.err;
  Rows want;
  const long root = threads - 1;
  for (long t = 0; t < threads; ++t)
    for (long peer = 0; peer < threads; ++peer) {
      if (peer == t) continue;
      want[{t, peer, blocking_op, line_of("allgather")}] = {1, 10 * sizeof(int)};
      want[{t, peer, nonblocking_op, line_of("allreduce completed")}] = {1, 2 * sizeof(int)};
      if (peer == root) want[{t, peer, nonblocking_op, line_of("bcast completed")}] = {1, 3 * sizeof(double)};
    }
  pgas::tracedb::Database db = pgas::tracedb::Database::open(db_path);
  Rows got;
  auto q = db.prepare(
      "SELECT a.thread, a.peer, a.op, coalesce(s.line, -1), a.count, a.bytes FROM access a "
      "LEFT JOIN site s ON s.id = a.site");
  // The split's own exchange (colors and keys, then the new team's areas) moves through the engine, staged
  // or not: its rows vary with the path taken and are not compared here; its waits are, below.
  while (q.step())
    if (q.int64(3) != line_of("split"))
      got[{q.int64(0), q.int64(1), q.text(2), q.int64(3)}] = {q.int64(4), q.int64(5)};
  EXPECT_EQ(got, want);

  // Each call's wait for completion, once per thread, at the line that completed it, named by its function.
  std::map<std::tuple<long, std::string, long>, long> want_waits, got_waits;  // thread, name, line -> count
  for (long t = 0; t < threads; ++t) {
    want_waits[{t, "upccoll_allgather", line_of("allgather")}] = 1;
    want_waits[{t, "upccoll_bcast", line_of("bcast completed")}] = 1;
    want_waits[{t, "upccoll_allreduce", line_of("allreduce completed")}] = 1;
    want_waits[{t, "upccoll_team_split", line_of("split")}] = 2;  // named after the split, not its allgathers
  }
  auto waits = db.prepare(
      "SELECT w.thread, w.name, coalesce(s.line, -1), w.count FROM sync_wait w LEFT JOIN site s ON s.id = "
      "w.site WHERE w.kind = 'team_collective'");
  while (waits.step()) got_waits[{waits.int64(0), waits.text(1), waits.int64(2)}] += waits.int64(3);
  EXPECT_EQ(got_waits, want_waits);
  std::filesystem::remove(db_path);
}

class Coll2Trace : public launcher_test::LauncherParamTest<int> {};

TEST_P(Coll2Trace, RecordsExactlyTheBytesTheCallsMove) {
  expect_exact_trace(GetParam(), {}, {}, "memget", "memget");
}

// Under mpirun (pgasrun --conduit mpi, over vader): the MPI engine records each reception of its blocking
// call as coll_recv and no one-sided read, and on one machine runs the calls with a handle or a fence on the
// shared engine (pgas/upccoll.h), whose reads are memget; the shared engine, chosen by PGAS_COLL2_ENGINE,
// records the same memget rows as on shm.
class Coll2TraceMpi : public launcher_test::LauncherParamTest<std::tuple<std::string, int>> {};

TEST_P(Coll2TraceMpi, RecordsExactlyTheBytesTheCallsMove) {
#ifndef PGAS_MPIRUN_FOUND
  GTEST_SKIP() << "Open MPI (mpirun) not found";
#else
  const auto &[engine, threads] = GetParam();
  expect_exact_trace(threads, {"--conduit", "mpi"},
                     {{"OMPI_ALLOW_RUN_AS_ROOT", "1"},
                      {"OMPI_ALLOW_RUN_AS_ROOT_CONFIRM", "1"},
                      {"PGAS_MPIRUN_FLAGS", "--mca btl vader,self"},
                      {"PGAS_COLL2_ENGINE", engine}},
                     engine == "mpi" ? "coll_recv" : "memget", "memget");
#endif
}

INSTANTIATE_TEST_SUITE_P(Engines, Coll2TraceMpi,
                         testing::Combine(testing::Values("mpi", "shared"), testing::Values(1, 2, 4)),
                         [](const auto &info) {
                           return std::get<0>(info.param) + "_n" + std::to_string(std::get<1>(info.param));
                         });

INSTANTIATE_TEST_SUITE_P(Threads, Coll2Trace, testing::Values(1, 2, 3, 4, 8),
                         [](const auto &info) { return "n" + std::to_string(info.param); });

}  // namespace
