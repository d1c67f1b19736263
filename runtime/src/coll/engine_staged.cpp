// The staged (eager) path of the relocalizations: see coll/staging.hpp for the protocol and engine.hpp for
// when it applies. Whether a call is staged depends only on its single-valued arguments, so every thread
// decides alike.
#include <algorithm>
#include <vector>

#include "coll/backoff.hpp"
#include "coll/engine.hpp"
#include "coll/staging.hpp"
#include "runtime.hpp"

namespace pgas::rt::coll {
namespace {

// Where each thread stages its blocks for other threads, in the order the blocks name them: a source range
// sent to several receivers in a row (a broadcast's, a gather_all's) is staged once.
struct Layout {
  std::vector<std::uint64_t> block_at;  // per block: its bytes' place in its holder's staged bytes
  std::vector<std::uint64_t> staged;    // per thread: how many bytes it stages
  std::vector<char> names_range_first;  // per block: whether it stages its range (no block before it did)
};

bool crosses(const Block &b) { return b.src.thread != b.dst.thread; }

bool same_range(const Block &a, const Block &b) {
  return a.src.handle == b.src.handle && a.src.thread == b.src.thread && a.src.offset == b.src.offset &&
         a.bytes == b.bytes;
}

Layout lay_out(std::span<const Block> blocks) {
  Layout l;
  l.block_at.assign(blocks.size(), 0);
  l.names_range_first.assign(blocks.size(), 0);
  l.staged.assign(static_cast<std::size_t>(g_runtime.threads), 0);
  std::vector<long> last(static_cast<std::size_t>(g_runtime.threads), -1);  // per holder: its last block
  for (std::size_t i = 0; i < blocks.size(); ++i) {
    const Block &b = blocks[i];
    if (!crosses(b)) continue;
    const auto holder = static_cast<std::size_t>(b.src.thread);
    const long previous = last[holder];
    last[holder] = static_cast<long>(i);
    if (previous >= 0 && same_range(blocks[static_cast<std::size_t>(previous)], b)) {
      l.block_at[i] = l.block_at[static_cast<std::size_t>(previous)];
      continue;
    }
    l.block_at[i] = l.staged[holder];
    l.staged[holder] += b.bytes;
    l.names_range_first[i] = 1;
  }
  return l;
}

bool stageable(std::span<const Block> blocks, const Layout &l) {
  const std::size_t limit = staged_call_limit();
  return std::all_of(blocks.begin(), blocks.end(),
                     [](const Block &b) { return !crosses(b) || b.bytes <= kStagedBlock; }) &&
         std::all_of(l.staged.begin(), l.staged.end(), [&](std::uint64_t bytes) { return bytes <= limit; });
}

void add_once(std::vector<int> &list, int thread) {
  if (std::find(list.begin(), list.end(), thread) == list.end()) list.push_back(thread);
}

}  // namespace

bool Call::move_staged(std::span<const Block> blocks) {
  if (mode_.out == Sync::kAll || configured_variant().direct || staged_call_limit() == 0) return false;
  const Layout layout = lay_out(blocks);
  if (!stageable(blocks, layout)) return false;
  const int me = g_runtime.mythread;
  const std::uint64_t sequence = me_.sequence;
  // This thread's blocks for others: copied into its staging area, then published.
  if (const std::uint64_t bytes = layout.staged[static_cast<std::size_t>(me)]; bytes != 0) {
    std::vector<int> readers;
    for (const Block &b : blocks)
      if (crosses(b) && b.src.thread == me) add_once(readers, b.dst.thread);
    const std::uint64_t at = stage_reserve(sequence, bytes, std::move(readers));
    for (std::size_t i = 0; i < blocks.size(); ++i)
      if (crosses(blocks[i]) && blocks[i].src.thread == me && layout.names_range_first[i])
        detail::memcpy_shared(staging_address(me, at + layout.block_at[i]), blocks[i].src, blocks[i].bytes);
    stage_publish(sequence, at);
  }
  for (const Block &b : blocks)
    if (!crosses(b) && b.src.thread == me) detail::memcpy_shared(b.dst, b.src, b.bytes);
  // Others' blocks for this thread: copied from their staging areas, each holder's once it has staged them.
  std::vector<int> holders;
  for (const Block &b : blocks)
    if (crosses(b) && b.dst.thread == me) add_once(holders, b.src.thread);
  Backoff backoff(configured_variant().spin);
  while (!holders.empty()) {
    bool progressed = false;
    for (auto it = holders.begin(); it != holders.end();) {
      std::uint64_t at = 0;
      if (!staged_by(*it, sequence, &at)) {
        ++it;
        continue;
      }
      check_record(*it);
      for (std::size_t i = 0; i < blocks.size(); ++i)
        if (crosses(blocks[i]) && blocks[i].dst.thread == me && blocks[i].src.thread == *it)
          detail::memcpy_shared(blocks[i].dst, staging_address(*it, at + layout.block_at[i]),
                                blocks[i].bytes);
      signal_done(*it, sequence);
      it = holders.erase(it);
      progressed = true;
    }
    if (progressed)
      backoff.reset();
    else
      backoff.pause([&] { sleep_until_staged(holders.front(), sequence); });
  }
  return true;
}

}  // namespace pgas::rt::coll
