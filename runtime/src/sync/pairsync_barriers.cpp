// Barriers built from pairwise meetings, over every thread or over a subset. Linear (the report's Figure
// 18): the lowest member meets every other member, then meets them all again; a member that meets it the
// second time knows that every member has arrived. Tree (the report's future work, item 8): members sit in
// a binary tree by their rank in the sorted subset; a member meets its children, then its parent (every
// member below has arrived), then its parent again (the root has seen all), then its children again.
#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "errors.hpp"
#include "pgas/pairsync.h"
#include "runtime.hpp"
#include "sync/pairsync.hpp"

namespace pgas::rt {
namespace {

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

void linear_barrier(const Members &m, std::uint32_t tag) {
  const std::size_t n = m.sorted.size();
  if (m.rank == 0) {
    for (int round = 0; round < 2; ++round)
      for (std::size_t k = 1; k < n; ++k) meet(m.sorted[k], tag);
  } else {
    meet(m.sorted[0], tag);
    meet(m.sorted[0], tag);
  }
}

void tree_barrier(const Members &m, std::uint32_t tag) {
  const std::size_t n = m.sorted.size(), first_child = 2 * m.rank + 1;
  const auto meet_children = [&] {
    for (std::size_t c = first_child; c < first_child + 2 && c < n; ++c) meet(m.sorted[c], tag);
  };
  meet_children();
  if (m.rank > 0) {
    const int parent = m.sorted[(m.rank - 1) / 2];
    meet(parent, tag);
    meet(parent, tag);
  }
  meet_children();
}

}  // namespace
}  // namespace pgas::rt

using namespace pgas::rt;

extern "C" {

void upc_all_pairwise_barrier(void) {
  runtime("upc_all_pairwise_barrier");
  linear_barrier(all_threads(), meeting_tag(MeetingKind::kPairwiseBarrier));
}

void upc_all_pairwise_tree_barrier(void) {
  runtime("upc_all_pairwise_tree_barrier");
  tree_barrier(all_threads(), meeting_tag(MeetingKind::kPairwiseTreeBarrier));
}

void upc_subset_barrier(const int *threads, size_t count) {
  const Members &m = subset(threads, count, "upc_subset_barrier");
  linear_barrier(m, meeting_tag(MeetingKind::kSubsetBarrier, m.hash));
}

void upc_subset_tree_barrier(const int *threads, size_t count) {
  const Members &m = subset(threads, count, "upc_subset_tree_barrier");
  tree_barrier(m, meeting_tag(MeetingKind::kSubsetTreeBarrier, m.hash));
}

}  // extern "C"
