// Strided bulk transfers (pgas/bupc_strided.h). The shared side's chunks, all in one thread's part, move in
// one vector transport call of chunk-sized elements; the private side is read from or written to a dense
// staging buffer when it is not dense itself. A copy between two shared sides is a list transfer of their
// chunks (list_transfers.cpp).
#include <cstring>
#include <memory>
#include <vector>

#include "errors.hpp"
#include "handles.hpp"
#include "nb.hpp"
#include "pgas/bupc_strided.h"
#include "pgas/bupc_transfers.h"
#include "runtime.hpp"

namespace pgas::detail {
namespace {

using Transfer = pgas_upc_nb_transfer;

std::size_t chunk_count(const strided_side &side) {
  std::size_t n = 1;
  for (std::size_t k = 0; k < side.levels; ++k) n *= side.counts[k];
  return n;
}

// The byte offsets of the side's chunks from `base`, level 0 varying fastest.
std::vector<std::size_t> chunk_offsets(const strided_side &side, std::size_t base) {
  std::vector<std::size_t> offsets;
  offsets.reserve(chunk_count(side));
  std::vector<std::size_t> index(side.levels, 0);
  for (std::size_t n = chunk_count(side); n > 0; --n) {
    std::size_t at = base;
    for (std::size_t k = 0; k < side.levels; ++k) at += index[k] * side.strides[k];
    offsets.push_back(at);
    for (std::size_t k = 0; k < side.levels && ++index[k] == side.counts[k]; ++k) index[k] = 0;
  }
  return offsets;
}

bool is_dense(const std::vector<std::size_t> &offsets, std::size_t chunk) {
  for (std::size_t k = 0; k < offsets.size(); ++k)
    if (offsets[k] != k * chunk) return false;
  return true;
}

// Copies between a dense run of bytes and chunks of `chunk` bytes at `offsets` from `base`.
void scatter(std::byte *base, const std::vector<std::size_t> &offsets, std::size_t chunk,
             const std::byte *dense) {
  for (std::size_t k = 0; k < offsets.size(); ++k) std::memcpy(base + offsets[k], dense + k * chunk, chunk);
}
void gather(std::byte *dense, const std::byte *base, const std::vector<std::size_t> &offsets,
            std::size_t chunk) {
  for (std::size_t k = 0; k < offsets.size(); ++k) std::memcpy(dense + k * chunk, base + offsets[k], chunk);
}

// Both sides' totals agree; returns it.
std::size_t checked_total(const strided_side &dst, const strided_side &src, const char *operation) {
  const std::size_t to = dst.chunk * chunk_count(dst), from = src.chunk * chunk_count(src);
  if (to != from)
    rt::fatal(
        "%s: the destination describes %zu bytes (%zu chunks of %zu) but the source %zu (%zu chunks of %zu)",
        operation, to, chunk_count(dst), dst.chunk, from, chunk_count(src), src.chunk);
  return to;
}

bool is_local(const gaddr &a) { return a.thread == rt::g_runtime.mythread; }

// A strided transfer's start: the runtime runs, both sides describe the same bytes, and the shared side's
// chunk offsets from `shared_base`; nullptr when there is nothing to move.
std::unique_ptr<Transfer> start(const strided_side &dst, const strided_side &src, const strided_side &shared,
                                std::size_t shared_base, const char *operation) {
  rt::runtime(operation);
  if (checked_total(dst, src, operation) == 0) return nullptr;
  auto t = std::make_unique<Transfer>();
  t->offsets = chunk_offsets(shared, shared_base);
  return t;
}

upc_handle_t finish(std::unique_ptr<Transfer> t, bool async) {
  if (async) return file_transfer(std::move(t), false);
  t->advance(true);
  return UPC_COMPLETE_HANDLE;
}

}  // namespace

upc_handle_t strided_get(void *dst, strided_side dst_side, gaddr src, strided_side src_side, bool async,
                         const char *operation) {
  auto t = start(dst_side, src_side, src_side, src.offset, operation);
  if (t == nullptr) return UPC_COMPLETE_HANDLE;
  const std::size_t total = src_side.chunk * t->offsets.size();
  const std::vector<std::size_t> dst_offsets = chunk_offsets(dst_side, 0);
  auto *out = static_cast<std::byte *>(dst);
  const bool direct = is_dense(dst_offsets, dst_side.chunk);
  if (!direct) t->buffer.resize(total);
  std::byte *dense = direct ? out : t->buffer.data();
  if (is_local(src)) {
    for (std::size_t k = 0; k < t->offsets.size(); ++k)
      std::memcpy(dense + k * src_side.chunk,
                  rt::resolve(src.handle, src.thread, t->offsets[k], src_side.chunk, operation),
                  src_side.chunk);
  } else if (async) {
    t->started(
        src.handle, src.thread,
        remote_getv_nb(src.handle, src.thread, t->offsets.data(), t->offsets.size(), src_side.chunk, dense));
  } else {
    remote_getv(src.handle, src.thread, t->offsets.data(), t->offsets.size(), src_side.chunk, dense);
  }
  if (!direct) {
    const std::size_t chunk = dst_side.chunk;
    t->after_sync = [out, dst_offsets, chunk, staged = t.get()] {
      scatter(out, dst_offsets, chunk, staged->buffer.data());
    };
  }
  if (is_local(src)) return finish(std::move(t), false);
  return finish(std::move(t), async);
}

upc_handle_t strided_put(gaddr dst, strided_side dst_side, const void *src, strided_side src_side, bool async,
                         const char *operation) {
  auto t = start(dst_side, src_side, dst_side, dst.offset, operation);
  if (t == nullptr) return UPC_COMPLETE_HANDLE;
  const std::size_t total = dst_side.chunk * t->offsets.size();
  const std::vector<std::size_t> src_offsets = chunk_offsets(src_side, 0);
  const auto *in = static_cast<const std::byte *>(src);
  const std::byte *dense = in;
  if (!is_dense(src_offsets, src_side.chunk)) {  // staged now: the source may change once this returns
    t->buffer.resize(total);
    gather(t->buffer.data(), in, src_offsets, src_side.chunk);
    dense = t->buffer.data();
  }
  if (is_local(dst)) {
    for (std::size_t k = 0; k < t->offsets.size(); ++k)
      std::memcpy(rt::resolve(dst.handle, dst.thread, t->offsets[k], dst_side.chunk, operation),
                  dense + k * dst_side.chunk, dst_side.chunk);
    return UPC_COMPLETE_HANDLE;
  }
  if (async)
    t->started(
        dst.handle, dst.thread,
        remote_putv_nb(dst.handle, dst.thread, t->offsets.data(), t->offsets.size(), dst_side.chunk, dense));
  else
    remote_putv(dst.handle, dst.thread, t->offsets.data(), t->offsets.size(), dst_side.chunk, dense);
  return finish(std::move(t), async);
}

upc_handle_t strided_copy(gaddr dst, strided_side dst_side, gaddr src, strided_side src_side, bool async,
                          const char *operation) {
  const auto chunks = [](gaddr base, const strided_side &side) {
    list_side regions;
    for (std::size_t offset : chunk_offsets(side, base.offset))
      regions.push_back({true, {base.handle, base.thread, offset}, nullptr, side.chunk});
    return regions;
  };
  rt::runtime(operation);
  checked_total(dst_side, src_side, operation);
  return list_transfer(chunks(dst, dst_side), chunks(src, src_side), async, operation);
}

}  // namespace pgas::detail
