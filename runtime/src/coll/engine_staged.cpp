// The staged (eager) path of the relocalizations: see coll/staging.hpp for the protocol and engine.hpp for
// when it applies. Whether a call is staged depends only on its single-valued arguments, so every thread
// decides alike. A staged call allocates nothing: its tables are kept from call to call, their room reserved
// for the job's largest (coll/kept.hpp; a process runs one call at a time).
#include <algorithm>
#include <vector>

#include "coll/backoff.hpp"
#include "coll/engine.hpp"
#include "coll/kept.hpp"
#include "coll/staging.hpp"
#include "runtime.hpp"

namespace pgas::rt::coll {
namespace {

// Where each thread stages its blocks for other threads, in the order the blocks name them: a source range
// sent to several receivers in a row (a broadcast's, a gather_all's) is staged once.
struct Layout {
  // per block: its bytes' place in its holder's staged bytes
  std::vector<std::uint64_t> &block_at = kept_vector<std::uint64_t>(true);
  // per block: whether it stages its range (no block before it did)
  std::vector<char> &names_range_first = kept_vector<char>(true);
  std::vector<std::uint64_t> &staged = kept_vector<std::uint64_t>();  // per thread: how many bytes it stages
  std::vector<long> &last = kept_vector<long>();                      // per thread: its last block so far
  std::vector<int> &readers = kept_vector<int>();  // the threads this one stages blocks for
  // the threads that stage blocks for this one, not yet copied
  std::vector<int> &holders = kept_vector<int>();
  std::vector<std::size_t> &incoming = kept_vector<std::size_t>(true);  // this thread's blocks from others
};

Layout &scratch() {
  static Layout &layout = *new Layout();  // staged calls run in exit handlers too
  return layout;
}

bool crosses(const Block &b) { return b.src.thread != b.dst.thread; }

bool same_range(const Block &a, const Block &b) { return same_address(a.src, b.src) && a.bytes == b.bytes; }

void add_once(std::vector<int> &list, int thread) {
  if (std::find(list.begin(), list.end(), thread) == list.end()) list.push_back(thread);
}

// Lays out the blocks in `l`; false if the call may not be staged (a block, or a thread's staged bytes, too
// large).
bool lay_out(std::span<const Block> blocks, Layout &l) {
  const std::size_t limit = staged_call_limit();
  const int me = g_runtime.mythread;
  l.block_at.assign(blocks.size(), 0);
  l.names_range_first.assign(blocks.size(), 0);
  l.staged.assign(static_cast<std::size_t>(g_runtime.threads), 0);
  l.last.assign(static_cast<std::size_t>(g_runtime.threads), -1);
  l.readers.clear();
  l.holders.clear();
  l.incoming.clear();
  for (std::size_t i = 0; i < blocks.size(); ++i) {
    const Block &b = blocks[i];
    if (!crosses(b)) continue;
    if (b.bytes > kStagedBlock) return false;
    if (b.src.thread == me) add_once(l.readers, b.dst.thread);
    if (b.dst.thread == me) {
      add_once(l.holders, b.src.thread);
      l.incoming.push_back(i);
    }
    const auto holder = static_cast<std::size_t>(b.src.thread);
    const long previous = l.last[holder];
    l.last[holder] = static_cast<long>(i);
    if (previous >= 0 && same_range(blocks[static_cast<std::size_t>(previous)], b)) {
      l.block_at[i] = l.block_at[static_cast<std::size_t>(previous)];
      continue;
    }
    l.block_at[i] = l.staged[holder];
    l.staged[holder] += b.bytes;
    if (l.staged[holder] > limit) return false;
    l.names_range_first[i] = 1;
  }
  return true;
}

}  // namespace

bool Call::move_staged(std::span<const Block> blocks) {
  const std::size_t block_bytes = blocks.empty() ? 0 : blocks.front().bytes;  // a relocalization's are alike
  if (mode_.out == Sync::kAll || !stages(me_.call.kind, block_bytes) || staged_call_limit() == 0)
    return false;
  Layout &layout = scratch();
  if (!lay_out(blocks, layout)) return false;
  const int me = g_runtime.mythread;
  const std::uint64_t sequence = me_.sequence, digest = record_digest(me_);
  // This thread's blocks for others: copied into its staging area, then published.
  if (const std::uint64_t bytes = layout.staged[static_cast<std::size_t>(me)]; bytes != 0) {
    const std::uint64_t at = stage_reserve(sequence, bytes, layout.readers);
    for (std::size_t i = 0; i < blocks.size(); ++i)
      if (crosses(blocks[i]) && blocks[i].src.thread == me && layout.names_range_first[i])
        detail::memcpy_shared(staging_address(me, at + layout.block_at[i]), blocks[i].src, blocks[i].bytes);
    stage_publish(sequence, at, digest);
  }
  for (const Block &b : blocks)
    if (!crosses(b) && b.src.thread == me) detail::memcpy_shared(b.dst, b.src, b.bytes);
  // Others' blocks for this thread: copied from their staging areas, each holder's once it has staged them
  // (the digest it staged them with says they belong to this call).
  std::vector<int> &holders = layout.holders;
  Backoff backoff(configured_variant().spin);
  while (!holders.empty()) {
    bool progressed = false;
    for (auto it = holders.begin(); it != holders.end();) {
      std::uint64_t at = 0, theirs = 0;
      if (!staged_by(*it, sequence, &at, &theirs)) {
        ++it;
        continue;
      }
      if (theirs != digest) check_digest(me_, *it, theirs);
      for (std::size_t i : layout.incoming)
        if (blocks[i].src.thread == *it)
          detail::memcpy_shared(blocks[i].dst, staging_address(*it, at + layout.block_at[i]),
                                blocks[i].bytes);
      signal_done(*it, sequence);
      it = holders.erase(it);
      progressed = true;
    }
    if (progressed) {
      backoff.reset();
      continue;
    }
    // A holder that never stages may be in another collective: its record says so.
    const int front = holders.front();
    if (backoff.slow() && !checked(front) && entered(front, sequence)) check_record(front);
    backoff.pause([&] { sleep_until_staged(front, sequence); });
  }
  compare_with_leader();  // last: the blocks moved (each checked by its holder's digest) need it not
  return true;
}

}  // namespace pgas::rt::coll
