// Strong transport definitions that note their return address and forward to the runtime (kept in their own
// translation unit so that they are never inlined into the accesses they observe), and self-inspection.
#include "probe.hpp"

#include <execinfo.h>
#include <link.h>
#include <unistd.h>

#include <array>
#include <cstring>

#include "pgas/transport.h"

namespace probe {
namespace {

std::uintptr_t g_transport_return = 0;
std::vector<std::uintptr_t> g_alloc_stack;

std::string hex(const unsigned char *bytes, std::size_t n) {
  static constexpr char kDigits[] = "0123456789abcdef";
  std::string text;
  for (std::size_t i = 0; i < n; ++i) {
    text += kDigits[bytes[i] >> 4];
    text += kDigits[bytes[i] & 15];
  }
  return text;
}

// The GNU build id note among the notes of one PT_NOTE segment.
std::string build_id_in(const unsigned char *notes, std::size_t size) {
  std::size_t at = 0;
  while (at + sizeof(ElfW(Nhdr)) <= size) {
    ElfW(Nhdr) header;
    std::memcpy(&header, notes + at, sizeof header);
    std::size_t name_at = at + sizeof header;
    std::size_t desc_at = name_at + ((header.n_namesz + 3) & ~3u);
    if (header.n_type == NT_GNU_BUILD_ID && header.n_namesz == 4 &&
        std::memcmp(notes + name_at, "GNU", 4) == 0)
      return hex(notes + desc_at, header.n_descsz);
    at = desc_at + ((header.n_descsz + 3) & ~3u);
  }
  return "";
}

int first_module(dl_phdr_info *info, std::size_t, void *data) {
  auto &module = *static_cast<Module *>(data);
  module.load_address = info->dlpi_addr;
  for (int i = 0; i < info->dlpi_phnum; ++i) {
    const ElfW(Phdr) &ph = info->dlpi_phdr[i];
    if (ph.p_type == PT_LOAD && (ph.p_flags & PF_X) != 0) {
      module.text_begin = ph.p_vaddr;
      module.text_end = ph.p_vaddr + ph.p_memsz;
    }
    if (ph.p_type == PT_NOTE && module.build_id.empty())
      module.build_id =
          build_id_in(reinterpret_cast<const unsigned char *>(info->dlpi_addr + ph.p_vaddr), ph.p_memsz);
  }
  return 1;  // the first module is the executable
}

}  // namespace

Module self() {
  Module module;
  dl_iterate_phdr(first_module, &module);
  std::array<char, 4096> path{};
  ssize_t n = readlink("/proc/self/exe", path.data(), path.size() - 1);
  if (n > 0) module.path.assign(path.data(), static_cast<std::size_t>(n));
  return module;
}

std::uintptr_t last_transport_return() { return g_transport_return; }
std::vector<std::uintptr_t> last_alloc_stack() { return g_alloc_stack; }

__attribute__((noinline)) std::uintptr_t return_address() {
  return reinterpret_cast<std::uintptr_t>(__builtin_return_address(0));
}

}  // namespace probe

extern "C" {

void remote_get(pgas_handle_t handle, int thread, size_t offset, void *dst, size_t size) {
  probe::g_transport_return = reinterpret_cast<std::uintptr_t>(__builtin_return_address(0));
  _remote_get(handle, thread, offset, dst, size);
}

void remote_put(pgas_handle_t handle, int thread, size_t offset, const void *src, size_t size) {
  probe::g_transport_return = reinterpret_cast<std::uintptr_t>(__builtin_return_address(0));
  _remote_put(handle, thread, offset, src, size);
}

pgas_handle_t remote_alloc(const pgas_layout_t *layout) {
  std::array<void *, 16> frames{};
  int n = backtrace(frames.data(), static_cast<int>(frames.size()));
  static const probe::Module module = probe::self();
  probe::g_alloc_stack.clear();
  for (int i = 1; i < n; ++i) {  // frame 0 is this function
    auto address = reinterpret_cast<std::uintptr_t>(frames[static_cast<std::size_t>(i)]);
    std::uintptr_t offset = address - module.load_address;
    if (offset >= module.text_begin && offset <= module.text_end) probe::g_alloc_stack.push_back(address);
  }
  return _remote_alloc(layout);
}
}
