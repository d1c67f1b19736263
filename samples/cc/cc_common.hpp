// What cc and its variants share: the command line, the random graph (a pure function of the seed, so every
// thread and the verifier agree on it without communicating), the setup of the shared arrays, the "did any
// thread graft?" allreduce, the verification against a sequential union-find, and the program around them.
#pragma once

#include <algorithm>
#include <climits>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <numeric>
#include <pgas/upc.hpp>
#include <string>
#include <utility>
#include <vector>

#include "collectives.hpp"
#include "sample.hpp"

namespace cc {

struct edge {
  int u, v;
};

struct Graph {
  long vertices, edges, seed;
};

inline samples::CommandLine command_line(const char *name, const char *summary) {
  return samples::CommandLine(
      name, summary,
      {{"--vertices", 10000, "vertices of the random graph"},
       {"--edges", 40000, "edges, endpoints drawn uniformly at random"},
       {"--seed", 1, "seed of the random graph"},
       {"--inject-error", 0, "1: corrupt one label before verifying (tests the check)"}});
}

inline Graph graph_of(const char *name, const samples::CommandLine &args) {
  Graph g{args["--vertices"], args["--edges"], args["--seed"]};
  if (g.vertices < 1 || g.vertices > INT_MAX) {
    if (MYTHREAD == 0) std::fprintf(stderr, "%s: --vertices must be between 1 and %d\n", name, INT_MAX);
    std::exit(2);
  }
  return g;
}

// Edge e of the graph: both endpoints uniform in [0, vertices).
inline edge edge_of(long e, const Graph &g) {
  const std::uint64_t base =
      samples::mix(static_cast<std::uint64_t>(g.seed)) + 2 * static_cast<std::uint64_t>(e);
  const auto n = static_cast<std::uint64_t>(g.vertices);
  return {static_cast<int>(samples::mix(base) % n), static_cast<int>(samples::mix(base + 1) % n)};
}

// Collective: every thread stores the edges with affinity to it; every vertex starts as its own component
// (D[i] = i) and as not grafted (P[i] = i).
inline void initialize(const Graph &g, const pgas::shared_array<edge> &El, const pgas::shared_array<int> &D,
                       const pgas::shared_array<int> &P) {
  upc_forall(long e = 0, e < g.edges, e++, &El[e]) El[e] = edge_of(e, g);
  upc_forall(long i = 0, i < g.vertices, i++, &D[i]) {
    D[i] = static_cast<int>(i);
    P[i] = static_cast<int>(i);
  }
  upc_barrier;
}

// Collective "did any thread graft?": a logical-or allreduce of every thread's flag over UPC_TEAM_ALL
// (upccoll_allreduce; the library must be initialized). Each thread's flag and result live in its own shared
// memory, so a call never touches a result a slower thread is still reading. The fence first: a collective
// orders only its own buffers, and the round's grafts must be complete before any thread, told by the
// allreduce that everyone has grafted, reads D.
class AnyThread {
 public:
  bool operator()(bool mine) {
    upc_fence;
    flag_[0] = mine ? 1 : 0;
    samples::check(upccoll_allreduce(flag_.at(0), flag_.at(1), 1, UPC_INT, UPC_LOGOR, UPC_TEAM_ALL,
                                     UPC_IN_MYSYNC | UPC_OUT_MYSYNC, nullptr),
                   "upccoll_allreduce");
    return flag_[1] != 0;
  }

 private:
  samples::MyBuffer<int> flag_{2};  // this thread's flag, then the result
};

// The whole of a cyclic shared int array in global order, one upc_memget per thread (called by one thread).
inline std::vector<int> gather_all(const pgas::shared_array<int> &a) {
  const auto threads = static_cast<std::size_t>(THREADS);
  std::vector<int> all(a.size()), part;
  for (std::size_t t = 0; t < threads && t < a.size(); ++t) {
    part.resize(pgas::layout::local_count(a.size(), 1, threads, t));
    upc_memget(part.data(), &a[t], part.size() * sizeof(int));
    for (std::size_t k = 0; k < part.size(); ++k) all[k * threads + t] = part[k];
  }
  return all;
}

class UnionFind {
 public:
  explicit UnionFind(long n) : parent_(static_cast<std::size_t>(n)) {
    std::iota(parent_.begin(), parent_.end(), 0L);
  }
  long find(long x) {
    while (parent_[x] != x) x = parent_[x] = parent_[parent_[x]];
    return x;
  }
  void unite(long a, long b) {
    a = find(a), b = find(b);
    if (a != b) parent_[std::max(a, b)] = std::min(a, b);
  }

 private:
  std::vector<long> parent_;
};

// Collective. Thread 0 checks that D is the partition a sequential union-find finds (every vertex carries the
// label of its component's other vertices, and that label is a vertex of the same component) and that every
// graft P recorded stays inside the component, then prints the line. Returns the exit status.
inline int verify_and_report(const char *name, const Graph &g, const pgas::shared_array<int> &D,
                             const pgas::shared_array<int> &P, long iterations, double seconds,
                             bool inject_error) {
  const long n = g.vertices;
  if (inject_error && MYTHREAD == 0) D[n / 2] = D[n / 2] + 1;
  upc_barrier;
  int status = 0;
  if (MYTHREAD == 0) {
    const std::vector<int> labels = gather_all(D), grafted_onto = gather_all(P);
    UnionFind reference(n);
    for (long e = 0; e < g.edges; ++e) {
      const edge uv = edge_of(e, g);
      reference.unite(uv.u, uv.v);
    }
    std::vector<long> label_of_component(static_cast<std::size_t>(n), -1);
    std::vector<bool> is_label(static_cast<std::size_t>(n), false);
    long components = 0;
    bool passed = true;
    for (long i = 0; i < n; ++i) {
      const long label = labels[i], graft = grafted_onto[i], component = reference.find(i);
      if (label < 0 || label >= n || graft < 0 || graft >= n || reference.find(label) != component ||
          reference.find(graft) != component) {
        passed = false;
        continue;
      }
      if (!is_label[label]) ++components;
      is_label[label] = true;
      if (label_of_component[component] == -1) label_of_component[component] = label;
      if (label_of_component[component] != label) passed = false;
    }
    status = samples::report(name,
                             "vertices=" + std::to_string(n) + " edges=" + std::to_string(g.edges) +
                                 " threads=" + std::to_string(THREADS) + " components=" +
                                 std::to_string(components) + " iterations=" + std::to_string(iterations),
                             seconds, passed);
  }
  upc_barrier;
  return status;
}

// The whole program of cc and its variants: parses the command line, builds the graph and the cyclic shared
// arrays, times `components(graph, El, D, P)` (which returns the number of rounds) and verifies.
template <class Components>
int run(const char *name, const char *summary, int argc, char **argv, Components components) {
  samples::CommandLine args = command_line(name, summary);
  args.parse(argc, argv);
  const Graph graph = graph_of(name, args);
  samples::Collectives library;
  pgas::shared_array<edge> El(static_cast<std::size_t>(graph.edges), 1, "El");
  pgas::shared_array<int> D(static_cast<std::size_t>(graph.vertices), 1, "D");
  pgas::shared_array<int> P(static_cast<std::size_t>(graph.vertices), 1, "P");
  initialize(graph, El, D, P);

  samples::Timer timer;
  const long rounds = components(graph, El, D, P);
  upc_barrier;
  const double seconds = timer.seconds();
  return verify_and_report(name, graph, D, P, rounds, seconds, args["--inject-error"] != 0);
}

}  // namespace cc
