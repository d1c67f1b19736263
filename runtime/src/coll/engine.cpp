#include "coll/engine.hpp"

#include <time.h>
#include <unistd.h>

#include <algorithm>
#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#include "coll/backoff.hpp"
#include "coll/kept.hpp"
#include "collective_report.hpp"
#include "conduit/active.hpp"
#include "errors.hpp"
#include "handles.hpp"
#include "pgas/sync_events.h"
#include "runtime.hpp"

namespace pgas::rt::coll {
Call::Call(CollectiveKind kind, std::source_location where, SyncMode mode, std::initializer_list<Arg> args)
    : mode_(mode) {
  configured_variant();  // a bad PGAS_COLL_MYSYNC stops the job at its first collective, whatever the call
  me_.call = {.kind = kind, .where = where};
  for (const Arg &a : args)
    if (me_.nargs < kRecordArgs) me_.args[me_.nargs++] = a;
}

void Call::fail(const char *format, ...) const {
  char text[768];
  va_list list;
  va_start(list, format);
  std::vsnprintf(text, sizeof text, format, list);
  va_end(list);
  runtime(name());
  const std::string message = describe_call(me_.call) + ": " + text;
  // Every thread sees the same wrong argument; thread 0 words it and the others wait for the job to end,
  // unless thread 0 is not in this call (it is elsewhere in another collective): then one of them does.
  // The others keep the network progressing while they wait: thread 0 may still have to read their part of
  // an argument (perm) through a conduit whose one-sided reads need the target's participation.
  if (g_runtime.mythread != 0) {
    const timespec pause_time{0, 1000000};
    for (int waited_ms = 0; waited_ms < 5000; ++waited_ms) {
      conduit().progress();
      nanosleep(&pause_time, nullptr);
    }
  }
  if (conduit().claim_report()) report("%s", message.c_str());
  exit_quietly();
}

Call::~Call() {
  if (started_) pgas_sync_exit(PGAS_SYNC_collective, static_cast<std::uint64_t>(me_.call.kind));
}

void Call::start(bool compare_now) {
  runtime(name());
  pgas_sync_enter(PGAS_SYNC_collective, static_cast<std::uint64_t>(me_.call.kind), name());
  started_ = true;
  std::uint64_t values[kRecordArgs] = {};
  for (int k = 0; k < me_.nargs; ++k) values[k] = me_.args[k].value;
  me_.sequence =
      collective_start(me_.call, std::span<const std::uint64_t>(values, static_cast<std::size_t>(me_.nargs)));
  if (mode_.in == Sync::kAll) collective_sync();
  // Thread 0's record says what every thread must have passed (the peers this thread waits for are also
  // compared when it waits for them).
  compare_pending_ = true;
  if (compare_now) compare_with_leader();
}

void Call::compare_with_leader() {
  if (!compare_pending_) return;
  compare_pending_ = false;
  compare_with_thread0(me_);
}

namespace {

// Per peer, the last call whose record this thread compared with the peer's: kept across calls, so that a
// call costs no per-call table (a call compares a peer at most once; a nested call only makes the outer
// one compare again).
std::vector<std::uint64_t> &compared_at() {
  static std::vector<std::uint64_t> &table = *new std::vector<std::uint64_t>();  // used by exit handlers
  return table;
}

}  // namespace

bool Call::checked(int peer) const {
  if (peer == g_runtime.mythread) return true;
  const auto &table = compared_at();
  return static_cast<std::size_t>(peer) < table.size() &&
         table[static_cast<std::size_t>(peer)] == me_.sequence;
}

void Call::check_record(int peer) {
  if (checked(peer)) return;
  compare_with(me_, peer);  // a peer a whole ring ahead overwrote its record: it passed this call
  auto &table = compared_at();
  table.resize(static_cast<std::size_t>(g_runtime.threads), 0);
  table[static_cast<std::size_t>(peer)] = me_.sequence;
}

void Call::announce_to(std::span<const int> waiters) {
  if (mode_.in != Sync::kMy || !configured_variant().arrival_vector) return;
  for (int peer : waiters)
    if (peer != g_runtime.mythread) announce(peer, me_.sequence);
}

bool Call::peer_ready(int peer) {
  if (mode_.in != Sync::kMy || peer == g_runtime.mythread) return true;
  if (!(configured_variant().arrival_vector ? arrived(peer, me_.sequence) : entered(peer, me_.sequence)))
    return false;
  check_record(peer);
  return true;
}

void Call::run(std::span<const Move> moves, bool release) {
  // Groups of moves by peer, in the order of their first move (kept from call to call: a call allocates
  // nothing; a process runs one call at a time).
  static std::vector<int> &peers = kept_vector<int>();
  peers.clear();
  for (const Move &m : moves)
    if (std::find(peers.begin(), peers.end(), m.peer) == peers.end()) peers.push_back(m.peer);
  Backoff backoff(configured_variant().spin);
  while (!peers.empty()) {
    bool progressed = false;
    for (auto it = peers.begin(); it != peers.end();) {
      const int peer = *it;
      if (!peer_ready(peer)) {
        ++it;
        continue;
      }
      for (const Move &m : moves) {
        if (m.peer != peer) continue;
        if (m.to != nullptr)
          detail::memget(m.to, m.src, m.bytes);
        else if (m.from != nullptr)
          detail::memput(m.dst, m.from, m.bytes);
        else
          detail::memcpy_shared(m.dst, m.src, m.bytes);
      }
      if (release && mode_.out == Sync::kMy && peer != g_runtime.mythread) signal_done(peer, me_.sequence);
      it = peers.erase(it);
      progressed = true;
    }
    if (progressed)
      backoff.reset();
    else
      backoff.pause([&] {
        if (configured_variant().arrival_vector)
          sleep_until_arrived(peers.front(), me_.sequence);
        else
          sleep_until_entered(peers.front(), me_.sequence);
      });
  }
}

void Call::release(std::span<const int> peers) {
  if (mode_.out != Sync::kMy) return;
  for (int peer : peers)
    if (peer != g_runtime.mythread) signal_done(peer, me_.sequence);
}

void Call::post(const void *value, std::size_t bytes) {
  // The slot held this thread's partial of the call a ring ago, which any thread may have had to read (the
  // readers change from call to call): a thread that has started the call after that one has read it.
  if (me_.sequence > kRing)
    for (int t = 0; t < g_runtime.threads; ++t) {
      const std::uint64_t after = me_.sequence - kRing + 1;
      for (Backoff backoff(configured_variant().spin); t != g_runtime.mythread && !entered(t, after);)
        backoff.pause([&] { sleep_until_entered(t, after); });
    }
  post_partial(me_.sequence, value, bytes);
}

void Call::receive(int peer, void *value, std::size_t bytes) {
  Backoff backoff(configured_variant().spin);
  while (!partial_of(peer, me_.sequence, value, bytes)) {
    if (backoff.slow() && !checked(peer) && entered(peer, me_.sequence))
      check_record(peer);  // a peer in another collective never posts
    backoff.pause([&] { sleep_until_partial(peer, me_.sequence); });
  }
}

void Call::wait_done(int peer) {
  Backoff backoff(configured_variant().spin);
  while (!done_by(peer, me_.sequence)) {
    // A peer that never signals may be in another collective: its record says so.
    if (backoff.slow() && !checked(peer) && entered(peer, me_.sequence)) check_record(peer);
    backoff.pause([&] { sleep_until_done(peer, me_.sequence); });
  }
}

void Call::finish(std::span<const int> touched_by) {
  if (mode_.out == Sync::kAll) {
    collective_sync();
    return;
  }
  if (mode_.out != Sync::kMy) return;
  for (int peer : touched_by)
    if (peer != g_runtime.mythread) wait_done(peer);
}

void Call::finish_all_to_all() {
  if (mode_.out == Sync::kAll) {
    collective_sync();
    return;
  }
  const int me = g_runtime.mythread;
  for (int peer = 0; peer < g_runtime.threads; ++peer)
    if (peer != me) signal_done(peer, me_.sequence);
  if (mode_.out == Sync::kMy)
    for (int peer = 0; peer < g_runtime.threads; ++peer)
      if (peer != me) wait_done(peer);
}

void Call::wait_all_done(std::uint64_t sequence) {
  for (int peer = 0; peer < g_runtime.threads; ++peer) {
    if (peer != g_runtime.mythread) wait_done_by(peer, sequence);
  }
}

void Call::finish_tree(int root) {
  const int me = g_runtime.mythread, n = g_runtime.threads;
  const int rank = (me - root + n) % n;  // in the tree rooted at root
  for (int child = 2 * rank + 1; child <= 2 * rank + 2 && child < n; ++child) wait_done((child + root) % n);
  if (me != root) signal_done(((rank - 1) / 2 + root) % n, me_.sequence);
}

namespace {

// Whether every block moved between two threads touches `*root`'s data, moved by each of the other threads:
// then the OUT synchronization can be a tree.
bool rooted(std::span<const Block> blocks, Direction direction, int *root) {
  const int n = g_runtime.threads;
  static std::vector<char> &mover_of_root = kept_vector<char>();
  mover_of_root.assign(static_cast<std::size_t>(n), 0);
  *root = -1;
  for (const Block &b : blocks) {
    const int mover = direction == Direction::kPull ? b.dst.thread : b.src.thread;
    const int other = direction == Direction::kPull ? b.src.thread : b.dst.thread;
    if (mover == other) continue;
    if (*root < 0) *root = other;
    if (other != *root) return false;
    mover_of_root[static_cast<std::size_t>(mover)] = 1;
  }
  return *root >= 0 && std::count(mover_of_root.begin(), mover_of_root.end(), 1) == n - 1;
}

}  // namespace

void Call::move_blocks(std::span<const Block> blocks, Direction direction) {
  if (move_staged(blocks)) return;
  compare_with_leader();
  const int me = g_runtime.mythread;
  // Kept from call to call, as run's list of peers.
  static std::vector<Move> &mine = kept_vector<Move>(true);
  static std::vector<int> &touched_by = kept_vector<int>();
  mine.clear();
  touched_by.clear();
  for (const Block &b : blocks) {
    const int mover = direction == Direction::kPull ? b.dst.thread : b.src.thread;
    const int other = direction == Direction::kPull ? b.src.thread : b.dst.thread;
    if (mover == me) mine.push_back({.peer = other, .bytes = b.bytes, .src = b.src, .dst = b.dst});
    if (other == me && mover != me &&
        std::find(touched_by.begin(), touched_by.end(), mover) == touched_by.end())
      touched_by.push_back(mover);
  }
  announce_to(touched_by);
  int root = -1;
  if (mode_.out == Sync::kMy && configured_variant().tree && g_runtime.threads >= 3 &&
      rooted(blocks, direction, &root)) {
    run(mine, false);
    finish_tree(root);
    return;
  }
  run(mine);
  finish(touched_by);
}

void check_extent(const Call &call, const char *what, const detail::gaddr &address, std::size_t bytes) {
  const HandleDesc &d = handle_lookup(address.handle, call.name());
  const bool fits = static_cast<unsigned>(address.thread) < static_cast<unsigned>(g_runtime.threads) &&
                    (d.owner < 0 || d.owner == address.thread) && address.offset <= d.bytes_per_thread &&
                    bytes <= d.bytes_per_thread - address.offset;
  if (!fits)
    call.fail(
        "%s: %zu bytes at byte %zu of thread %d's part overflow %s (%llu bytes on that thread)", what, bytes,
        address.offset, address.thread, describe_handle(address.handle).c_str(),
        static_cast<unsigned long long>(d.owner >= 0 && d.owner != address.thread ? 0 : d.bytes_per_thread));
}

}  // namespace pgas::rt::coll
