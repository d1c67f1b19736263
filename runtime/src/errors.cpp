#include "errors.hpp"

#include <unistd.h>

#include <csignal>
#include <cstdarg>
#include <cstdio>
#include <cstring>

#include "pgas/detail/api.hpp"
#include "pgas/layout.hpp"
#include "runtime.hpp"

namespace pgas::rt {

namespace {
void print_error(const char *format, va_list args) {
  char message[1024];
  std::vsnprintf(message, sizeof message, format, args);
  std::fflush(stdout);
  if (g_runtime.mythread >= 0)
    std::fprintf(stderr, "pgas: thread %d: error: %s\n", g_runtime.mythread, message);
  else
    std::fprintf(stderr, "pgas: error: %s\n", message);
  std::fflush(stderr);
}
}  // namespace

void report(const char *format, ...) {
  va_list args;
  va_start(args, format);
  print_error(format, args);
  va_end(args);
}

void fatal(const char *format, ...) {
  va_list args;
  va_start(args, format);
  print_error(format, args);
  va_end(args);
  _exit(launch::kRuntimeErrorExit);  // not exit(): peers may be blocked on us; destructors must not run
}

void exit_quietly() {
  std::fflush(stdout);
  std::fflush(stderr);
  _exit(launch::kRuntimeErrorExit);
}

namespace {
// Runs once (SA_RESETHAND): flushes what this thread printed, then ends it by the same signal. fflush is
// not async-signal-safe; the process ends right after, and the launcher's SIGKILL follows a flush that
// cannot finish.
void flush_and_terminate(int signo) {
  std::fflush(stdout);
  std::fflush(stderr);
  raise(signo);
}
}  // namespace

void flush_output_now() {
  sigset_t term, before;
  sigemptyset(&term);
  sigaddset(&term, SIGTERM);
  pthread_sigmask(SIG_BLOCK, &term, &before);
  std::fflush(nullptr);
  pthread_sigmask(SIG_SETMASK, &before, nullptr);  // a SIGTERM that came meanwhile ends the thread now
}

void flush_output_on_termination() {
  struct sigaction current {};
  if (sigaction(SIGTERM, nullptr, &current) != 0 || current.sa_handler != SIG_DFL) return;
  struct sigaction flush {};
  flush.sa_handler = flush_and_terminate;
  sigemptyset(&flush.sa_mask);
  flush.sa_flags = SA_RESETHAND;
  sigaction(SIGTERM, &flush, nullptr);
}

namespace {
const char *kind_name(pgas_alloc_kind_t kind) {
  switch (kind) {
    case PGAS_ALLOC_STATIC:
      return "shared array";
    case PGAS_ALLOC_ALL:
      return "upc_all_alloc object";
    case PGAS_ALLOC_GLOBAL:
      return "upc_global_alloc object";
    case PGAS_ALLOC_LOCAL:
      return "upc_alloc object";
  }
  return "shared object";
}
}  // namespace

std::string describe_handle(pgas_handle_t handle) {
  auto index = static_cast<std::uint32_t>(handle);
  if (g_runtime.ctl == nullptr || index == 0 || index >= kMaxHandles)
    return "invalid shared object handle " + std::to_string(handle);
  const HandleDesc &d = g_runtime.ctl->handles[index];
  std::string text = kind_name(d.kind);
  if (d.name[0] != '\0')
    text += std::string(" '") + d.name + "'";
  else
    text += " #" + std::to_string(index);
  if (d.site[0] != '\0') text += std::string(" (allocated at ") + d.site + ")";
  return text;
}

const char *short_site(const char *site) {
  if (site == nullptr) return nullptr;
  const char *slash = std::strrchr(site, '/');
  return slash ? slash + 1 : site;
}

std::int64_t signed_index(std::size_t value) { return static_cast<std::int64_t>(value); }

std::int64_t global_index_of(pgas_handle_t handle, int thread, std::size_t offset) {
  const HandleDesc &d = g_runtime.ctl->handles[static_cast<std::uint32_t>(handle)];
  const std::int64_t local =
      layout::floor_div(signed_index(offset), static_cast<std::int64_t>(d.elem_size ? d.elem_size : 1));
  const std::int64_t phase = d.block == 0 ? 0 : layout::floor_mod(local, static_cast<std::int64_t>(d.block));
  return layout::global_index({thread, phase, local}, d.block, static_cast<std::uint64_t>(g_runtime.threads));
}

}  // namespace pgas::rt

namespace pgas::detail {

void index_out_of_range(pgas_handle_t handle, std::size_t index, std::size_t nelems) {
  rt::fatal("index %lld out of range for %s (%zu elements)", static_cast<long long>(rt::signed_index(index)),
            rt::describe_handle(handle).c_str(), nelems);
}

void index2d_out_of_range(pgas_handle_t handle, std::size_t row, std::size_t column, std::size_t rows,
                          std::size_t cols) {
  rt::fatal("index [%lld][%lld] out of range for %s (%zu x %zu elements)",
            static_cast<long long>(rt::signed_index(row)), static_cast<long long>(rt::signed_index(column)),
            rt::describe_handle(handle).c_str(), rows, cols);
}

void block_mismatch(pgas_handle_t handle, std::size_t carried, std::size_t wanted) {
  rt::fatal(
      "a pointer into %s with blocking factor %zu converted implicitly to a pointer type with blocking "
      "factor "
      "%zu (C converts between blocking factors only in a cast: write global_ptr<T, %zu>(p), whose phase is "
      "0)",
      rt::describe_handle(handle).c_str(), carried, wanted, wanted);
}

void phase_out_of_range(pgas_handle_t handle, std::size_t phase, std::size_t block) {
  rt::fatal(
      "a pointer to shared void into %s with phase %zu converted to a pointer type with blocking factor %zu "
      "(the phase is outside its blocks; UPC leaves the result undefined: upc_resetphase it first)",
      rt::describe_handle(handle).c_str(), phase, block);
}

}  // namespace pgas::detail
