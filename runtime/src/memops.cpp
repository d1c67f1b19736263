// upc_memget / upc_memput / upc_memcpy / upc_memset. Local parts are copied directly; remote parts go
// through the bulk transport functions, so that the tracer sees them and attributes them to the caller.
#include <algorithm>
#include <cstring>
#include <vector>

#include "handles.hpp"
#include "pgas/detail/api.hpp"
#include "runtime.hpp"

namespace pgas::detail {
namespace {

constexpr std::size_t kBounceBytes = 1 << 16;  // remote-to-remote copies and memset go in pieces this big

bool is_local(const gaddr &a) { return a.thread == rt::g_runtime.mythread; }

}  // namespace

void memget(void *dst, gaddr src, std::size_t n) {
  rt::runtime("upc_memget");
  if (n == 0) return;
  if (is_local(src))
    std::memmove(dst, rt::resolve(src.handle, src.thread, src.offset, n, "upc_memget"), n);
  else
    remote_memget(src.handle, src.thread, src.offset, dst, n);
}

void memput(gaddr dst, const void *src, std::size_t n) {
  rt::runtime("upc_memput");
  if (n == 0) return;
  if (is_local(dst))
    std::memmove(rt::resolve(dst.handle, dst.thread, dst.offset, n, "upc_memput"), src, n);
  else
    remote_memput(dst.handle, dst.thread, dst.offset, src, n);
}

void memcpy_shared(gaddr dst, gaddr src, std::size_t n) {
  rt::runtime("upc_memcpy");
  if (n == 0) return;
  if (is_local(src)) return memput(dst, rt::resolve(src.handle, src.thread, src.offset, n, "upc_memcpy"), n);
  if (is_local(dst)) return memget(rt::resolve(dst.handle, dst.thread, dst.offset, n, "upc_memcpy"), src, n);
  std::vector<std::byte> bounce(std::min(n, kBounceBytes));
  for (std::size_t done = 0; done < n; done += bounce.size()) {
    std::size_t piece = std::min(bounce.size(), n - done);
    remote_memget(src.handle, src.thread, src.offset + done, bounce.data(), piece);
    remote_memput(dst.handle, dst.thread, dst.offset + done, bounce.data(), piece);
  }
}

void memset_shared(gaddr dst, int c, std::size_t n) {
  rt::runtime("upc_memset");
  if (n == 0) return;
  if (is_local(dst)) {
    std::memset(rt::resolve(dst.handle, dst.thread, dst.offset, n, "upc_memset"), c, n);
    return;
  }
  std::vector<std::byte> pattern(std::min(n, kBounceBytes), static_cast<std::byte>(c));
  for (std::size_t done = 0; done < n; done += pattern.size())
    remote_memput(dst.handle, dst.thread, dst.offset + done, pattern.data(),
                  std::min(pattern.size(), n - done));
}

}  // namespace pgas::detail
