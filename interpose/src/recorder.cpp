#include "recorder.hpp"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <string>
#include <string_view>

#include "call_paths.hpp"
#include "call_sites.hpp"
#include "clock.hpp"
#include "common/launch_contract.hpp"
#include "common/units.hpp"
#include "pgas/tracedb/raw_directory.hpp"
#include "pgas/tracedb/trace_settings.hpp"
#include "tables.hpp"

namespace pgas::trace {

tracedb::raw::File *g_file = nullptr;
std::uint32_t g_time_every = 1;
std::uint32_t g_until_timed = 1;

namespace {

struct Config {
  bool call_sites = false;
  unsigned callers = 0;
  unsigned depth = 0;
  unsigned bins = 0;
  std::uint64_t timeline_ms = 0;
  unsigned time_every = 0;
};

unsigned env_unsigned(const tracedb::settings::Setting &setting) {
  const char *text = std::getenv(setting.variable);
  if (text == nullptr || *text == '\0') return setting.fallback;
  char *end = nullptr;
  unsigned long value = std::strtoul(text, &end, 10);
  if (*end != '\0' || value < setting.low || value > setting.high) {
    std::fprintf(stderr, "pgas-trace: %s=%s is not a number in [%u, %u]; using %u\n", setting.variable, text,
                 setting.low, setting.high, setting.fallback);
    return setting.fallback;
  }
  return static_cast<unsigned>(value);
}

void read_command_line(char *out, std::size_t capacity) {
  int fd = open("/proc/self/cmdline", O_RDONLY | O_CLOEXEC);
  if (fd < 0) return;
  ssize_t n = read(fd, out, capacity - 2);
  close(fd);
  if (n > 0) out[n] = out[n + 1] = '\0';
}

// The emulation settings the runtime runs with (same variables, same parser).
double env_quantity(const char *name, std::optional<double> (*parse)(std::string_view)) {
  const char *text = std::getenv(name);
  return text ? parse(text).value_or(0.0) : 0.0;
}

// A run asked to be traced that cannot be is stopped at once: finishing it without its trace would be a
// silent failure. 73 is EX_CANTCREAT of sysexits.h.
[[noreturn]] void cannot_trace(int thread, const std::string &why) {
  std::fprintf(stderr, "pgas-trace: thread %d: cannot record the trace: %s\n", thread, why.c_str());
  _exit(73);
}

// Maps "<raw dir>/thread-<T>.bin", sized for the whole raw::File (sparse until touched). The directory must
// be private to this user and the file is created exclusively (raw_directory.hpp); the directory stays open
// and locked shared while the process lives, which marks it in use (pgas-trace-import --recover skips it).
tracedb::raw::File *create_raw_file(const std::string &database, int thread) {
  const char *raw_dir = std::getenv("PGAS_TRACE_RAW_DIR");
  std::string dir = raw_dir && *raw_dir ? raw_dir : database + ".raw";
  std::string error;
  int dir_fd = tracedb::raw::open_private_directory(dir, /*create=*/true, &error);
  if (dir_fd < 0) cannot_trace(thread, error);
  tracedb::raw::mark_in_use(dir_fd);
  int fd = tracedb::raw::create_private_file(dir_fd, "thread-" + std::to_string(thread) + ".bin", &error);
  if (fd < 0) cannot_trace(thread, dir + "/" + error);
  if (ftruncate(fd, sizeof(tracedb::raw::File)) != 0)
    cannot_trace(thread, dir + ": cannot size a raw file: " + std::strerror(errno));
  void *base = mmap(nullptr, sizeof(tracedb::raw::File), PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
  close(fd);
  if (base == MAP_FAILED) cannot_trace(thread, dir + ": cannot map a raw file: " + std::strerror(errno));
  return static_cast<tracedb::raw::File *>(base);
}

void initialize_header(tracedb::raw::Header &h, const Config &config) {
  std::memcpy(h.magic, tracedb::raw::kMagic, sizeof h.magic);
  h.version = tracedb::raw::kVersion;
  h.thread = static_cast<std::uint32_t>(pgas_thread_id());
  h.threads = static_cast<std::uint32_t>(pgas_thread_count());
  h.pid = getpid();
  h.call_sites = config.call_sites;
  h.callers = config.callers;
  h.unwind_depth = config.depth;
  h.bins = config.bins;
  h.timeline_interval_ns = config.timeline_ms * 1000000ull;
  h.time_every = config.timeline_ms > 0 ? 1 : config.time_every;  // a timeline needs every call's time
  h.latency_ns = env_quantity(launch::kLatencyEnv, units::parse_duration_ns);
  h.bandwidth_bps = env_quantity(launch::kBandwidthEnv, units::parse_bandwidth);
  timespec now;
  clock_gettime(CLOCK_REALTIME, &now);
  h.start_realtime_ns = static_cast<std::int64_t>(now.tv_sec) * 1000000000 + now.tv_nsec;
  h.ticks0 = ticks();
  h.mono0 = monotonic_ns();
  h.ticks1.store(h.ticks0 + 1, std::memory_order_relaxed);
  h.mono1.store(h.mono0, std::memory_order_relaxed);
  gethostname(h.host, sizeof h.host - 1);
  read_command_line(h.command_line, sizeof h.command_line);
  h.state.store(tracedb::raw::State::kRunning, std::memory_order_release);
}

// A thread ended by a signal (the launcher's SIGTERM, Ctrl-C) keeps its data: the tables live in the mapped
// file. This only records the time of death, so that its durations convert to ns; the trace stays partial.
void on_fatal_signal(int signo) {
  if (g_file != nullptr) update_calibration(*g_file);
  signal(signo, SIG_DFL);
  raise(signo);
}

void hook_fatal_signals() {
  for (int signo : {SIGTERM, SIGINT, SIGHUP}) {
    struct sigaction old {};
    if (sigaction(signo, nullptr, &old) == 0 && old.sa_handler == SIG_DFL) signal(signo, on_fatal_signal);
  }
}

// Runs after the runtime started (this library depends on libpgas, whose initializer runs first).
__attribute__((constructor)) void start() {
  const char *database = std::getenv("PGAS_TRACE_FILE");
  if (database == nullptr || *database == '\0') return;
  Config config;
  namespace settings = tracedb::settings;
  config.call_sites = env_unsigned(settings::kLines) == 1;
  config.callers = env_unsigned(settings::kCallers);
  if (config.callers > 0 && !config.call_sites) {
    std::fprintf(stderr, "pgas-trace: %s needs %s=1 (caller chains are of call sites); ignored\n",
                 settings::kCallers.variable, settings::kLines.variable);
    config.callers = 0;
  }
  config.depth = env_unsigned(settings::kDepth);
  config.bins = env_unsigned(settings::kBins);
  config.timeline_ms = env_unsigned(settings::kTimeline);
  config.time_every = env_unsigned(settings::kTimeEvery);
  tracedb::raw::File *file = create_raw_file(database, pgas_thread_id());
  initialize_header(file->header, config);
  scan_modules(*file);
  start_tables(*file);
  g_time_every = g_until_timed = file->header.time_every;
  g_file = file;
  hook_fatal_signals();
}

// Every exit through exit() or a return from main: the data is complete. A crash leaves kRunning.
__attribute__((destructor)) void finish() {
  if (g_file == nullptr) return;
  update_calibration(*g_file);
  g_file->header.state.store(tracedb::raw::State::kFinished, std::memory_order_release);
  msync(g_file, sizeof(tracedb::raw::File), MS_ASYNC);
  g_file = nullptr;
}

}  // namespace

void record(const Event &event, bool timed, std::uint64_t start, std::uint64_t duration) {
  tracedb::raw::File &file = *g_file;
  const Attribution at = attribute(file, event.return_address);
  if (is_in_cache_library(event.return_address)) {
    Event via_cache = event;
    via_cache.op =
        static_cast<tracedb::raw::Op>(static_cast<std::uint16_t>(event.op) | tracedb::raw::kViaCache);
    add_access(file, via_cache, at, timed, duration);
  } else {
    add_access(file, event, at, timed, duration);
  }
  add_to_histogram(file, event);
  if (timed) {
    add_to_timeline(file, start, event.bytes);
    // A transport call made while waiting (a collective's moves, a semaphore wait) is waiting time.
    if (g_wait_depth > 0) {
      const auto base = static_cast<std::uint16_t>(event.op);
      const bool always_timed = tracedb::raw::kOpDescriptions[base].always_timed;
      file.header.wait_transport_ticks.fetch_add(always_timed ? duration : duration * file.header.time_every,
                                                 std::memory_order_relaxed);
    } else {
      add_span_to_timeline(file, start, start + duration, TimelineState::kRemote);
    }
    // Keep the clock calibration fresh, so that a thread that dies still has its times converted.
    static std::uint32_t timed_calls = 0;
    if (++timed_calls % 4096 == 0) update_calibration(file);
  }
}

void record_allocation(pgas_handle_t handle, const pgas_layout_t &layout, std::uint64_t return_address) {
  tracedb::raw::File &file = *g_file;
  std::uint64_t pc =
      is_internal(return_address) ? first_user_frame(file.header.unwind_depth) : return_address;
  add_handle(file, handle, layout, site_slot(file, pc), true);
}

}  // namespace pgas::trace
