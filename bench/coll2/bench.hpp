// The Collectives 2.0 benchmark loop shared by our collectives (upccoll_bench.cpp, under pgasrun) and Open
// MPI's (mpi_bench.cpp, under mpirun): for every collective and message size, `repeats` repetitions of a
// barrier and `iterations` back-to-back blocking calls; each thread keeps its best repetition's time per
// call, the result is the slowest thread's. Options:
//   --collectives a,b,...   (default: all of kCollectives)   --sizes 8,64,...   (bytes; default kSizes)
//   --iterations N   (the most calls per repetition, 200; fewer for large sizes: about 16 MiB moved per rank)
//   --repeats N      (3)
// `bytes` is each rank's message: the data broadcast, reduced or scanned (doubles, bytes / 8 of them), and
// one block of allgather, alltoall(v) and reduce_scatter (a rank sends or receives `threads` such blocks).
// memcpy_us is one memcpy of the bytes a rank receives, on every thread at once, measured the same way: the
// memory-bandwidth limit of the large sizes.
// iallreduce is the non-blocking allreduce overlapped with computation: each rank first times the blocking
// allreduce (b, its own best), then the computation alone (c: a busy loop of b seconds), then starts the
// non-blocking one, computes and waits; per_call_us is that whole (o), hidden = (b + c - o) / b clamped to
// [0, 1] the share of the collective that the computation hid (slowest rank's b, c and o).
#pragma once

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <sstream>
#include <string>
#include <vector>

namespace coll2bench {

inline const std::vector<std::string> kCollectives = {"barrier",   "bcast",     "reduce",    "allreduce",
                                                      "allgather", "alltoall",  "alltoallv", "reduce_scatter",
                                                      "scan",      "iallreduce"};
inline const std::vector<std::size_t> kSizes = {8, 64, 1024, 4096, 16384, 65536, 262144, 1048576, 4194304};

struct Options {
  std::vector<std::string> collectives = kCollectives;
  std::vector<std::size_t> sizes = kSizes;
  long iterations = 200;
  long repeats = 3;
};

[[noreturn]] inline void usage(const char *program, const std::string &problem) {
  std::fprintf(
      stderr,
      "%s: %s\nusage: %s [--collectives NAME,...] [--sizes BYTES,...] [--iterations N] [--repeats N]\n"
      "collectives: barrier bcast reduce allreduce allgather alltoall alltoallv reduce_scatter scan "
      "iallreduce\n",
      program, problem.c_str(), program);
  std::exit(2);
}

inline std::vector<std::string> split(const std::string &list) {
  std::vector<std::string> items;
  std::stringstream in(list);
  for (std::string item; std::getline(in, item, ',');) items.push_back(item);
  return items;
}

inline long positive(const char *program, const std::string &text) {
  char *end = nullptr;
  const long v = std::strtol(text.c_str(), &end, 10);
  if (text.empty() || *end != '\0' || v <= 0) usage(program, "'" + text + "' is not a positive integer");
  return v;
}

inline Options parse(int argc, char **argv) {
  Options o;
  for (int a = 1; a < argc; ++a) {
    const std::string arg = argv[a];
    if (a + 1 >= argc)
      usage(argv[0], arg == "--collectives" || arg == "--sizes" || arg == "--iterations" || arg == "--repeats"
                         ? arg + " needs a value"
                         : "unknown argument '" + arg + "'");
    const std::string value = argv[++a];
    if (arg == "--collectives") {
      o.collectives = split(value);
      for (const std::string &c : o.collectives)
        if (std::find(kCollectives.begin(), kCollectives.end(), c) == kCollectives.end())
          usage(argv[0], "unknown collective '" + c + "'");
    } else if (arg == "--sizes") {
      o.sizes.clear();
      for (const std::string &s : split(value)) {
        o.sizes.push_back(static_cast<std::size_t>(positive(argv[0], s)));
        if (o.sizes.back() % 8 != 0)
          usage(argv[0], "sizes are multiples of 8 (doubles are reduced), not " + s);
      }
    } else if (arg == "--iterations") {
      o.iterations = positive(argv[0], value);
    } else if (arg == "--repeats") {
      o.repeats = positive(argv[0], value);
    } else {
      usage(argv[0], "unknown argument '" + arg + "'");
    }
  }
  return o;
}

// Calls per repetition: at most o.iterations, about 16 MiB per rank, at least 2.
inline long iterations_for(const Options &o, std::size_t bytes) {
  return std::clamp(static_cast<long>((16u << 20) / std::max<std::size_t>(bytes, 1)), 2L, o.iterations);
}

// The bytes one rank receives in one call (what memcpy_us copies).
inline std::size_t received_bytes(const std::string &c, std::size_t bytes, int threads) {
  const bool blocks = c == "allgather" || c == "alltoall" || c == "alltoallv";
  return blocks ? bytes * static_cast<std::size_t>(threads) : bytes;
}

// This thread's best (smallest) seconds per call over o.repeats repetitions of `barrier` then `calls` calls.
inline double best_per_call(const Options &o, long calls, const std::function<void()> &barrier,
                            const std::function<void()> &call) {
  double best = 1e30;
  for (long r = 0; r < o.repeats; ++r) {
    barrier();
    const auto start = std::chrono::steady_clock::now();
    for (long i = 0; i < calls; ++i) call();
    const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    best = std::min(best, s / static_cast<double>(calls));
  }
  return best;
}

// Computation that keeps the core busy for `seconds` without touching the collective's buffers.
inline void compute_for(double seconds) {
  const auto end = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
  volatile double x = 1.0;
  while (std::chrono::steady_clock::now() < end)
    for (int i = 0; i < 64; ++i) x = x * 1.0000001 + 1e-9;
}

// The iallreduce row: `blocking_s` and `overlapped_s` are the slowest rank's.
inline void print_overlap(const char *engine, int threads, std::size_t bytes, long calls, const Options &o,
                          double blocking_s, double compute_s, double overlapped_s) {
  const double hidden = std::clamp((blocking_s + compute_s - overlapped_s) / blocking_s, 0.0, 1.0);
  std::printf(
      "%s collective=iallreduce threads=%d bytes=%zu iterations=%ld repeats=%ld per_call_us=%.3f "
      "blocking_us=%.3f compute_us=%.3f hidden=%.2f\n",
      engine, threads, bytes, calls, o.repeats, overlapped_s * 1e6, blocking_s * 1e6, compute_s * 1e6,
      hidden);
  std::fflush(stdout);
}

inline void print(const char *engine, const std::string &c, int threads, std::size_t bytes, long calls,
                  const Options &o, double per_call_s, double memcpy_s) {
  std::printf("%s collective=%s threads=%d bytes=%zu iterations=%ld repeats=%ld per_call_us=%.3f", engine,
              c.c_str(), threads, bytes, calls, o.repeats, per_call_s * 1e6);
  if (memcpy_s >= 0) std::printf(" memcpy_us=%.3f", memcpy_s * 1e6);
  std::printf("\n");
  std::fflush(stdout);
}

}  // namespace coll2bench
