#include "coll/lean.hpp"

#include <algorithm>
#include <cstring>
#include <vector>

#include "coll/backoff.hpp"
#include "coll/engine.hpp"
#include "coll/kept.hpp"
#include "coll/matching.hpp"
#include "coll/staging.hpp"
#include "handles.hpp"
#include "pgas/sync_events.h"
#include "pgas/transport.h"
#include "runtime.hpp"

namespace pgas::rt::coll {
namespace {

using detail::gaddr;

// The call's record as the full path publishes it (relocalize.cpp: dst, src, nbytes, sync_mode, perm).
Published published(const LeanCall &c, std::uint64_t sequence) {
  Published p;
  p.call = {.kind = c.kind, .where = c.where};
  p.sequence = sequence;
  p.args[0] = {"dst", digest(c.dst), true};
  p.args[1] = {"src", digest(c.src), true};
  p.args[2] = {"nbytes", c.nbytes};
  p.args[3] = {"sync_mode", static_cast<std::uint64_t>(c.flags)};
  p.nargs = 4;
  if (c.perm != nullptr) p.args[p.nargs++] = {"perm", digest(address(*c.perm)), true};
  return p;
}

// The threads other than this one, in order (the readers of a block staged for all).
const std::vector<int> &others() {
  static const std::vector<int> &list = *[] {
    auto *l = new std::vector<int>();  // kept: staged calls run in exit handlers too
    for (int t = 0; t < g_runtime.threads; ++t)
      if (t != g_runtime.mythread) l->push_back(t);
    return l;
  }();
  return list;
}

// perm's contents and their inverse (who sends to whom), kept from call to call; false if perm is not a
// permutation (the full path then reports it, reading perm again).
struct Permutation {
  std::vector<int> perm, inverse;
  bool read(const pgas::global_ptr<const int> &p) {
    const int n = g_runtime.threads;
    bool same = perm.size() == static_cast<std::size_t>(n);
    if (!same) perm.assign(static_cast<std::size_t>(n), -1);
    for (int t = 0; t < n; ++t) {
      const int value = *(p + t);
      if (value < 0 || value >= n) {
        perm.clear();
        return false;
      }
      same = same && perm[static_cast<std::size_t>(t)] == value;
      perm[static_cast<std::size_t>(t)] = value;
    }
    if (same) return true;
    inverse.assign(static_cast<std::size_t>(n), -1);
    for (int t = 0; t < n; ++t) {
      int &from = inverse[static_cast<std::size_t>(perm[static_cast<std::size_t>(t)])];
      if (from >= 0) {
        perm.clear();
        return false;
      }
      from = t;
    }
    return true;
  }
};

// What this thread does in a call: stages up to two ranges of its src part (byte offsets from src) (in this
// order, one after the other in its staging area) for `readers`, copies one block locally, and receives
// blocks from `holders` (all others, or one thread), each `staged_at(holder)` bytes into the holder's staged
// bytes, to `dst_at(holder)`.
struct Plan {
  std::size_t from[2] = {0, 0}, bytes[2] = {0, 0};
  const int *readers = nullptr;
  std::size_t nreaders = 0;
  bool local = false;
  std::size_t local_src = 0, local_dst = 0;  // byte offsets from src and dst in this thread's parts
  int one_holder = -1;                       // the one holder, or -1
  bool all_holders = false;                  // every other thread is a holder
};

// The offset of holder `h`'s block for `receiver` among the blocks it stages for each thread but itself.
std::size_t skipping(int receiver, int h) {
  return static_cast<std::size_t>(receiver < h ? receiver : receiver - 1);
}

// This thread's part of `p` from p's offset on, `bytes` long (checked, as every access is).
std::byte *own_part(const gaddr &p, std::size_t bytes, const char *name) {
  return resolve(p.handle, g_runtime.mythread, p.offset, bytes, name);
}

bool stageable(const LeanCall &c) {
  const int n = g_runtime.threads;
  if (n == 1) return true;
  const std::size_t limit = staged_call_limit();
  const bool per_receiver = c.shape == Shape::kScatter || c.shape == Shape::kExchange;
  const std::size_t staged = per_receiver ? c.nbytes * static_cast<std::size_t>(n - 1) : c.nbytes;
  return limit != 0 && c.nbytes <= kStagedBlock && staged <= limit;
}

}  // namespace

bool Validated::covers(const char *name, const gaddr &d, const gaddr &s, std::size_t n) const {
  if (!any || n != nbytes || !same_address(d, dst) || !same_address(s, src)) return false;
  handle_lookup(d.handle, name);
  handle_lookup(s.handle, name);
  return true;
}

bool run_lean(const LeanCall &c, Validated &last) {
  if (!stages(c.kind, c.nbytes)) return false;  // first: a direct call pays nothing here
  const gaddr perm_at = c.perm != nullptr ? address(*c.perm) : gaddr{};
  // The same flags and perm as the last lean call: its sync mode was decoded and took this path.
  const bool repeated = last.digested && last.flags == c.flags && same_address(last.perm, perm_at);
  if (!repeated) {
    SyncMode mode;
    if (!decode_sync_mode(c.flags, &mode) || mode.in == Sync::kAll || mode.out == Sync::kAll) return false;
    if (c.perm != nullptr && perm_at.handle == 0) return false;  // the full path reports it
  }
  if (!stageable(c)) return false;
  const char *name = collective_kind_name(c.kind);
  if (!last.covers(name, c.dst, c.src, c.nbytes)) return false;

  const int me = g_runtime.mythread, n = g_runtime.threads;
  const std::size_t nbytes = c.nbytes, mine = static_cast<std::size_t>(me);
  runtime(name);
  pgas_sync_enter(PGAS_SYNC_collective, static_cast<std::uint64_t>(c.kind), name);
  static Permutation &permutation = *new Permutation();
  if (c.perm != nullptr && !permutation.read(*c.perm)) {
    pgas_sync_exit(PGAS_SYNC_collective, static_cast<std::uint64_t>(c.kind));
    return false;
  }

  // The record's values and digest, kept with the validated arguments (the same arguments give the same).
  if (!repeated) {
    const Published record = published(c, 0);
    for (int k = 0; k < record.nargs; ++k) last.values[k] = record.args[k].value;
    last.nargs = record.nargs;
    last.digest = record_digest(record);
    last.flags = c.flags;
    last.perm = perm_at;
    last.digested = true;
  }
  const std::uint64_t digest = last.digest;

  Plan plan;
  const std::vector<int> &all = others();
  const gaddr &src = c.src, &dst = c.dst;
  switch (c.shape) {
    case Shape::kBroadcast:
      if (me == src.thread) {
        plan.bytes[0] = nbytes;
        plan.local = true;
      } else {
        plan.one_holder = src.thread;
      }
      break;
    case Shape::kScatter:
      if (me == src.thread) {
        plan.bytes[0] = mine * nbytes;
        plan.from[1] = (mine + 1) * nbytes, plan.bytes[1] = (static_cast<std::size_t>(n) - mine - 1) * nbytes;
        plan.local = true, plan.local_src = mine * nbytes;
      } else {
        plan.one_holder = src.thread;
      }
      break;
    case Shape::kGather:
      if (me == dst.thread) {
        plan.local = true, plan.local_dst = mine * nbytes;
        plan.all_holders = true;
      } else {
        plan.bytes[0] = nbytes;
        plan.readers = &dst.thread, plan.nreaders = 1;
      }
      break;
    case Shape::kGatherAll:
      plan.bytes[0] = nbytes;
      plan.local = true, plan.local_dst = mine * nbytes;
      plan.all_holders = true;
      break;
    case Shape::kExchange:
      plan.bytes[0] = mine * nbytes;
      plan.from[1] = (mine + 1) * nbytes, plan.bytes[1] = (static_cast<std::size_t>(n) - mine - 1) * nbytes;
      plan.local = true, plan.local_src = plan.local_dst = mine * nbytes;
      plan.all_holders = true;
      break;
    case Shape::kPermute: {
      const int to = permutation.perm[mine], from = permutation.inverse[mine];
      if (to == me) {
        plan.local = true;
      } else {
        plan.bytes[0] = nbytes;
        plan.readers = &permutation.perm[mine], plan.nreaders = 1;
      }
      if (from != me) plan.one_holder = from;
      break;
    }
  }
  if (plan.readers == nullptr) plan.readers = all.data(), plan.nreaders = all.size();

  // The call's number and record; a holder first asks for its table entry's lines, which the entry's last
  // reader holds, so that they are its own by the time it stages.
  const std::size_t staged = plan.bytes[0] + plan.bytes[1];
  if (staged != 0 && n > 1) prepare_stage(g_all_threads.sequence + 1);
  const CollectiveCall call{.kind = c.kind, .where = c.where};
  const std::uint64_t sequence = collective_start(
      call, std::span<const std::uint64_t>(last.values, static_cast<std::size_t>(last.nargs)));

  // This thread's parts of src and dst, as far as the call reaches into them.
  const bool whole = c.shape == Shape::kScatter || c.shape == Shape::kExchange;
  const bool gathers =
      c.shape == Shape::kGather || c.shape == Shape::kGatherAll || c.shape == Shape::kExchange;
  const std::size_t all_blocks = static_cast<std::size_t>(n) * nbytes;
  const bool receives = plan.all_holders || plan.one_holder >= 0;
  if ((staged != 0 || plan.local) && last.src_part == nullptr)
    last.src_part = own_part(src, whole ? all_blocks : nbytes, name);
  if ((receives || plan.local) && last.dst_part == nullptr)
    last.dst_part = own_part(dst, gathers ? all_blocks : nbytes, name);
  std::byte *const from = last.src_part, *const into = last.dst_part;

  // This thread's blocks for others: copied into its staging area, then published with the digest.
  if (staged != 0 && n > 1) {
    const std::uint64_t base =
        stage_reserve(sequence, staged, std::span<const int>(plan.readers, plan.nreaders));
    std::byte *to = staged_here(base);
    for (int k = 0; k < 2; ++k) {
      std::memcpy(to, from + plan.from[k], plan.bytes[k]);
      to += plan.bytes[k];
    }
    stage_publish(sequence, base, digest);
  }
  if (plan.local) std::memcpy(into + plan.local_dst, from + plan.local_src, nbytes);

  // Others' blocks for this thread, each holder's once it has staged them with this call's digest: read
  // through the transport (the tracer sees them as memcpy_shared's would be).
  // The call is compared with thread 0's once the digest checks made in it (each receiver checks its
  // holders') connect every thread to thread 0, as they do in every shape but a permutation's cycles: there
  // by a digest from thread 0, or thread 0 checking this thread's, or else by thread 0's record.
  bool leader_matched = me == 0 || c.shape != Shape::kPermute || permutation.perm[mine] == 0;
  auto place = [&](int h, std::size_t *staged_at, std::size_t *to) {
    const std::size_t from_h = static_cast<std::size_t>(h) * nbytes;
    *staged_at = whole ? skipping(me, h) * nbytes : 0;
    *to = gathers ? from_h : 0;
  };
  auto try_receive = [&](int h) {
    std::uint64_t offset = 0, theirs = 0;
    if (!staged_by(h, sequence, &offset, &theirs)) return false;
    if (theirs != digest) check_digest(published(c, sequence), h, theirs);
    leader_matched = leader_matched || h == 0;  // the digest covers thread 0's record
    std::size_t staged_at = 0, to = 0;
    place(h, &staged_at, &to);
    const gaddr there = staging_address(h, offset + staged_at);
    remote_memget(there.handle, there.thread, there.offset, into + to, nbytes);
    signal_done(h, sequence);
    return true;
  };
  static std::vector<int> &waiting = kept_vector<int>();
  waiting.clear();
  if (plan.all_holders)
    waiting.assign(all.begin(), all.end());
  else if (plan.one_holder >= 0)
    waiting.push_back(plan.one_holder);
  Backoff backoff(configured_variant().spin);
  int compared = -1;
  while (!waiting.empty()) {
    const std::size_t before = waiting.size();
    waiting.erase(std::remove_if(waiting.begin(), waiting.end(), try_receive), waiting.end());
    if (waiting.size() != before) {
      backoff.reset();
      continue;
    }
    // A holder that never stages may be in another collective: its record says so.
    const int front = waiting.front();
    if (backoff.slow() && compared != front && entered(front, sequence)) {
      compare_with(published(c, sequence), front);
      compared = front;
    }
    backoff.pause([&] { sleep_until_staged(front, sequence); });
  }
  if (!leader_matched)
    compare_with_thread0(published(c, sequence));
  else
    verify_deferred();  // before thread 0 overwrites the records of calls not yet compared
  pgas_sync_exit(PGAS_SYNC_collective, static_cast<std::uint64_t>(c.kind));
  return true;
}

}  // namespace pgas::rt::coll
