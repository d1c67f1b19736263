#include "options.hpp"

#include <unistd.h>

#include <charconv>
#include <cmath>
#include <string_view>
#include <tuple>

#include "common/launch_contract.hpp"
#include "common/launch_settings.hpp"
#include "common/units.hpp"
#include "cpu_binding.hpp"

namespace pgas::launcher {
namespace {

namespace settings = tracedb::settings;

enum class OptionId {
  kThreads,
  kLatency,
  kBandwidth,
  kSegmentSize,
  kTimeout,
  kTrace,
  kLines,
  kCallers,
  kTimeline,
  kBins,
  kDepth,
  kTimeEvery,
  kConduit,
  kForce,
  kTagOutput,
  kShow,
  kBindTo,
  kHelp,
  kVersion
};

struct OptionSpec {
  std::string_view long_name;
  char short_name;  // 0: long form only
  bool takes_value;
  OptionId id;
  std::string_view single_dash_name = {};  // mpirun's spelling, e.g. -np for -n
};

constexpr OptionSpec kOptions[] = {
    {"threads", 'n', true, OptionId::kThreads, "np"},
    {"latency", 0, true, OptionId::kLatency},
    {"bandwidth", 0, true, OptionId::kBandwidth},
    {"segment-size", 0, true, OptionId::kSegmentSize},
    {"timeout", 0, true, OptionId::kTimeout},
    {"trace", 0, true, OptionId::kTrace},
    {"lines", 0, false, OptionId::kLines},
    {"callers", 0, true, OptionId::kCallers},
    {"timeline", 0, true, OptionId::kTimeline},
    {"bins", 0, true, OptionId::kBins},
    {"depth", 0, true, OptionId::kDepth},
    {"time-every", 0, true, OptionId::kTimeEvery},
    {"conduit", 0, true, OptionId::kConduit},
    {"force", 0, false, OptionId::kForce},
    {"tag-output", 0, false, OptionId::kTagOutput},
    {"show", 0, false, OptionId::kShow},
    {"bind-to", 0, true, OptionId::kBindTo},
    {"help", 'h', false, OptionId::kHelp},
    {"version", 0, false, OptionId::kVersion},
};

// Option values as written on the command line, before they are checked.
struct RawOptions {
  std::optional<std::string> threads, latency, bandwidth, segment_size, timeout, trace, callers, timeline,
      bins, depth, time_every, conduit, bind_to;
  bool lines = false, force = false, tag_output = false, show = false;
  bool trace_named_by_pgasrun = false;  // --trace without FILE
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
      case OptionId::kCallers:
        return callers;
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
      case OptionId::kBindTo:
        return bind_to;
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

// "-np" and "-np=4": an option spelled with one dash and a long name, as mpirun's.
const OptionSpec *find_single_dash_option(std::string_view arg) {
  const std::string_view name = arg.substr(1, arg.find('=') - 1);
  for (const OptionSpec &spec : kOptions)
    if (!spec.single_dash_name.empty() && spec.single_dash_name == name) return &spec;
  return nullptr;
}

// The flags without a value: --lines, --force, --tag-output, --show.
bool *flag_of(OptionId id, RawOptions &raw) {
  switch (id) {
    case OptionId::kLines:
      return &raw.lines;
    case OptionId::kForce:
      return &raw.force;
    case OptionId::kTagOutput:
      return &raw.tag_output;
    case OptionId::kShow:
      return &raw.show;
    default:
      return nullptr;
  }
}

// --trace takes the next argument as its FILE only when it ends in ".db" (or as --trace=FILE); otherwise the
// next argument is the program, and pgasrun names the database itself.
bool is_database_name(std::string_view arg) { return arg.size() > 3 && arg.ends_with(".db"); }

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
    } else if (const OptionSpec *single = find_single_dash_option(arg)) {
      spec = single;
      spelled = "-" + std::string(single->single_dash_name);
      if (arg.size() > spelled.size()) attached_value = arg.substr(spelled.size() + 1);  // -np=4
    } else {
      spec = find_option({}, arg[1]);
      spelled = std::string(arg.substr(0, 2));
      if (arg.size() > 2) attached_value = arg.substr(2);  // -n4
    }
    if (!spec) return usage_error("unknown option '" + spelled + "'");
    if (!spec->takes_value) {
      if (attached_value) return usage_error("option '" + spelled + "' takes no value");
      if (bool *flag = flag_of(spec->id, raw)) {
        *flag = true;
        continue;
      }
      return {spec->id == OptionId::kHelp ? ParsedCommandLine::Action::kHelp
                                          : ParsedCommandLine::Action::kVersion,
              {},
              {}};
    }
    if (attached_value)
      raw.value_of(spec->id) = std::string(*attached_value);
    else if (spec->id == OptionId::kTrace && !(i + 1 < argc && is_database_name(argv[i + 1])))
      raw.trace_named_by_pgasrun = true;
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

// pgas.PROGRAM.PID.db in the working directory, as heaptrack names its files: a name no earlier run used.
std::string database_name_for(const std::string &program) {
  const std::size_t slash = program.rfind('/');
  return "pgas." + program.substr(slash == std::string::npos ? 0 : slash + 1) + "." +
         std::to_string(getpid()) + ".db";
}

std::string validate_trace(const RawOptions &raw, TraceOptions &trace) {
  if (!raw.trace && !raw.trace_named_by_pgasrun) {
    if (raw.lines || raw.callers || raw.timeline || raw.bins || raw.depth || raw.time_every || raw.force)
      return "--lines, --callers, --timeline, --bins, --depth, --time-every and --force go with --trace";
    return {};
  }
  if (raw.trace && raw.trace->empty()) return "--trace: the database file name is empty";
  trace.named_by_pgasrun = !raw.trace;
  trace.file = raw.trace ? *raw.trace : database_name_for(raw.program.front());
  trace.force = raw.force;
  trace.lines = raw.lines;
  // --timeline MS turns the timeline on: 0 (its "off") is not a width.
  if (auto e = parse_bounded(raw.timeline, "--timeline", 1, settings::kTimeline.high, trace.timeline_ms);
      !e.empty())
    return e;
  for (auto [text, option, setting, value] :
       {std::tuple{&raw.bins, "--bins", &settings::kBins, &trace.bins},
        std::tuple{&raw.callers, "--callers", &settings::kCallers, &trace.callers},
        std::tuple{&raw.depth, "--depth", &settings::kDepth, &trace.depth},
        std::tuple{&raw.time_every, "--time-every", &settings::kTimeEvery, &trace.time_every}})
    if (auto e = parse_bounded(*text, option, setting->low, setting->high, *value); !e.empty()) return e;
  if (trace.callers > 0 && !trace.lines)
    return "--callers: caller chains are chains of call sites; add --lines (or drop --callers)";
  return {};
}

// --bind-to core|spread|none; on the shm conduit, core needs a CPU for every thread.
std::string validate_binding(const RawOptions &raw, LaunchOptions &out) {
  if (!raw.bind_to || *raw.bind_to == "none") return {};
  if (*raw.bind_to == "spread") {
    out.binding = Binding::kSpread;
    if (out.conduit == "shm" && usable_cpus().empty())
      return "--bind-to spread: cannot read the CPUs this process may run on";
    return {};
  }
  if (*raw.bind_to != "core")
    return "--bind-to: '" + *raw.bind_to + "' is not a binding (core, spread or none)";
  out.binding = Binding::kCore;
  const int cpus = static_cast<int>(usable_cpus().size());
  if (out.conduit == "shm" && out.threads > cpus)
    return "--bind-to core: " + std::to_string(out.threads) + " threads but only " + std::to_string(cpus) +
           " CPU(s) to bind them to (--bind-to spread shares the CPUs evenly, none lets the system place the "
           "threads)";
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
  if (raw.program.empty()) return "no program to run";
  if (std::string error = validate_trace(raw, out.trace); !error.empty()) return error;
  out.tag_output = raw.tag_output;
  out.show = raw.show;
  if (raw.conduit) {
    if (*raw.conduit != "shm" && *raw.conduit != "mpi")
      return "--conduit: '" + *raw.conduit + "' is not a conduit (shm or mpi)";
    out.conduit = *raw.conduit;
  }
  if (out.conduit == "mpi" && out.emulation_on())
    return "--latency and --bandwidth emulate a network on the shm conduit; --conduit mpi runs on a real one";
  if (std::string error = validate_binding(raw, out); !error.empty()) return error;
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

}  // namespace pgas::launcher
