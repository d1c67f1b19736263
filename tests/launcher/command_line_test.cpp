// pgasrun's command line: help, usage errors, programs that cannot run, the environment each thread
// gets, and the network emulation settings.
#include <string>
#include <vector>

#include "pgasrun_process.hpp"

namespace launcher_test {
namespace {

using Args = std::vector<std::string>;

class HelpTest : public LauncherParamTest<const char *> {};

TEST_P(HelpTest, PrintsEveryFlagToStdout) {
  RunResult r = run_pgasrun({GetParam()});
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(r.err, "");
  for (const char *flag : {"Usage: pgasrun -n N", "-n, -np, --threads N", "--latency T", "--bandwidth B",
                           "--segment-size SIZE", "--timeout SECONDS", "--bind-to B", "--tag-output",
                           "--show", "--trace [FILE]", "--force", "-h, --help", "--version"})
    EXPECT_NE(r.out.find(flag), std::string::npos) << "help lacks " << flag << ":\n" << r.out;
}

INSTANTIATE_TEST_SUITE_P(Launcher, HelpTest, ::testing::Values("--help", "-h"), [](const auto &info) {
  return std::string(info.param).substr(std::string(info.param).find_first_not_of('-'));
});

TEST_F(LauncherTest, PrintsVersion) {
  RunResult r = run_pgasrun({"--version"});
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(r.out.rfind("pgasrun ", 0), 0u) << r.out;
}

struct BadCommandLine {
  const char *name;
  Args args;  // "PROBE" stands for the probe's path
  EnvOverrides env;
  const char *problem;  // expected in the message
};

class BadCommandLineTest : public LauncherParamTest<BadCommandLine> {};

Args with_probe(const Args &args) {
  Args out;
  for (const std::string &arg : args) out.push_back(arg == "PROBE" ? kProbe : arg);
  return out;
}

TEST_P(BadCommandLineTest, ExitsTwoNamingTheProblem) {
  const BadCommandLine &c = GetParam();
  RunResult r = run_pgasrun(with_probe(c.args), c.env);
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.err.rfind("pgasrun: ", 0), 0u) << r.err;
  EXPECT_NE(r.err.find(c.problem), std::string::npos) << "expected '" << c.problem << "' in:\n" << r.err;
  EXPECT_NE(r.err.find("\nTry 'pgasrun --help'.\n"), std::string::npos) << r.err;
}

INSTANTIATE_TEST_SUITE_P(
    Launcher, BadCommandLineTest,
    ::testing::Values(
        BadCommandLine{"NoThreads", {"PROBE", "ok"}, {}, "missing -n/--threads"},
        BadCommandLine{"ZeroThreads", {"-n", "0", "PROBE", "ok"}, {}, "between 1 and 1024, not 0"},
        BadCommandLine{"TooManyThreads", {"-n", "1025", "PROBE", "ok"}, {}, "between 1 and 1024, not 1025"},
        BadCommandLine{"ThreadsNotANumber", {"-n", "abc", "PROBE", "ok"}, {}, "'abc' is not a whole number"},
        BadCommandLine{"ThreadsWithoutValue", {"-n"}, {}, "option '-n' needs a value"},
        BadCommandLine{"BadLatency",
                       {"-n", "2", "--latency", "5parsecs", "PROBE", "ok"},
                       {},
                       "--latency: '5parsecs' is not a duration"},
        BadCommandLine{"BadBandwidth",
                       {"-n", "2", "--bandwidth=x", "PROBE", "ok"},
                       {},
                       "--bandwidth: 'x' is not a bandwidth"},
        BadCommandLine{"BadSegmentSize",
                       {"-n", "2", "--segment-size", "lots", "PROBE", "ok"},
                       {},
                       "--segment-size: 'lots' is not a size"},
        BadCommandLine{
            "TinySegment", {"-n", "2", "--segment-size", "4KiB", "PROBE", "ok"}, {}, "at least 64KiB"},
        BadCommandLine{"BadTimeout",
                       {"-n", "2", "--timeout", "-1", "PROBE", "ok"},
                       {},
                       "--timeout: '-1' is not a positive number of seconds"},
        BadCommandLine{"UnknownLongOption",
                       {"-n", "2", "--frobnicate", "PROBE", "ok"},
                       {},
                       "unknown option '--frobnicate'"},
        BadCommandLine{"UnknownShortOption", {"-x", "-n", "2", "PROBE", "ok"}, {}, "unknown option '-x'"},
        BadCommandLine{"ValueForFlag", {"--help=yes"}, {}, "option '--help' takes no value"},
        BadCommandLine{"NoProgram", {"-n", "2"}, {}, "no program to run"},
        BadCommandLine{"NoProgramAfterDashes", {"-n", "2", "--"}, {}, "no program to run"},
        BadCommandLine{"BadLatencyEnv",
                       {"-n", "2", "PROBE", "ok"},
                       {{"PGAS_LATENCY", "soon"}},
                       "PGAS_LATENCY: 'soon' is not a duration"},
        BadCommandLine{"BadBandwidthEnv",
                       {"-n", "2", "PROBE", "ok"},
                       {{"PGAS_BANDWIDTH", "fast"}},
                       "PGAS_BANDWIDTH: 'fast' is not a bandwidth"},
        BadCommandLine{"BadSegmentSizeEnv",
                       {"-n", "2", "PROBE", "ok"},
                       {{"PGAS_SEGMENT_SIZE", "huge"}},
                       "PGAS_SEGMENT_SIZE: 'huge' is not a size"}),
    [](const auto &info) { return std::string(info.param.name); });

struct MissingProgram {
  const char *name;
  const char *program;
};

class MissingProgramTest : public LauncherParamTest<MissingProgram> {};

TEST_P(MissingProgramTest, ExitsOneHundredTwentySevenNamingIt) {
  const std::string program = GetParam().program;
  RunResult r = run_pgasrun({"-n", "2", program, "arg"});
  EXPECT_EQ(r.exit_code, 127);
  EXPECT_NE(r.err.find("'" + program + "'"), std::string::npos) << r.err;
  EXPECT_EQ(r.out, "");
}

INSTANTIATE_TEST_SUITE_P(Launcher, MissingProgramTest,
                         ::testing::Values(MissingProgram{"NoSuchPath", "/nonexistent/pgas-probe"},
                                           MissingProgram{"NotInPath", "pgas-no-such-program-in-path"},
                                           MissingProgram{"NotExecutable", "/etc/passwd"},
                                           MissingProgram{"Directory", "/tmp"}),
                         [](const auto &info) { return std::string(info.param.name); });

struct ArgsCase {
  const char *name;
  Args pgasrun_args;  // before the probe
  Args probe_args;    // passed to the probe, which prints them one per line
};

class ArgumentPassingTest : public LauncherParamTest<ArgsCase> {};

TEST_P(ArgumentPassingTest, PassesProgramArgumentsUnchanged) {
  Args args = GetParam().pgasrun_args;
  args.insert(args.end(), {kProbe, "args"});
  args.insert(args.end(), GetParam().probe_args.begin(), GetParam().probe_args.end());
  RunResult r = run_pgasrun(args);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  std::string expected;
  for (const std::string &arg : GetParam().probe_args) expected += arg + "\n";
  EXPECT_EQ(r.out, expected);
}

INSTANTIATE_TEST_SUITE_P(
    Launcher, ArgumentPassingTest,
    ::testing::Values(ArgsCase{"OptionsAfterProgram", {"-n", "1"}, {"-n", "3", "--help", "--latency", "x"}},
                      ArgsCase{"AfterDoubleDash", {"--threads=1", "--"}, {"--", "-n", "", "two words"}},
                      ArgsCase{"AttachedThreadCount", {"-n1", "--timeout=30"}, {"plain"}}),
    [](const auto &info) { return std::string(info.param.name); });

// What `launcher_probe env` prints for one thread, given pgasrun options and environment.
struct EnvCase {
  const char *name;
  Args options;
  EnvOverrides env;
  const char *label;                // expected on stderr, or nullptr: no emulation line at all
  std::vector<std::string> lines;   // expected PGAS_* lines
  std::vector<std::string> absent;  // variables that must not be set
};

class ThreadEnvironmentTest : public LauncherParamTest<EnvCase> {};

TEST_P(ThreadEnvironmentTest, SetsTheLaunchContract) {
  const EnvCase &c = GetParam();
  Args args = c.options;
  args.insert(args.end(), {kProbe, "env"});
  RunResult r = run_pgasrun(args, c.env);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  if (c.label)
    EXPECT_EQ(r.err, std::string("pgasrun: network emulation (what-if): every remote transport call ") +
                         c.label + "\n");
  else
    EXPECT_EQ(r.err, "");
  for (const std::string &line : c.lines)
    EXPECT_EQ(count_lines(r.out, line), 1) << line << " not in:\n" << r.out;
  for (const std::string &name : c.absent) EXPECT_EQ(r.out.find(name + "="), std::string::npos) << r.out;
}

INSTANTIATE_TEST_SUITE_P(Launcher, ThreadEnvironmentTest,
                         ::testing::Values(EnvCase{"Defaults",
                                                   {"-n", "1"},
                                                   {},
                                                   nullptr,
                                                   {"PGAS_THREADS=1", "PGAS_MYTHREAD=0",
                                                    "PGAS_SEGMENT_SIZE=1073741824"},
                                                   {"PGAS_LATENCY", "PGAS_BANDWIDTH"}},
                                           EnvCase{"Latency",
                                                   {"-n", "1", "--latency", "2us"},
                                                   {},
                                                   "costs +2 us latency",
                                                   {"PGAS_LATENCY=2000ns"},
                                                   {"PGAS_BANDWIDTH"}},
                                           EnvCase{"LatencyAndBandwidth",
                                                   {"-n", "1", "--latency=2us", "--bandwidth=10GB/s"},
                                                   {},
                                                   "costs +2 us latency and is limited to 10 GB/s",
                                                   {"PGAS_LATENCY=2000ns", "PGAS_BANDWIDTH=10000000000B/s"},
                                                   {}},
                                           EnvCase{"BandwidthOnly",
                                                   {"-n", "1", "--bandwidth", "800MB/s"},
                                                   {},
                                                   "is limited to 800 MB/s",
                                                   {"PGAS_BANDWIDTH=800000000B/s"},
                                                   {"PGAS_LATENCY"}},
                                           EnvCase{"LatencyFromEnvironment",
                                                   {"-n", "1"},
                                                   {{"PGAS_LATENCY", "500ns"}},
                                                   "costs +500 ns latency",
                                                   {"PGAS_LATENCY=500ns"},
                                                   {}},
                                           EnvCase{"FlagWinsOverEnvironment",
                                                   {"-n", "1", "--latency", "1.5us"},
                                                   {{"PGAS_LATENCY", "5ms"}},
                                                   "costs +1.5 us latency",
                                                   {"PGAS_LATENCY=1500ns"},
                                                   {}},
                                           EnvCase{"ZeroTurnsEmulationOff",
                                                   {"-n", "1", "--latency", "0", "--bandwidth", "0"},
                                                   {{"PGAS_LATENCY", "5ms"}, {"PGAS_BANDWIDTH", "1GB/s"}},
                                                   nullptr,
                                                   {},
                                                   {"PGAS_LATENCY", "PGAS_BANDWIDTH"}},
                                           EnvCase{"SegmentSizeFlag",
                                                   {"-n", "1", "--segment-size", "1MiB"},
                                                   {},
                                                   nullptr,
                                                   {"PGAS_SEGMENT_SIZE=1048576"},
                                                   {}},
                                           EnvCase{"SegmentSizeFromEnvironment",
                                                   {"-n", "1"},
                                                   {{"PGAS_SEGMENT_SIZE", "2MiB"}},
                                                   nullptr,
                                                   {"PGAS_SEGMENT_SIZE=2097152"},
                                                   {}}),
                         [](const auto &info) { return std::string(info.param.name); });

}  // namespace
}  // namespace launcher_test
