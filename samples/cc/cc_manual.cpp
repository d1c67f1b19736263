// cc_manual: the Shiloach-Vishkin connected components of cc, tuned by hand as the "Manual" column of seed
// 004 (the optimizations of Cong et al.'s [3] that a tool could automate): every thread reads its own edges
// and vertices through local pointers (privatized local parts of El and D), reads the remote D values it
// needs in bulk into a private copy, one transfer per owner thread and phase, and writes its grafts back
// coalesced per owner with an atomic min, which also makes the result deterministic (each root is hooked
// onto its smallest neighbouring label).
#include <algorithm>
#include <climits>
#include <numeric>
#include <pgas/upc.hpp>
#include <span>
#include <vector>

#include "cc_common.hpp"
#include "sample.hpp"

using namespace pgas;
using cc::edge;

namespace {

// Global indices of elements of a cyclic shared array (element i on thread i % THREADS), per owner thread.
using ByOwner = std::vector<std::vector<std::size_t>>;

// Groups indices by owner, each index once. (It marks the indices it has seen rather than sorting them:
// sorting took most of this program's time.)
class OwnerGrouping {
 public:
  explicit OwnerGrouping(std::size_t elements) : seen_(elements, false) {}

  ByOwner operator()(std::span<const std::size_t> indices) {
    ByOwner groups(static_cast<std::size_t>(THREADS));
    for (std::size_t i : indices) {
      if (seen_[i]) continue;
      seen_[i] = true;
      groups[i % groups.size()].push_back(i);
    }
    for (const std::vector<std::size_t> &group : groups)
      for (std::size_t i : group) seen_[i] = false;
    return groups;
  }

 private:
  std::vector<bool> seen_;
};

// copy[i] = D[i] for every i in `wanted`, with one transfer per owner: a vector get of the wanted elements,
// or an upc_memget of the owner's whole part when that moves fewer bytes (a vector get also sends an 8-byte
// offset per element). The own part is read directly.
void fetch(const shared_array<int> &D, const ByOwner &wanted, std::vector<int> &copy) {
  const auto threads = static_cast<std::size_t>(THREADS);
  std::vector<int> buffer;
  for (std::size_t t = 0; t < threads; ++t) {
    const std::vector<std::size_t> &indices = wanted[t];
    if (indices.empty()) continue;
    if (t == static_cast<std::size_t>(MYTHREAD)) {
      const std::span<int> mine = D.local_part();
      for (std::size_t i : indices) copy[i] = mine[i / threads];
      continue;
    }
    const std::size_t part = layout::local_count(D.size(), 1, threads, t);
    if (3 * indices.size() >= part) {
      buffer.resize(part);
      upc_memget(buffer.data(), &D[t], part * sizeof(int));
      for (std::size_t k = 0; k < part; ++k) copy[k * threads + t] = buffer[k];
    } else {
      buffer.resize(indices.size());
      getv(D, static_cast<int>(t), indices, buffer.data());
      for (std::size_t k = 0; k < indices.size(); ++k) copy[indices[k]] = buffer[k];
    }
  }
}

// The grafts this thread's edges propose: for each root, the smallest label of a neighbouring component.
// After shortcutting every tree is a star, so every label read is a root: the D[dv] == dv test of cc
// always holds here and needs no second round of reads.
class Grafts {
 public:
  explicit Grafts(std::size_t vertices) : smallest_neighbour_(vertices, INT_MAX) {}

  void propose(std::span<const edge> edges, const std::vector<int> &labels) {
    for (const edge &uv : edges) {
      const int du = labels[uv.u], dv = labels[uv.v];
      if (du == dv) continue;
      const int root = std::max(du, dv);
      if (smallest_neighbour_[root] == INT_MAX) roots_.push_back(static_cast<std::size_t>(root));
      smallest_neighbour_[root] = std::min(smallest_neighbour_[root], std::min(du, dv));
    }
  }

  // D[r] = min(D[r], proposal) and the same for P, one accumulate per array and owner; forgets the proposals.
  // Returns whether this thread grafted anything.
  bool write_back(const shared_array<int> &D, const shared_array<int> &P) {
    ByOwner roots_by_owner(static_cast<std::size_t>(THREADS));  // roots_ holds each root once
    for (std::size_t r : roots_) roots_by_owner[r % roots_by_owner.size()].push_back(r);
    std::vector<int> labels;
    for (std::size_t t = 0; t < roots_by_owner.size(); ++t) {
      const std::vector<std::size_t> &roots = roots_by_owner[t];
      if (roots.empty()) continue;
      labels.clear();
      for (std::size_t r : roots) labels.push_back(smallest_neighbour_[r]);
      accv(D, static_cast<int>(t), roots, labels.data(), accumulate::min);
      accv(P, static_cast<int>(t), roots, labels.data(), accumulate::min);
    }
    for (std::size_t r : roots_) smallest_neighbour_[r] = INT_MAX;
    const bool grafted = !roots_.empty();
    roots_.clear();
    return grafted;
  }

 private:
  std::vector<int> smallest_neighbour_;
  std::vector<std::size_t> roots_;
};

// while (D[i] != D[D[i]]) D[i] = D[D[i]] for this thread's vertices, in rounds: each round reads the labels'
// labels in bulk and moves every unfinished vertex one step up. No grafts happen meanwhile, so a label that
// is its own label is a root for good and a vertex pointing to it is done.
void shortcut(const shared_array<int> &D, std::vector<int> &copy, OwnerGrouping &group_by_owner) {
  const std::span<int> mine = D.local_part();
  std::vector<std::size_t> unfinished(mine.size()), labels;
  std::iota(unfinished.begin(), unfinished.end(), std::size_t{0});
  while (!unfinished.empty()) {
    labels.clear();
    for (std::size_t k : unfinished) labels.push_back(static_cast<std::size_t>(mine[k]));
    fetch(D, group_by_owner(labels), copy);
    std::erase_if(unfinished, [&](std::size_t k) {
      const int parent = mine[k], grandparent = copy[static_cast<std::size_t>(parent)];
      mine[k] = grandparent;
      return grandparent == parent;
    });
  }
}

long connected_components(const shared_array<edge> &El, const shared_array<int> &D,
                          const shared_array<int> &P) {
  const std::span<const edge> my_edges = El.local_part();
  std::vector<std::size_t> endpoints;
  for (const edge &uv : my_edges) {
    endpoints.push_back(static_cast<std::size_t>(uv.u));
    endpoints.push_back(static_cast<std::size_t>(uv.v));
  }
  OwnerGrouping group_by_owner(D.size());
  const ByOwner endpoints_by_owner = group_by_owner(endpoints);
  std::vector<int> copy(D.size());  // private copy of D; valid at the indices last fetched
  Grafts grafts(D.size());
  cc::AnyThread any_thread_grafted;
  long rounds = 0;
  while (true) {
    ++rounds;
    fetch(D, endpoints_by_owner, copy);
    grafts.propose(my_edges, copy);
    upc_barrier;  // every thread has read the stars before any graft lands
    if (!any_thread_grafted(grafts.write_back(D, P))) break;
    shortcut(D, copy, group_by_owner);
    upc_barrier;
  }
  return rounds;
}

}  // namespace

int main(int argc, char **argv) {
  return cc::run(
      "cc_manual",
      "connected components (Shiloach-Vishkin) of a random graph, with bulk reads and coalesced writes", argc,
      argv,
      [](const cc::Graph &, const shared_array<edge> &El, const shared_array<int> &D,
         const shared_array<int> &P) { return connected_components(El, D, P); });
}
