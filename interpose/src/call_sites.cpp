#include "call_sites.hpp"

#include <elf.h>
#include <libunwind.h>
#include <link.h>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <string_view>

namespace pgas::trace {
namespace {

struct Range {
  std::uint64_t begin, end;
};
constexpr int kMaxInternal = 64;
Range g_internal[kMaxInternal];  // text ranges of the toolkit's libraries and libc
Range g_tracer;                  // this library's text (within g_internal)
int g_internal_count = 0;
Range g_cache_library{0, 0};  // text range of libpgas-cache, if loaded

bool internal_name(std::string_view path) {
  auto slash = path.find_last_of('/');
  std::string_view base = slash == std::string_view::npos ? path : path.substr(slash + 1);
  return base.starts_with("libpgas") || base.starts_with("libc.so") || base.starts_with("libc-");
}

void build_id_hex(const dl_phdr_info *info, char *out, std::size_t capacity) {
  out[0] = '\0';
  for (int i = 0; i < info->dlpi_phnum; ++i) {
    const ElfW(Phdr) &ph = info->dlpi_phdr[i];
    if (ph.p_type != PT_NOTE) continue;
    auto *p = reinterpret_cast<const unsigned char *>(info->dlpi_addr + ph.p_vaddr);
    const unsigned char *end = p + ph.p_memsz;
    while (p + sizeof(ElfW(Nhdr)) <= end) {
      auto *note = reinterpret_cast<const ElfW(Nhdr) *>(p);
      const unsigned char *name = p + sizeof(ElfW(Nhdr));
      const unsigned char *desc = name + ((note->n_namesz + 3) & ~3u);
      if (note->n_type == NT_GNU_BUILD_ID && note->n_namesz == 4 && std::memcmp(name, "GNU", 4) == 0) {
        std::size_t n = std::min<std::size_t>(note->n_descsz, (capacity - 1) / 2);
        for (std::size_t k = 0; k < n; ++k) std::snprintf(out + 2 * k, 3, "%02x", desc[k]);
        return;
      }
      p = desc + ((note->n_descsz + 3) & ~3u);
    }
  }
}

std::string executable_path() {
  char path[tracedb::raw::kPathCapacity] = {};
  ssize_t n = readlink("/proc/self/exe", path, sizeof path - 1);
  return n > 0 ? std::string(path, static_cast<std::size_t>(n)) : std::string();
}

int add_module(dl_phdr_info *info, std::size_t, void *data) {
  auto &file = *static_cast<tracedb::raw::File *>(data);
  auto &header = file.header;
  std::uint64_t begin = UINT64_MAX, end = 0;
  for (int i = 0; i < info->dlpi_phnum; ++i) {
    const ElfW(Phdr) &ph = info->dlpi_phdr[i];
    if (ph.p_type != PT_LOAD || !(ph.p_flags & PF_X)) continue;
    begin = std::min<std::uint64_t>(begin, info->dlpi_addr + ph.p_vaddr);
    end = std::max<std::uint64_t>(end, info->dlpi_addr + ph.p_vaddr + ph.p_memsz);
  }
  if (end == 0) return 0;
  std::uint32_t used = header.modules_used.load(std::memory_order_relaxed);
  for (std::uint32_t m = 0; m < used; ++m)
    if (file.modules[m].text_begin == begin) return 0;  // known already
  if (used == tracedb::raw::kModuleCapacity) return 0;
  tracedb::raw::Module &module = file.modules[used];
  std::string path = info->dlpi_name && info->dlpi_name[0] ? info->dlpi_name : executable_path();
  std::snprintf(module.path, sizeof module.path, "%s", path.c_str());
  module.load_address = info->dlpi_addr;
  module.text_begin = begin;
  module.text_end = end;
  build_id_hex(info, module.build_id, sizeof module.build_id);
  header.modules_used.store(used + 1, std::memory_order_release);
  if (internal_name(path) && g_internal_count < kMaxInternal) g_internal[g_internal_count++] = {begin, end};
  if (path.find("/libpgas-cache") != std::string::npos) g_cache_library = {begin, end};
  const auto self = reinterpret_cast<std::uint64_t>(&first_user_frame);
  if (self >= begin && self < end) g_tracer = {begin, end};
  return 0;
}

}  // namespace

void scan_modules(tracedb::raw::File &file) { dl_iterate_phdr(add_module, &file); }

int module_of(const tracedb::raw::File &file, std::uint64_t pc) {
  std::uint32_t used = file.header.modules_used.load(std::memory_order_acquire);
  for (std::uint32_t m = 0; m < used; ++m)
    if (pc >= file.modules[m].text_begin && pc < file.modules[m].text_end) return static_cast<int>(m);
  return -1;
}

bool is_internal(std::uint64_t pc) {
  for (int i = 0; i < g_internal_count; ++i)
    if (pc >= g_internal[i].begin && pc < g_internal[i].end) return true;
  return false;
}

bool is_tracer(std::uint64_t pc) { return pc >= g_tracer.begin && pc < g_tracer.end; }

bool is_in_cache_library(std::uint64_t pc) { return pc >= g_cache_library.begin && pc < g_cache_library.end; }

// `depth` counts the runtime's frames only: the tracer's own (the wrapper, the recorder and this function,
// however many the compiler left uninlined) are walked but not counted.
std::uint64_t first_user_frame(unsigned depth) {
  constexpr int kMaxFrames = 80, kTracerFrames = 8;
  void *frames[kMaxFrames];
  const int n =
      unw_backtrace(frames, static_cast<int>(std::min<unsigned>(depth + kTracerFrames, kMaxFrames)));
  unsigned runtime_frames = 0;
  for (int i = 0; i < n; ++i) {
    const auto pc = reinterpret_cast<std::uint64_t>(frames[i]);
    if (is_tracer(pc)) continue;
    if (!is_internal(pc)) return pc;
    if (++runtime_frames > depth) break;
  }
  return 0;
}

}  // namespace pgas::trace
