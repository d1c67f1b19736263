// Stands in for a PGAS program under pgasrun: reads the launch contract from the environment and behaves
// as the test asks. Usage: launcher_probe MODE [ARGS...], where MODE is one of:
// - ok: check the contract (segment descriptors and sizes, control descriptor), print "thread T of N";
// - segv T: thread T raises SIGSEGV after a short sleep; the others sleep 60 s;
// - exit C T: thread T exits with status C after a short sleep; the others sleep 60 s;
// - global-exit C T: thread T requests upc_global_exit(C) in the control block; all sleep 60 s;
// - sleep: every thread sleeps 60 s;
// - stubborn: every thread ignores SIGTERM and sleeps 60 s;
// - nap S: every thread sleeps S seconds and returns 0;
// - env: print the PGAS_* environment variables;
// - args ARGS...: print each argument on a line of its own.
// Modes that sleep first print "thread T pid P started".
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <charconv>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "common/launch_contract.hpp"
#include "control.hpp"

extern char **environ;

namespace {

using namespace std::chrono_literals;
namespace launch = pgas::launch;

[[noreturn]] void fail(const std::string &why) {
  std::fprintf(stderr, "launcher_probe: %s\n", why.c_str());
  std::exit(1);
}

long long number(std::string_view text, const char *what) {
  long long value = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size())
    fail(std::string(what) + " is not a number: " + std::string(text));
  return value;
}

long long env_number(const char *name) {
  const char *value = std::getenv(name);
  if (!value) fail(std::string(name) + " is not set");
  return number(value, name);
}

long long arg_number(int argc, char **argv, int index) {
  if (index >= argc) fail("missing argument " + std::to_string(index));
  return number(argv[index], "argument");
}

// Size of an open descriptor, failing if it is not open.
long long descriptor_size(long long fd) {
  struct stat st {};
  if (fstat(static_cast<int>(fd), &st) != 0) fail("descriptor " + std::to_string(fd) + " is not open");
  return st.st_size;
}

void check_contract(long long threads) {
  const long long segment_size = env_number(launch::kSegmentSizeEnv);
  const char *fds = std::getenv(launch::kSegmentFdsEnv);
  if (!fds) fail("PGAS_SEGMENT_FDS is not set");
  std::vector<long long> segment_fds;
  for (std::string_view list = fds;;) {
    auto comma = list.find(',');
    segment_fds.push_back(number(list.substr(0, comma), "a segment descriptor"));
    if (comma == std::string_view::npos) break;
    list.remove_prefix(comma + 1);
  }
  if (static_cast<long long>(segment_fds.size()) != threads)
    fail("PGAS_SEGMENT_FDS has " + std::to_string(segment_fds.size()) + " entries, not " +
         std::to_string(threads));
  for (long long fd : segment_fds)
    if (descriptor_size(fd) != segment_size)
      fail("segment descriptor " + std::to_string(fd) + " does not have PGAS_SEGMENT_SIZE bytes");
  if (descriptor_size(env_number(launch::kControlFdEnv)) !=
      static_cast<long long>(sizeof(pgas::rt::ControlBlock)))
    fail("the control segment does not have sizeof(ControlBlock) bytes");
}

void request_global_exit(int status) {
  const int fd = static_cast<int>(env_number(launch::kControlFdEnv));
  void *base = mmap(nullptr, sizeof(pgas::rt::ControlBlock), PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
  if (base == MAP_FAILED) fail("cannot map the control segment");
  auto *control = static_cast<pgas::rt::ControlBlock *>(base);
  control->global_exit_status.store(status);
  control->global_exit.store(1, std::memory_order_release);
}

void announce_start(long long thread) {
  std::printf("thread %lld pid %d started\n", thread, static_cast<int>(getpid()));
  std::fflush(stdout);
}

}  // namespace

int main(int argc, char **argv) {
  if (argc < 2) fail("usage: launcher_probe MODE [ARGS...]");
  const std::string_view mode = argv[1];
  if (mode == "args") {
    for (int i = 2; i < argc; ++i) std::printf("%s\n", argv[i]);
    return 0;
  }
  if (mode == "env") {
    for (char **var = environ; *var; ++var)
      if (std::string_view(*var).starts_with("PGAS_")) std::printf("%s\n", *var);
    return 0;
  }
  const long long threads = env_number(launch::kThreadsEnv);
  const long long me = env_number(launch::kMyThreadEnv);
  if (mode == "ok") {
    check_contract(threads);
    std::printf("thread %lld of %lld\n", me, threads);
    return 0;
  }
  announce_start(me);
  if (mode == "segv" && me == arg_number(argc, argv, 2)) {
    std::this_thread::sleep_for(200ms);
    std::raise(SIGSEGV);
  } else if (mode == "exit" && me == arg_number(argc, argv, 3)) {
    std::this_thread::sleep_for(200ms);
    return static_cast<int>(arg_number(argc, argv, 2));
  } else if (mode == "global-exit" && me == arg_number(argc, argv, 3)) {
    request_global_exit(static_cast<int>(arg_number(argc, argv, 2)));
  } else if (mode == "stubborn") {
    std::signal(SIGTERM, SIG_IGN);
  } else if (mode == "nap") {
    std::this_thread::sleep_for(std::chrono::seconds(arg_number(argc, argv, 2)));
    return 0;
  } else if (mode != "sleep" && mode != "segv" && mode != "exit" && mode != "global-exit") {
    fail("unknown mode " + std::string(mode));
  }
  std::this_thread::sleep_for(60s);
  return 0;
}
