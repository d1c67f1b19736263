// Non-blocking bulk transfers (pgas/upc_nb.h). Remote parts go through remote_get_nb / remote_put_nb and
// are tested with remote_test; a transfer keeps what it sends (a memset's pattern, a copy between two
// other threads' parts) in a buffer of its own until it is synced. Parts with affinity to the calling
// thread are copied at once.
#include "nb.hpp"

#include <cstring>
#include <functional>
#include <memory>
#include <unordered_set>
#include <vector>

#include "errors.hpp"
#include "handles.hpp"
#include "pgas/bupc_transfers.h"
#include "pgas/sync_events.h"
#include "runtime.hpp"
#include "sync/signals_in_flight.hpp"

// The parts first (a part that completes is dropped), then each step is tested (remote_test) or waited for
// (remote_sync); a step that completes may start another.
bool pgas_upc_nb_transfer::advance(bool wait) {
  std::erase_if(parts,
                [wait](const std::unique_ptr<pgas_upc_nb_transfer> &part) { return part->advance(wait); });
  if (!parts.empty()) return false;
  for (;;) {
    if (token != 0) {
      if (wait)
        remote_sync(token);
      else if (remote_test(handle, thread, token) == 0)
        return false;
      token = 0;
    }
    if (!after_sync) return true;
    std::function<void()> step = std::move(after_sync);
    after_sync = nullptr;
    step();
  }
}

namespace pgas::detail {
namespace {

using Transfer = pgas_upc_nb_transfer;

bool is_local(const gaddr &a) { return a.thread == rt::g_runtime.mythread; }

// The calling thread's transfers in flight: the handles it returned (so that a stale or foreign handle is
// told apart), the implicit-handle ones, and the open access region's (which its end returns as one handle).
struct InFlight {
  std::unordered_set<Transfer *> handles;
  std::vector<std::unique_ptr<Transfer>> implicit;
  std::unique_ptr<Transfer> region;
};
InFlight &in_flight() {
  static InFlight transfers;
  return transfers;
}

[[noreturn]] void stale_handle(upc_handle_t handle, const char *operation) {
  rt::fatal(
      "%s: handle %p is not a transfer in flight of this thread (synced already, or not returned by a _nb "
      "call of this thread)",
      operation, static_cast<void *>(handle));
}

}  // namespace

// A transfer the conduit completed at once still gets a handle, so that a program syncing a handle twice
// is told on every conduit; nullptr (nothing left to do) is UPC_COMPLETE_HANDLE. An implicit transfer goes
// to the open access region, if any.
upc_handle_t file_transfer(std::unique_ptr<Transfer> t, bool implicit) {
  if (t == nullptr) return UPC_COMPLETE_HANDLE;
  if (implicit) {
    if (t->token == 0 && t->parts.empty()) {
      t->advance(true);
      return UPC_COMPLETE_HANDLE;
    }
    auto &transfers = in_flight();
    if (transfers.region != nullptr)
      transfers.region->parts.push_back(std::move(t));
    else
      transfers.implicit.push_back(std::move(t));
    return UPC_COMPLETE_HANDLE;
  }
  in_flight().handles.insert(t.get());
  return t.release();
}

namespace {
// A transfer of n bytes to or from the shared `at`: `here` copies at once when `at` has affinity to the
// caller (it gets the local address), `remote` starts it through the transport (it returns the token).
template <class Here, class Remote>
std::unique_ptr<Transfer> start(gaddr at, std::size_t n, const char *operation, Here here, Remote remote) {
  rt::runtime(operation);
  if (n == 0) return nullptr;
  if (is_local(at)) {
    here(rt::resolve(at.handle, at.thread, at.offset, n, operation));
    return nullptr;
  }
  auto t = std::make_unique<Transfer>();
  t->started(at.handle, at.thread, remote(*t));
  return t;
}
}  // namespace

std::unique_ptr<Transfer> begin_memget(void *dst, gaddr src, std::size_t n, const char *operation) {
  return start(
      src, n, operation, [&](std::byte *here) { std::memmove(dst, here, n); },
      [&](Transfer &) { return remote_get_nb(src.handle, src.thread, src.offset, dst, n); });
}

std::unique_ptr<Transfer> begin_memput(gaddr dst, const void *src, std::size_t n, const char *operation) {
  return start(
      dst, n, operation, [&](std::byte *here) { std::memmove(here, src, n); },
      [&](Transfer &) { return remote_put_nb(dst.handle, dst.thread, dst.offset, src, n); });
}

std::unique_ptr<Transfer> begin_memset(gaddr dst, int c, std::size_t n, const char *operation) {
  return start(
      dst, n, operation, [&](std::byte *here) { std::memset(here, c, n); },
      [&](Transfer &t) {
        t.buffer.assign(n, static_cast<std::byte>(c));
        return remote_put_nb(dst.handle, dst.thread, dst.offset, t.buffer.data(), n);
      });
}

// Between two other threads' parts the copy is staged through a buffer of the caller's: a get of the
// source, and once it is complete (at a sync or a successful attempt) a put of the buffer.
std::unique_ptr<Transfer> begin_memcpy(gaddr dst, gaddr src, std::size_t n, const char *operation) {
  rt::runtime(operation);
  if (n == 0) return nullptr;
  if (is_local(src))
    return begin_memput(dst, rt::resolve(src.handle, src.thread, src.offset, n, operation), n, operation);
  if (is_local(dst))
    return begin_memget(rt::resolve(dst.handle, dst.thread, dst.offset, n, operation), src, n, operation);
  rt::resolve_offset(dst.handle, dst.thread, dst.offset, n, operation);  // misuse reported now
  auto t = std::make_unique<Transfer>();
  t->buffer.resize(n);
  t->started(src.handle, src.thread, remote_get_nb(src.handle, src.thread, src.offset, t->buffer.data(), n));
  t->after_sync = [dst, n, staged = t.get()] {
    staged->started(dst.handle, dst.thread,
                    remote_put_nb(dst.handle, dst.thread, dst.offset, staged->buffer.data(), n));
  };
  return t;
}

upc_handle_t memget_nb(void *dst, gaddr src, std::size_t n, bool implicit) {
  return file_transfer(begin_memget(dst, src, n, "upc_memget_nb"), implicit);
}
upc_handle_t memput_nb(gaddr dst, const void *src, std::size_t n, bool implicit) {
  return file_transfer(begin_memput(dst, src, n, "upc_memput_nb"), implicit);
}
upc_handle_t memset_nb(gaddr dst, int c, std::size_t n, bool implicit) {
  return file_transfer(begin_memset(dst, c, n, "upc_memset_nb"), implicit);
}
upc_handle_t memcpy_nb(gaddr dst, gaddr src, std::size_t n, bool implicit) {
  return file_transfer(begin_memcpy(dst, src, n, "upc_memcpy_nb"), implicit);
}

void sync_nb(upc_handle_t handle, const char *operation) {
  sync_scope scope(PGAS_SYNC_nb_sync, 0);
  if (handle == UPC_COMPLETE_HANDLE) return;
  auto &handles = in_flight().handles;
  auto found = handles.find(handle);
  if (found == handles.end()) stale_handle(handle, operation);
  handles.erase(found);
  std::unique_ptr<Transfer> t(handle);
  t->advance(true);
}

int sync_attempt(upc_handle_t handle) {
  if (handle == UPC_COMPLETE_HANDLE) return 1;
  auto &handles = in_flight().handles;
  auto found = handles.find(handle);
  if (found == handles.end()) stale_handle(handle, "upc_sync_attempt");
  if (!handle->advance(false)) return 0;
  handles.erase(found);
  delete handle;
  return 1;
}

void sync_implicit() {
  sync_scope scope(PGAS_SYNC_nb_sync, 0);
  rt::complete_signals(true);
  auto &implicit = in_flight().implicit;
  for (auto &t : implicit) t->advance(true);
  implicit.clear();
}

int sync_implicit_attempt() {
  auto &implicit = in_flight().implicit;
  std::erase_if(implicit, [](const std::unique_ptr<Transfer> &t) { return t->advance(false); });
  return implicit.empty() ? 1 : 0;
}

// Berkeley's access regions: the implicit-handle transfers started between the two calls become the parts
// of one explicit transfer. Regions do not nest.
void begin_access_region() {
  auto &region = in_flight().region;
  if (region != nullptr)
    rt::fatal(
        "bupc_begin_accessregion: an access region is open already (regions do not nest; close it with "
        "bupc_end_accessregion)");
  region = std::make_unique<Transfer>();
}

upc_handle_t end_access_region() {
  auto &region = in_flight().region;
  if (region == nullptr)
    rt::fatal("bupc_end_accessregion: no access region is open (bupc_begin_accessregion opens one)");
  std::unique_ptr<Transfer> closed = std::move(region);
  if (closed->parts.empty()) return UPC_COMPLETE_HANDLE;
  return file_transfer(std::move(closed), false);
}

}  // namespace pgas::detail
