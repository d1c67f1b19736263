// Barriers built from pairwise meetings, over every thread or over a subset.
//
// upc_all_pairwise_barrier is the report's Figure 18 as written: thread 0 meets every thread in turn, then
// meets them all again; a thread that meets it the second time knows that every thread has arrived.
//
// The others run each meeting in two halves (pairsync.hpp), one meeting per member instead of two: a member
// begins its meeting with its leader when it arrives and ends it to leave; the leader ends each member's
// meeting (waits for its arrival) before it begins its own side, which releases the member. Subset barriers
// lead from the lowest member (linear: a tree of one level) or over a binary tree of the members by their
// rank in the sorted subset (tree, the report's future work, item 8; see tree_arity): a member waits for its
// children's arrival, arrives at its parent, waits for its parent's release, then releases its children.
#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

#include "errors.hpp"
#include "pgas/pairsync.h"
#include "pgas/sync_events.h"
#include "runtime.hpp"
#include "sync/pairsync.hpp"

namespace pgas::rt {
namespace {

constexpr const char *kTreeArityEnv = "PGAS_PAIRSYNC_TREE_ARITY";

// The members of a barrier, sorted, and where the caller is among them.
struct Members {
  std::vector<int> sorted;
  std::size_t rank = 0;
  std::uint32_t hash = 0;  // of the sorted members: subsets that differ get different tags
};

const Members &all_threads() {
  static const Members members = [] {
    Members m;
    for (int t = 0; t < g_runtime.threads; ++t) m.sorted.push_back(t);
    m.rank = static_cast<std::size_t>(g_runtime.mythread);
    return m;
  }();
  return members;
}

// Checks a subset given by the program and sorts it (reusing this thread's buffer: no allocation per call
// once it is large enough).
const Members &subset(const int *threads, std::size_t count, const char *operation) {
  Runtime &r = runtime(operation);
  static Members m;
  if (count == 0 || threads == nullptr) fatal("%s: the subset of threads is empty", operation);
  m.sorted.assign(threads, threads + count);
  std::sort(m.sorted.begin(), m.sorted.end());
  for (std::size_t k = 0; k < count; ++k) {
    const int t = m.sorted[k];
    if (t < 0 || t >= r.threads)
      fatal("%s: thread %d of the subset is out of range (THREADS is %d)", operation, t, r.threads);
    if (k > 0 && m.sorted[k - 1] == t) fatal("%s: thread %d is listed twice in the subset", operation, t);
  }
  const auto me = std::lower_bound(m.sorted.begin(), m.sorted.end(), r.mythread);
  if (me == m.sorted.end() || *me != r.mythread)
    fatal("%s: the calling thread %d is not in the subset it synchronizes", operation, r.mythread);
  m.rank = static_cast<std::size_t>(me - m.sorted.begin());
  std::uint32_t hash = 2166136261u;  // FNV-1a over the members
  for (int t : m.sorted) hash = (hash ^ static_cast<std::uint32_t>(t)) * 16777619u;
  m.hash = hash ^ (hash >> 21);
  return m;
}

// Figure 18: two whole meetings of every thread with the first member.
void figure_18_barrier(const Members &m, std::uint32_t tag) {
  const std::size_t n = m.sorted.size();
  if (m.rank == 0) {
    for (int round = 0; round < 2; ++round)
      for (std::size_t k = 1; k < n; ++k) meet(m.sorted[k], tag);
  } else {
    meet(m.sorted[0], tag);
    meet(m.sorted[0], tag);
  }
}

// The leader's side of its members' meetings: waits for each to arrive, then releases them all.
void lead(const int *members, std::size_t count, std::uint32_t tag) {
  for (std::size_t k = 0; k < count; ++k) end_meeting(members[k], next_meeting(members[k]), tag);
}
void release(const int *members, std::size_t count, std::uint32_t tag) {
  for (std::size_t k = 0; k < count; ++k) begin_meeting(members[k], tag);
}
// A member's side: arrives at its leader, and leaves once released.
void follow(int leader, std::uint32_t tag) { end_meeting(leader, begin_meeting(leader, tag), tag); }

// Children per node of a tree barrier over `members` threads: $PGAS_PAIRSYNC_TREE_ARITY if set, else 2
// while every thread has a CPU. When threads outnumber the CPUs, each level of the tree costs a wake-up of a
// thread that must first wait for a time slice before it can release the next level, which costs more than
// the root releasing everyone itself: the tree is then one level (bench/RESULTS.md section 9 measures both).
std::size_t tree_arity(std::size_t members) {
  static const long configured = [] {
    const char *text = std::getenv(kTreeArityEnv);
    if (text == nullptr || *text == '\0') return 0L;
    char *end = nullptr;
    const long value = std::strtol(text, &end, 10);
    if (*end != '\0' || value < 2 || value > kMaxThreads)
      fatal("%s=%s is not a number of children in [2, %d]", kTreeArityEnv, text, kMaxThreads);
    return value;
  }();
  if (configured != 0) return static_cast<std::size_t>(configured);
  return g_runtime.oversubscribed ? std::max<std::size_t>(2, members - 1) : 2;
}

// A barrier over `m` as a tree of `arity` children per node (arity n - 1: the linear barrier). The root meets
// its last child whole (both halves at once) after the others arrived: by the time that child sees the root
// begin, every member has arrived, and with two members the barrier is one meeting, one wake-up.
void tree_barrier(const Members &m, std::size_t arity, std::uint32_t tag) {
  const std::size_t n = m.sorted.size(), first_child = arity * m.rank + 1;
  const std::size_t children = first_child >= n ? 0 : std::min<std::size_t>(arity, n - first_child);
  const int *child = m.sorted.data() + first_child;
  if (m.rank > 0) {
    lead(child, children, tag);
    follow(m.sorted[(m.rank - 1) / arity], tag);
    release(child, children, tag);
  } else if (children > 0) {
    lead(child, children - 1, tag);
    meet(child[children - 1], tag);
    release(child, children - 1, tag);
  }
}

std::size_t linear(const Members &m) { return std::max<std::size_t>(1, m.sorted.size() - 1); }

}  // namespace
}  // namespace pgas::rt

using namespace pgas::rt;

extern "C" {

void upc_all_pairwise_barrier(void) {
  runtime("upc_all_pairwise_barrier");
  pgas::sync_scope scope(PGAS_SYNC_pairwise_barrier, 0, "upc_all_pairwise_barrier");
  figure_18_barrier(all_threads(), meeting_tag(MeetingKind::kPairwiseBarrier));
}

void upc_all_pairwise_tree_barrier(void) {
  runtime("upc_all_pairwise_tree_barrier");
  pgas::sync_scope scope(PGAS_SYNC_pairwise_barrier, 0, "upc_all_pairwise_tree_barrier");
  const Members &m = all_threads();
  tree_barrier(m, tree_arity(m.sorted.size()), meeting_tag(MeetingKind::kPairwiseTreeBarrier));
}

void upc_subset_barrier(const int *threads, size_t count) {
  const Members &m = subset(threads, count, "upc_subset_barrier");
  pgas::sync_scope scope(PGAS_SYNC_subset_barrier, m.hash, "upc_subset_barrier");
  tree_barrier(m, linear(m), meeting_tag(MeetingKind::kSubsetBarrier, m.hash));
}

void upc_subset_tree_barrier(const int *threads, size_t count) {
  const Members &m = subset(threads, count, "upc_subset_tree_barrier");
  pgas::sync_scope scope(PGAS_SYNC_subset_barrier, m.hash, "upc_subset_tree_barrier");
  tree_barrier(m, tree_arity(m.sorted.size()), meeting_tag(MeetingKind::kSubsetTreeBarrier, m.hash));
}

}  // extern "C"
