#include "options.hpp"

#include <charconv>
#include <cmath>
#include <string_view>
#include <tuple>

#include "common/launch_contract.hpp"
#include "common/launch_settings.hpp"
#include "common/units.hpp"

namespace pgas::launcher {
namespace {

namespace settings = tracedb::settings;

// --timeout is at most a year: the deadline stays far inside the clock's range.
constexpr double kMaxTimeoutSeconds = 365 * 24 * 3600;

enum class OptionId {
  kThreads,
  kLatency,
  kBandwidth,
  kSegmentSize,
  kTimeout,
  kTrace,
  kLines,
  kTimeline,
  kBins,
  kDepth,
  kTimeEvery,
  kConduit,
  kHelp,
  kVersion
};

struct OptionSpec {
  std::string_view long_name;
  char short_name;  // 0: long form only
  bool takes_value;
  OptionId id;
};

constexpr OptionSpec kOptions[] = {
    {"threads", 'n', true, OptionId::kThreads},
    {"latency", 0, true, OptionId::kLatency},
    {"bandwidth", 0, true, OptionId::kBandwidth},
    {"segment-size", 0, true, OptionId::kSegmentSize},
    {"timeout", 0, true, OptionId::kTimeout},
    {"trace", 0, true, OptionId::kTrace},
    {"lines", 0, false, OptionId::kLines},
    {"timeline", 0, true, OptionId::kTimeline},
    {"bins", 0, true, OptionId::kBins},
    {"depth", 0, true, OptionId::kDepth},
    {"time-every", 0, true, OptionId::kTimeEvery},
    {"conduit", 0, true, OptionId::kConduit},
    {"help", 'h', false, OptionId::kHelp},
    {"version", 0, false, OptionId::kVersion},
};

// Option values as written on the command line, before they are checked.
struct RawOptions {
  std::optional<std::string> threads, latency, bandwidth, segment_size, timeout, trace, timeline, bins, depth,
      time_every, conduit;
  bool lines = false;
  std::vector<std::string> program;

  std::optional<std::string> &value_of(OptionId id) {
    switch (id) {
      case OptionId::kThreads:
        return threads;
      case OptionId::kLatency:
        return latency;
      case OptionId::kBandwidth:
        return bandwidth;
      case OptionId::kSegmentSize:
        return segment_size;
      case OptionId::kTrace:
        return trace;
      case OptionId::kTimeline:
        return timeline;
      case OptionId::kBins:
        return bins;
      case OptionId::kDepth:
        return depth;
      case OptionId::kTimeEvery:
        return time_every;
      case OptionId::kConduit:
        return conduit;
      default:  // kTimeout; --lines, --help and --version take no value
        return timeout;
    }
  }
};

// A setting and where it came from ("--latency" or "PGAS_LATENCY"), to name the culprit in messages.
struct Setting {
  std::string text;
  std::string source;
};

ParsedCommandLine usage_error(std::string message) {
  return {ParsedCommandLine::Action::kUsageError, {}, std::move(message)};
}

const OptionSpec *find_option(std::string_view long_name, char short_name) {
  for (const OptionSpec &spec : kOptions)
    if (short_name ? spec.short_name == short_name : spec.long_name == long_name) return &spec;
  return nullptr;
}

// Splits argv into option values and the program. Returns kRun to go on, or the action/error that ends it.
ParsedCommandLine scan(int argc, char **argv, RawOptions &raw) {
  int i = 1;
  for (; i < argc; ++i) {
    std::string_view arg = argv[i];
    if (arg == "--") {
      ++i;
      break;
    }
    if (arg.size() < 2 || arg[0] != '-') break;  // the program
    const OptionSpec *spec;
    std::string spelled;  // the option as the user wrote it, without any value
    std::optional<std::string_view> attached_value;
    if (arg.starts_with("--")) {
      std::string_view name = arg.substr(2);
      if (auto eq = name.find('='); eq != std::string_view::npos) {
        attached_value = name.substr(eq + 1);
        name = name.substr(0, eq);
      }
      spec = find_option(name, 0);
      spelled = "--" + std::string(name);
    } else {
      spec = find_option({}, arg[1]);
      spelled = std::string(arg.substr(0, 2));
      if (arg.size() > 2) attached_value = arg.substr(2);  // -n4
    }
    if (!spec) return usage_error("unknown option '" + spelled + "'");
    if (!spec->takes_value) {
      if (attached_value) return usage_error("option '" + spelled + "' takes no value");
      if (spec->id == OptionId::kLines) {
        raw.lines = true;
        continue;
      }
      return {spec->id == OptionId::kHelp ? ParsedCommandLine::Action::kHelp
                                          : ParsedCommandLine::Action::kVersion,
              {},
              {}};
    }
    if (attached_value)
      raw.value_of(spec->id) = std::string(*attached_value);
    else if (i + 1 < argc)
      raw.value_of(spec->id) = argv[++i];
    else
      return usage_error("option '" + spelled + "' needs a value");
  }
  raw.program.assign(argv + i, argv + argc);
  return {ParsedCommandLine::Action::kRun, {}, {}};
}

// The flag wins over the environment variable; an empty variable counts as unset.
std::optional<Setting> flag_or_env(const std::optional<std::string> &flag, const char *flag_name,
                                   const char *env_name, const EnvLookup &getenv) {
  if (flag) return Setting{*flag, flag_name};
  const char *value = getenv(env_name);
  if (value && *value) return Setting{value, env_name};
  return std::nullopt;
}

std::optional<int> parse_int(std::string_view text) {
  int value = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size()) return std::nullopt;
  return value;
}

// A whole number in [low, high] for `flag`, or an error message.
std::string parse_bounded(const std::optional<std::string> &text, const char *flag, unsigned low,
                          unsigned high, unsigned &out) {
  if (!text) return {};
  auto value = parse_int(*text);
  if (!value || *value < static_cast<int>(low) || *value > static_cast<int>(high))
    return std::string(flag) + ": '" + *text + "' is not a whole number from " + std::to_string(low) +
           " to " + std::to_string(high);
  out = static_cast<unsigned>(*value);
  return {};
}

std::string validate_trace(const RawOptions &raw, TraceOptions &trace) {
  if (!raw.trace) {
    if (raw.lines || raw.timeline || raw.bins || raw.depth || raw.time_every)
      return "--lines, --timeline, --bins, --depth and --time-every go with --trace FILE";
    return {};
  }
  if (raw.trace->empty()) return "--trace: the database file name is empty";
  trace.file = *raw.trace;
  trace.lines = raw.lines;
  // --timeline MS turns the timeline on: 0 (its "off") is not a width.
  if (auto e = parse_bounded(raw.timeline, "--timeline", 1, settings::kTimeline.high, trace.timeline_ms);
      !e.empty())
    return e;
  for (auto [text, option, setting, value] :
       {std::tuple{&raw.bins, "--bins", &settings::kBins, &trace.bins},
        std::tuple{&raw.depth, "--depth", &settings::kDepth, &trace.depth},
        std::tuple{&raw.time_every, "--time-every", &settings::kTimeEvery, &trace.time_every}})
    if (auto e = parse_bounded(*text, option, setting->low, setting->high, *value); !e.empty()) return e;
  return {};
}

// Checks the raw values and fills `out`. Returns the error message, or an empty string.
std::string validate(const RawOptions &raw, const EnvLookup &getenv, LaunchOptions &out) {
  if (!raw.threads) return "missing -n/--threads N: how many threads to run";
  auto threads = parse_int(*raw.threads);
  if (!threads) return "-n/--threads: '" + *raw.threads + "' is not a whole number";
  if (*threads < 1 || *threads > launch::kMaxThreads)
    return "-n/--threads: the number of threads must be between 1 and " +
           std::to_string(launch::kMaxThreads) + ", not " + std::to_string(*threads);
  out.threads = *threads;

  // The same readers as the runtime's, so that every value accepted here is accepted by every thread.
  if (auto latency = flag_or_env(raw.latency, "--latency", launch::kLatencyEnv, getenv)) {
    auto ns = launch::read_latency_ns(latency->text);
    if (!ns.value) return latency->source + ": " + ns.problem;
    out.latency_ns = *ns.value;
  }
  if (auto bandwidth = flag_or_env(raw.bandwidth, "--bandwidth", launch::kBandwidthEnv, getenv)) {
    auto bps = launch::read_bandwidth_bps(bandwidth->text);
    if (!bps.value) return bandwidth->source + ": " + bps.problem;
    out.bandwidth_bps = *bps.value;
  }
  out.segment_size = launch::kDefaultSegmentSize;
  if (auto size = flag_or_env(raw.segment_size, "--segment-size", launch::kSegmentSizeEnv, getenv)) {
    auto bytes = launch::read_segment_size(size->text, out.threads);
    if (!bytes.value) return size->source + ": " + bytes.problem;
    out.segment_size = *bytes.value;
  }
  if (raw.timeout) {
    double seconds = 0;
    const std::string &text = *raw.timeout;
    auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), seconds);
    if (ec != std::errc() || end != text.data() + text.size() || !std::isfinite(seconds) || seconds <= 0)
      return "--timeout: '" + text + "' is not a positive number of seconds";
    if (seconds > kMaxTimeoutSeconds)
      return "--timeout: '" + text + "' is out of range: at most " +
             std::to_string(static_cast<long>(kMaxTimeoutSeconds)) + " seconds (a year)";
    out.timeout_s = seconds;
  }
  if (std::string error = validate_trace(raw, out.trace); !error.empty()) return error;
  if (raw.conduit) {
    if (*raw.conduit != "shm" && *raw.conduit != "mpi")
      return "--conduit: '" + *raw.conduit + "' is not a conduit (shm or mpi)";
    out.conduit = *raw.conduit;
  }
  if (out.conduit == "mpi" && out.emulation_on())
    return "--latency and --bandwidth emulate a network on the shm conduit; --conduit mpi runs on a real one";
  if (raw.program.empty()) return "no program to run";
  out.program = raw.program;
  return {};
}

}  // namespace

ParsedCommandLine parse_command_line(int argc, char **argv, const EnvLookup &getenv) {
  RawOptions raw;
  ParsedCommandLine result = scan(argc, argv, raw);
  if (result.action != ParsedCommandLine::Action::kRun) return result;
  if (std::string error = validate(raw, getenv, result.options); !error.empty()) return usage_error(error);
  return result;
}

// "1..256 (default 64)"
static std::string range_text(const tracedb::settings::Setting &setting) {
  return std::to_string(setting.low) + ".." + std::to_string(setting.high) + " (default " +
         std::to_string(setting.fallback) + ")";
}

// clang-format off: the help text is laid out as printed

std::string usage_text() {
  const std::string max_threads = std::to_string(launch::kMaxThreads);
  const std::string min_size = units::format_size(launch::kMinSegmentSize);
  const std::string default_size = units::format_size(launch::kDefaultSegmentSize);
  const std::string max_segments = units::format_size(launch::kMaxJobSegments);
  const std::string max_latency = units::format_duration_ns(launch::kMaxLatencyNs);
  const std::string bandwidth_range = units::format_bandwidth(launch::kMinBandwidth) + " to " +
                                      units::format_bandwidth(launch::kMaxBandwidth);
  const std::string max_timeout = std::to_string(static_cast<long>(kMaxTimeoutSeconds));
  return "Usage: pgasrun -n N [options] [--] PROGRAM [ARGS...]\n"
         "\n"
         "Runs PROGRAM as a PGAS job of N threads (processes) on this machine, connected by shared memory.\n"
         "\n"
         "Options:\n"
         "  -n, --threads N          number of threads, 1.." +
         max_threads +
         " (required)\n"
         "      --latency T          network emulation (what-if): each remote transport call costs T more,\n"
         "                           e.g. 2us, 500ns, 1.5ms; at most " +
         max_latency +
         "; 0 = off\n"
         "                           (default: $PGAS_LATENCY, else 0)\n"
         "      --bandwidth B        network emulation (what-if): remote transfers move at most B,\n"
         "                           e.g. 10GB/s, 800MB/s, 1.5GiB/s; " +
         bandwidth_range +
         "; 0 = unlimited\n"
         "                           (default: $PGAS_BANDWIDTH, else 0)\n"
         "      --segment-size SIZE  shared memory per thread, at least " +
         min_size +
         ", e.g. 1GiB, 512MiB\n"
         "                           (default: $PGAS_SEGMENT_SIZE, else " +
         default_size +
         "); pages cost memory\n"
         "                           only when touched; every thread maps all segments, which together\n"
         "                           may take at most " +
         max_segments +
         "\n"
         "      --timeout SECONDS    end the job after SECONDS, at most " +
         max_timeout +
         " (a year)\n"
         "                           (exit status 124)\n"
         "      --conduit C          shm (default): the threads are processes on this machine, connected\n"
         "                           by shared memory; mpi: run them with mpirun on the MPI conduit\n"
         "                           (MPI-3 RMA; also across machines): mpirun --oversubscribe -np N,\n"
         "                           plus the flags in $PGAS_MPIRUN_FLAGS (e.g. '--hostfile hosts' or\n"
         "                           '--mca btl tcp,self'); $PGAS_MPIRUN names mpirun (default: on PATH)\n"
         "\n"
         "Tracing (libpgas-trace.so is preloaded into every thread):\n"
         "      --trace FILE         record remote accesses into the trace database FILE (SQLite); after\n"
         "                           the job, import and symbolize it and print where it is. If pgasrun\n"
         "                           is killed first, 'pgas-trace-import --recover' imports the trace\n"
         "      --lines              also record call sites (source lines) of the accesses\n"
         "      --timeline MS        also record accesses per thread over time, in MS-millisecond buckets\n"
         "      --bins N             offset histogram bins per shared variable, " +
         range_text(settings::kBins) +
         "\n"
         "      --depth N            frames walked at most to leave runtime code, " +
         range_text(settings::kDepth) +
         "\n"
         "      --time-every N       time one transport call in N, " +
         range_text(settings::kTimeEvery) +
         "; 1 = every call; counts stay\n"
         "                           exact and time sums are scaled from the timed calls\n"
         "\n"
         "  -h, --help               print this help and exit\n"
         "      --version            print the version and exit\n"
         "\n"
         "Options end at '--' or at the first argument that is not an option; PROGRAM and ARGS are passed\n"
         "unchanged. Every option also accepts the --option=VALUE form.\n"
         "\n"
         "When a thread fails (non-zero exit status, or killed by a signal), the others are ended at once.\n"
         "Exit status: 0 if every thread exits 0; else the first non-zero exit status of a thread;\n"
         "  128+S if a thread was killed by signal S, or pgasrun was interrupted by signal S;\n"
         "  the status given to upc_global_exit; 124 after --timeout; 127 if PROGRAM cannot be run;\n"
         "  2 for a bad command line.\n";
}
// clang-format on

}  // namespace pgas::launcher
