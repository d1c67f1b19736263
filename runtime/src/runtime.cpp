// Start-up and shutdown of a thread's process: attaching to the job's segments (or making a job of one
// thread when started without pgasrun), and the exit barrier.
#include "runtime.hpp"

#include <dlfcn.h>
#include <sched.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <string_view>
#include <thread>

#include "asymmetric_fence.hpp"
#include "coll/staging.hpp"
#include "collective.hpp"
#include "common/launch_contract.hpp"
#include "common/launch_settings.hpp"
#include "common/segment.hpp"
#include "conduit/active.hpp"
#include "cpu_sharing.hpp"
#include "emulation.hpp"
#include "errors.hpp"
#include "pgas/detail/api.hpp"
#include "range_allocator.hpp"
#include "sync/signals_in_flight.hpp"
#include "sync/sync_flags.hpp"
#include "wait.hpp"

namespace pgas::detail {
int g_mythread = 0;
int g_threads = 1;
fast_divisor g_threads_divisor;
bool g_progress_needed = false;

void make_progress() {
  rt::complete_signals(false);
  if (rt::g_runtime.network != nullptr) rt::g_runtime.network->progress();
}
}  // namespace pgas::detail

namespace pgas::rt {

Runtime g_runtime;

Runtime &runtime(const char *caller) {
  if (g_runtime.ctl == nullptr) fatal("%s called before the PGAS runtime was initialized", caller);
  if (g_runtime.finished)
    fatal("%s called after this thread finished main (the runtime has shut down)", caller);
  return g_runtime;
}

namespace {

int parse_int_env(const char *name, int low, int high) {
  const char *text = std::getenv(name);
  char *end = nullptr;
  long value = text ? std::strtol(text, &end, 10) : -1;
  if (text == nullptr || *text == '\0' || *end != '\0' || value < low || value > high)
    fatal("environment variable %s=%s is not a number in [%d, %d] (start programs with pgasrun)", name,
          text ? text : "(unset)", low, high);
  return static_cast<int>(value);
}

void *map_or_die(int fd, std::size_t *size) {
  std::string error;
  void *base = shm::map_segment(fd, size, &error);
  if (base == nullptr) fatal("%s", error.c_str());
  close(fd);
  return base;
}

int create_or_die(std::size_t size) {
  std::string error;
  int fd = shm::create_segment(size, &error);
  if (fd < 0) fatal("%s", error.c_str());
  return fd;
}

// Started by pgasrun: map the inherited control and data segments.
void attach_launched_job() {
  g_runtime.threads = parse_int_env(launch::kThreadsEnv, 1, kMaxThreads);
  g_runtime.mythread = parse_int_env(launch::kMyThreadEnv, 0, g_runtime.threads - 1);
  std::size_t size = 0;
  g_runtime.ctl =
      static_cast<ControlBlock *>(map_or_die(parse_int_env(launch::kControlFdEnv, 0, 1 << 20), &size));
  if (size < sizeof(ControlBlock))
    fatal("control segment is %zu bytes, expected %zu", size, sizeof(ControlBlock));
  std::string fds = std::getenv(launch::kSegmentFdsEnv) ? std::getenv(launch::kSegmentFdsEnv) : "";
  const char *cursor = fds.c_str();
  for (int t = 0; t < g_runtime.threads; ++t) {
    char *end = nullptr;
    long fd = std::strtol(cursor, &end, 10);
    if (end == cursor || (*end != ',' && *end != '\0'))
      fatal("%s=%s does not list %d descriptors", launch::kSegmentFdsEnv, fds.c_str(), g_runtime.threads);
    g_runtime.segments[t] = static_cast<std::byte *>(map_or_die(static_cast<int>(fd), &size));
    if (t > 0 && size != g_runtime.segment_size) fatal("data segments of unequal sizes");
    g_runtime.segment_size = size;
    cursor = *end == ',' ? end + 1 : end;
  }
}

// The segment size of a job this thread starts itself (alone, or under mpirun: the MPI conduit checks the
// size again once it knows the number of threads).
std::uint64_t segment_size_from_env() {
  std::uint64_t segment_size = launch::kDefaultSegmentSize;
  if (const char *text = std::getenv(launch::kSegmentSizeEnv); text && *text) {
    auto bytes = launch::read_segment_size(text, 1);
    if (!bytes.value) fatal("%s: %s", launch::kSegmentSizeEnv, bytes.problem.c_str());
    segment_size = *bytes.value;
  }
  return segment_size;
}

// Started directly: a job of one thread with segments of its own.
void create_single_thread_job() {
  g_runtime.threads = 1;
  g_runtime.mythread = 0;
  std::size_t size = 0;
  g_runtime.ctl = static_cast<ControlBlock *>(map_or_die(create_or_die(sizeof(ControlBlock)), &size));
  g_runtime.segments[0] = static_cast<std::byte *>(map_or_die(create_or_die(segment_size_from_env()), &size));
  g_runtime.segment_size = size;
}

// Whether this process was started by an MPI launcher (or PGAS_CONDUIT asks for a conduit explicitly).
bool network_conduit_requested() {
  if (const char *choice = std::getenv(launch::kConduitEnv); choice && *choice) {
    if (std::strcmp(choice, "mpi") == 0) return true;
    if (std::strcmp(choice, "shm") == 0) return false;
    fatal("%s=%s is not a conduit (shm or mpi)", launch::kConduitEnv, choice);
  }
  if (std::getenv(launch::kThreadsEnv) != nullptr) return false;  // pgasrun started it
  return std::getenv("OMPI_COMM_WORLD_SIZE") != nullptr || std::getenv("PMIX_RANK") != nullptr ||
         std::getenv("PMI_RANK") != nullptr;
}

// The MPI conduit library: $PGAS_MPI_CONDUIT_LIBRARY, or libpgas-mpi.so next to libpgas.so.
std::string conduit_library_path() {
  if (const char *path = std::getenv(launch::kMpiConduitLibraryEnv); path && *path) return path;
  Dl_info info{};
  if (dladdr(reinterpret_cast<void *>(&conduit_library_path), &info) == 0 || info.dli_fname == nullptr)
    return "libpgas-mpi.so";
  std::string self = info.dli_fname;
  std::size_t slash = self.rfind('/');
  return (slash == std::string::npos ? std::string() : self.substr(0, slash + 1)) + "libpgas-mpi.so";
}

[[noreturn]] void conduit_fatal(const char *message) { fatal("%s", message); }

// Started by mpirun: the MPI conduit (loaded only now, so that shm jobs never load MPI) gives this
// thread its segment and control block.
void start_network_conduit() {
  const std::string path = conduit_library_path();
  // RTLD_GLOBAL: Open MPI's own plugins resolve symbols of libmpi that the conduit library loads.
  void *library = dlopen(path.c_str(), RTLD_NOW | RTLD_GLOBAL);
  if (library == nullptr) fatal("cannot load the MPI conduit: %s", dlerror());
  auto factory = reinterpret_cast<ConduitFactory>(dlsym(library, kConduitFactorySymbol));
  if (factory == nullptr) fatal("%s does not define %s", path.c_str(), kConduitFactorySymbol);
  ConduitStartup startup{};
  startup.segment_size = segment_size_from_env();
  startup.fatal = conduit_fatal;
  Conduit *network = factory(&startup);
  if (network == nullptr) fatal("the MPI conduit did not start");
  if (startup.threads < 1 || startup.threads > kMaxThreads)
    fatal("the MPI job has %d processes; a PGAS job has 1 to %d threads", startup.threads, kMaxThreads);
  g_runtime.threads = startup.threads;
  g_runtime.mythread = startup.mythread;
  g_runtime.segments[startup.mythread] = startup.segment;
  g_runtime.segment_size = startup.segment_size;
  g_runtime.ctl = startup.ctl;
  g_runtime.network = network;
}

// Thread 0 lays out the zero-filled control block: the synchronization flags first, then up to three
// quarters of each segment for the symmetric heap (collective and upc_global_alloc objects), the rest for
// that thread's upc_alloc heap.
void lay_out_control_block() {
  ControlBlock &ctl = *g_runtime.ctl;
  ctl.threads = static_cast<std::uint32_t>(g_runtime.threads);
  ctl.segment_size = g_runtime.segment_size;
  ctl.symmetric_end = g_runtime.segment_size / 4 * 3 / kAllocAlignment * kAllocAlignment;
  const std::uint64_t heap_begin =
      coll::lay_out_staging(ctl, lay_out_sync_flags(ctl, g_runtime.threads, kSegmentReserve));
  range_init(ctl.symmetric_heap, heap_begin, ctl.symmetric_end);
  for (int t = 0; t < g_runtime.threads; ++t)
    range_init(ctl.local_heaps[t], ctl.symmetric_end, ctl.segment_size);
  for (auto &lock : ctl.locks) lock.holder.store(-1, std::memory_order_relaxed);
  ctl.magic = kControlMagic;
  ctl.ready.value.store(1, std::memory_order_release);
  wake_all(ctl.ready);
}

void exit_barrier(int status, void *);

// CPUs this process may run on (its affinity mask: taskset and cgroups can give fewer than the machine has).
int usable_cpus() {
  cpu_set_t set;
  if (sched_getaffinity(0, sizeof set, &set) == 0) return CPU_COUNT(&set);
  return static_cast<int>(std::thread::hardware_concurrency());
}

__attribute__((constructor(101))) void initialize() {
  const bool network = network_conduit_requested();
  if (network)
    start_network_conduit();
  else if (std::getenv(launch::kThreadsEnv) != nullptr)
    attach_launched_job();
  else
    create_single_thread_job();
  if (network) {
    const CpuSharing sharing = cpu_sharing_among_threads();
    g_runtime.own_cpu = sharing.own_cpu;
    g_runtime.oversubscribed = sharing.oversubscribed;
  } else {
    const char *own_cpu = std::getenv(launch::kOwnCpuEnv);
    g_runtime.own_cpu = own_cpu != nullptr && std::string_view(own_cpu) == "1";
    g_runtime.oversubscribed = !g_runtime.own_cpu && g_runtime.threads > usable_cpus();
    set_up_asymmetric_fences(g_runtime.threads);
  }
  g_runtime.online_cpus = sysconf(_SC_NPROCESSORS_ONLN);
  detail::g_mythread = g_runtime.mythread;
  detail::g_threads = g_runtime.threads;
  detail::g_threads_divisor = detail::fast_divisor(static_cast<std::uint64_t>(g_runtime.threads));
  detail::g_frees = &g_runtime.ctl->frees;
  detail::g_progress_needed = network;
  ControlBlock &ctl = *g_runtime.ctl;
  if (network) {
    lay_out_control_block();     // every thread its own; thread 0's heaps are the job's
    conduit().phase_arrive({});  // before any collective: no kind, no number
    conduit().phase_complete();
  } else if (g_runtime.mythread == 0) {
    lay_out_control_block();
  } else {
    wait_until(
        ctl.ready, [&] { return ctl.ready.value.load(std::memory_order_acquire) != 0; }, [] {});
  }
  if (ctl.magic != kControlMagic || ctl.threads != static_cast<std::uint32_t>(g_runtime.threads))
    fatal("the control segment does not belong to a job of %d threads", g_runtime.threads);
  ctl.attached.fetch_add(1, std::memory_order_acq_rel);
  coll::reserve_collective_bookkeeping();
  if (!network) coll::prepare_collective_areas();
  emulation_configure_from_env();
  if (network && g_emulation.enabled)
    fatal("network emulation (%s, %s) is for the shm conduit; the %s conduit runs on a real network",
          launch::kLatencyEnv, launch::kBandwidthEnv, conduit().name());
  on_exit(exit_barrier, nullptr);
  flush_output_on_termination();
}

// A thread that returns from main (or calls exit(0)) waits until every thread has done so, so that no peer
// loses access to shared data it still expects to be served: the end of main is the job's last collective,
// so a thread still waiting in another one is reported. A nonzero status ends at once: the launcher ends the
// others.
void exit_barrier(int status, void *) {
  flush_output_now();  // before any wait: the launcher may end this thread while it waits for its peers
  if (status != 0 || g_runtime.ctl == nullptr || g_runtime.finished) return;
  collective_enter({.kind = CollectiveKind::kExit});
  conduit().finish();
  g_runtime.finished = true;
}

}  // namespace
}  // namespace pgas::rt

extern "C" int pgas_thread_id(void) { return pgas::rt::g_runtime.mythread; }
extern "C" int pgas_thread_count(void) { return pgas::rt::g_runtime.threads; }

extern "C" void upc_global_exit(int status) {
  using namespace pgas::rt;
  runtime("upc_global_exit");
  std::fflush(nullptr);
  conduit().global_exit(status);
  __builtin_unreachable();
}
