// List transfers (pgas/bupc_transfers.h): the two sides' regions are walked together and cut where a
// region of either side ends; each piece is a get, a put, a copy between shared parts or a private memmove,
// started as a non-blocking transfer and made a part of the list's transfer.
#include <algorithm>
#include <cstring>
#include <memory>

#include "errors.hpp"
#include "nb.hpp"
#include "pgas/bupc_transfers.h"
#include "runtime.hpp"

namespace pgas::detail {
namespace {

using Transfer = pgas_upc_nb_transfer;

std::size_t total_bytes(const list_side &side) {
  std::size_t n = 0;
  for (const list_region &r : side) n += r.bytes;
  return n;
}

gaddr advanced(gaddr at, std::size_t bytes) { return {at.handle, at.thread, at.offset + bytes}; }

// The n bytes at `to_at` bytes into region `to` from `from_at` bytes into `from`; nullptr once done.
std::unique_ptr<Transfer> piece(const list_region &to, std::size_t to_at, const list_region &from,
                                std::size_t from_at, std::size_t n, const char *operation) {
  if (!to.is_shared && !from.is_shared) {
    std::memmove(to.local + to_at, from.local + from_at, n);
    return nullptr;
  }
  if (!to.is_shared) return begin_memget(to.local + to_at, advanced(from.shared, from_at), n, operation);
  if (!from.is_shared) return begin_memput(advanced(to.shared, to_at), from.local + from_at, n, operation);
  return begin_memcpy(advanced(to.shared, to_at), advanced(from.shared, from_at), n, operation);
}

}  // namespace

upc_handle_t list_transfer(const list_side &dst, const list_side &src, bool async, const char *operation) {
  rt::runtime(operation);
  const std::size_t to = total_bytes(dst), from = total_bytes(src);
  if (to != from)
    rt::fatal(
        "%s: the destination list describes %zu bytes in %zu region%s but the source list %zu in %zu "
        "region%s",
        operation, to, dst.size(), dst.size() == 1 ? "" : "s", from, src.size(), src.size() == 1 ? "" : "s");
  auto list = std::make_unique<Transfer>();
  std::size_t d = 0, s = 0, d_at = 0, s_at = 0;  // the regions being cut, and how far into them
  while (d < dst.size() && s < src.size()) {
    if (d_at == dst[d].bytes) {
      ++d, d_at = 0;
    } else if (s_at == src[s].bytes) {
      ++s, s_at = 0;
    } else {
      const std::size_t n = std::min(dst[d].bytes - d_at, src[s].bytes - s_at);
      if (auto part = piece(dst[d], d_at, src[s], s_at, n, operation)) list->parts.push_back(std::move(part));
      d_at += n, s_at += n;
    }
  }
  if (!async) {
    list->advance(true);
    return UPC_COMPLETE_HANDLE;
  }
  return file_transfer(std::move(list), false);
}

}  // namespace pgas::detail
