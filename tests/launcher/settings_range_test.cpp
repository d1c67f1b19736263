// Settings out of range: pgasrun refuses them before it starts anything (a usage error naming the flag or
// variable and the value), with the same reader and ranges as the runtime, which applies them to the
// environment of a program started without pgasrun. What pgasrun accepts at the ends of the ranges, the
// threads accept too.
#include <string>
#include <vector>

#include "pgasrun_process.hpp"

namespace launcher_test {
namespace {

using Args = std::vector<std::string>;

struct OutOfRange {
  const char *name;
  Args options;  // before the program
  EnvOverrides env;
  const char *problem;  // expected in the message
};

class OutOfRangeTest : public LauncherParamTest<OutOfRange> {};

TEST_P(OutOfRangeTest, IsAUsageErrorNamingFlagAndValue) {
  const OutOfRange &c = GetParam();
  Args args = c.options;
  args.insert(args.end(), {JOB_PROGRAM, "exit"});
  RunResult r = run_pgasrun(args, c.env);
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.err.rfind(std::string("pgasrun: ") + c.problem, 0), 0u)
      << "expected 'pgasrun: " << c.problem << "' in:\n"
      << r.err;
  EXPECT_NE(r.err.find("\nTry 'pgasrun --help'.\n"), std::string::npos) << r.err;
}

INSTANTIATE_TEST_SUITE_P(
    Launcher, OutOfRangeTest,
    ::testing::Values(
        // The deadline overflowed the clock: the job was ended at once.
        OutOfRange{"TimeoutOverflowingTheClock",
                   {"-n", "2", "--timeout", "1e10"},
                   {},
                   "--timeout: '1e10' is out of range: at most 31536000 seconds"},
        OutOfRange{"TimeoutJustOverAYear",
                   {"-n", "2", "--timeout=31536001"},
                   {},
                   "--timeout: '31536001' is out of range"},
        // Infinite nanoseconds: every thread exited 70.
        OutOfRange{"LatencyInfinite",
                   {"-n", "2", "--latency", "1e300s"},
                   {},
                   "--latency: '1e300s' is out of range: an emulated latency is at most 1 s"},
        // Beyond the nanosecond clock: the threads ran with no delay at all.
        OutOfRange{"LatencyBeyondTheClock",
                   {"-n", "2", "--latency", "1e12s"},
                   {},
                   "--latency: '1e12s' is out of range"},
        OutOfRange{"LatencyFromEnvironment",
                   {"-n", "2"},
                   {{"PGAS_LATENCY", "2s"}},
                   "PGAS_LATENCY: '2s' is out of range"},
        OutOfRange{
            "BandwidthNearZero",
            {"-n", "2", "--bandwidth", "1e-300B/s"},
            {},
            "--bandwidth: '1e-300B/s' is out of range: an emulated bandwidth is from 1 MB/s to 1 PB/s, "
            "or 0 for unlimited"},
        OutOfRange{"BandwidthFromEnvironment",
                   {"-n", "2"},
                   {{"PGAS_BANDWIDTH", "2PB/s"}},
                   "PGAS_BANDWIDTH: '2PB/s' is out of range"},
        // Every thread failed to map the segments, with 70.
        OutOfRange{"SegmentBeyondTheAddressSpace",
                   {"-n", "2", "--segment-size", "8000000G"},
                   {},
                   "--segment-size: '8000000G' is too large for 2 threads: every thread maps the segments of "
                   "all 2, which together may take at most 32768GiB (16384GiB per thread)"},
        OutOfRange{"SegmentsTooLargeTogether",
                   {"-n", "8", "--segment-size", "4097GiB"},
                   {},
                   "--segment-size: '4097GiB' is too large for 8 threads"},
        OutOfRange{"SegmentFromEnvironment",
                   {"-n", "1"},
                   {{"PGAS_SEGMENT_SIZE", "32769GiB"}},
                   "PGAS_SEGMENT_SIZE: '32769GiB' is too large: a segment is at most 32768GiB"},
        // Refused before mpirun is started, on the MPI conduit too.
        OutOfRange{"SegmentOnTheMpiConduit",
                   {"--conduit", "mpi", "-n", "2", "--segment-size", "8000000G"},
                   {},
                   "--segment-size: '8000000G' is too large for 2 threads"}),
    [](const auto &info) { return std::string(info.param.name); });

struct Edge {
  const char *name;
  Args options;
};

class RangeEdgeTest : public LauncherParamTest<Edge> {};

// The threads read the values pgasrun passes them with the same reader: the largest accepted run.
TEST_P(RangeEdgeTest, ThreadsAcceptWhatPgasrunAccepts) {
  Args args = GetParam().options;
  args.insert(args.end(), {JOB_PROGRAM, "exit"});
  RunResult r = run_pgasrun(args);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.err.find("error"), std::string::npos) << r.err;
}

INSTANTIATE_TEST_SUITE_P(
    Launcher, RangeEdgeTest,
    ::testing::Values(Edge{"LongestTimeout", {"-n", "2", "--timeout", "31536000"}},
                      Edge{"LargestLatencySlowestBandwidth",
                           {"-n", "2", "--latency", "1s", "--bandwidth", "1MB/s"}},
                      Edge{"FastestBandwidth", {"-n", "2", "--bandwidth", "1PB/s"}},
                      Edge{"LargestSegmentsOfTwoThreads", {"-n", "2", "--segment-size", "16384GiB"}},
                      Edge{"LargestSegmentsOfEightThreads", {"-n", "8", "--segment-size", "4096GiB"}}),
    [](const auto &info) { return std::string(info.param.name); });

struct ThreadEnvironment {
  const char *name;
  EnvOverrides env;
  const char *problem;  // expected after "pgas: thread 0: error: "
};

class ThreadEnvironmentRangeTest : public LauncherParamTest<ThreadEnvironment> {};

// A program started without pgasrun reads the same variables with the same reader and ranges.
TEST_P(ThreadEnvironmentRangeTest, ProgramStartedAloneStopsNamingTheVariable) {
  const ThreadEnvironment &c = GetParam();
  RunResult r = run_program(JOB_PROGRAM, {"exit"}, c.env);
  EXPECT_EQ(r.exit_code, 70) << r.err;
  EXPECT_NE(r.err.find(std::string("pgas: thread 0: error: ") + c.problem), std::string::npos)
      << "expected '" << c.problem << "' in:\n"
      << r.err;
}

INSTANTIATE_TEST_SUITE_P(
    Launcher, ThreadEnvironmentRangeTest,
    ::testing::Values(
        ThreadEnvironment{
            "LatencyBeyondTheClock", {{"PGAS_LATENCY", "1e12s"}}, "PGAS_LATENCY: '1e12s' is out of range"},
        ThreadEnvironment{"BandwidthNearZero",
                          {{"PGAS_BANDWIDTH", "1e-300B/s"}},
                          "PGAS_BANDWIDTH: '1e-300B/s' is out of range"},
        ThreadEnvironment{"SegmentBeyondTheAddressSpace",
                          {{"PGAS_SEGMENT_SIZE", "8000000G"}},
                          "PGAS_SEGMENT_SIZE: '8000000G' is too large: a segment is at most 32768GiB"},
        ThreadEnvironment{"SegmentTooSmall",
                          {{"PGAS_SEGMENT_SIZE", "4KiB"}},
                          "PGAS_SEGMENT_SIZE: '4KiB' is too small: a segment is at least 64KiB"}),
    [](const auto &info) { return std::string(info.param.name); });

}  // namespace
}  // namespace launcher_test
