// The testbed of Fessenden and Seidel, section 7: a loop of a collective call and artificial computation,
// each thread summing its time inside the collective; the slowest thread's total is the result. Options:
//   --collective broadcast|scatter|gather|gather_all|exchange|permute   --bytes N (message length)
//   --iterations N   --work N (computation per iteration: N thousand dependent multiply-adds, a fixed amount
//   of work, so that a thread that loses its core finishes it later, as on a loaded machine)
//   --uneven (one thread computes twice as long: thread 1, 2, ..., THREADS-1 in turn, never thread 0, the
//   source of the relocalizations)   --skew US (each thread starts each iteration up to US late, at random)
//   --sync all|my|no, or IN,OUT such as my,all (the UPC driver: IN and OUT mode, any of the nine)
//   --detail (each thread also prints, on stderr, how its calls' times are spread: which side waits)
// The same loop drives our UPC collectives (upc_testbed.cpp) and Open MPI's (mpi_testbed.cpp).
#pragma once

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <random>
#include <string>
#include <thread>
#include <vector>

namespace testbed {

inline const char *const kCollectives[] = {"broadcast",  "scatter",  "gather",
                                           "gather_all", "exchange", "permute"};

struct Options {
  std::string collective = "broadcast";
  std::size_t bytes = 64;
  long iterations = 1000;
  long work = 100;
  bool uneven = false;
  long skew_us = 0;
  std::string sync = "my,my";  // IN,OUT
  bool detail = false;
};

constexpr const char *kUsage =
    "usage: %s [--collective broadcast|scatter|gather|gather_all|exchange|permute] [--bytes N] "
    "[--iterations N] [--work UNITS] [--uneven] [--skew US] [--sync all|my|no|IN,OUT] [--detail]\n";

[[noreturn]] inline void usage(const char *program, const std::string &problem) {
  std::fprintf(stderr, "%s: %s\n", program, problem.c_str());
  std::fprintf(stderr, kUsage, program);
  std::exit(2);
}

[[noreturn]] inline void help(const char *program) {
  std::printf(kUsage, program);
  std::printf(
      "Times ITERATIONS calls of one collective (Fessenden and Seidel section 7) and prints the slowest\n"
      "thread's total time inside it.\n"
      "  --collective C   the collective (default broadcast)\n"
      "  --bytes N        bytes per block (default 64)\n"
      "  --iterations N   calls timed (default 1000)\n"
      "  --work UNITS     computation between calls, in thousands of dependent multiply-adds (default 100)\n"
      "  --uneven         one thread computes twice as much: thread 1, 2, ..., THREADS-1 in turn\n"
      "  --skew US        each thread starts each iteration up to US microseconds late, at random\n"
      "  --sync MODE      all, my, no, or IN,OUT of them (default my,my); the MPI peer ignores it\n"
      "  --detail         each thread also prints, on stderr, how its times per call are spread\n"
      "  --help           this text\n");
  std::exit(0);
}

inline Options parse(int argc, char **argv) {
  Options o;
  auto number = [&](int &a) {
    if (a + 1 >= argc) usage(argv[0], std::string(argv[a]) + " needs a value");
    char *end = nullptr;
    const long v = std::strtol(argv[++a], &end, 10);
    if (*end != '\0' || v < 0) usage(argv[0], std::string("'") + argv[a] + "' is not a non-negative integer");
    return v;
  };
  for (int a = 1; a < argc; ++a) {
    const std::string arg = argv[a];
    if (arg == "--help") help(argv[0]);
    if (arg == "--collective" && a + 1 < argc) {
      o.collective = argv[++a];
      bool known = false;
      for (const char *c : kCollectives) known = known || o.collective == c;
      if (!known) usage(argv[0], "unknown collective '" + o.collective + "'");
    } else if (arg == "--bytes") {
      o.bytes = static_cast<std::size_t>(number(a));
      if (o.bytes == 0) usage(argv[0], "--bytes must be at least 1");
    } else if (arg == "--iterations") {
      o.iterations = number(a);
    } else if (arg == "--work") {
      o.work = number(a);
    } else if (arg == "--skew") {
      o.skew_us = number(a);
    } else if (arg == "--uneven") {
      o.uneven = true;
    } else if (arg == "--detail") {
      o.detail = true;
    } else if (arg == "--sync" && a + 1 < argc) {
      o.sync = argv[++a];
      const std::size_t comma = o.sync.find(',');
      if (comma == std::string::npos) o.sync += "," + o.sync;
      auto mode = [](const std::string &m) { return m == "all" || m == "my" || m == "no"; };
      if (comma != std::string::npos && (!mode(o.sync.substr(0, comma)) || !mode(o.sync.substr(comma + 1))))
        usage(argv[0], "--sync is all, my, no or IN,OUT of them (e.g. my,all), not '" + o.sync + "'");
      if (comma == std::string::npos && !mode(argv[a]))
        usage(argv[0],
              "--sync is all, my, no or IN,OUT of them (e.g. my,all), not '" + std::string(argv[a]) + "'");
    } else {
      usage(argv[0], "unknown argument '" + arg + "'");
    }
  }
  return o;
}

// `units` thousand dependent multiply-adds: Fessenden and Seidel's artificial computation.
inline void compute(long units) {
  volatile double sink = 0;
  double x = 1.0;
  for (long i = 0; i < units * 1000; ++i) x = x * 1.0000001 + 1e-9;
  sink = x;
  (void)sink;
}

// Thread `me`'s calls' times (ns): their mean over the calls shorter than 20 us (the rest are mostly a lost
// CPU, not the call) and quantiles, on stderr: which side of a collective waits, and how long.
// Also the calls from 20 us on (how many, their total), the first call and the longest: in a run of a few
// hundred calls they may make most of the total.
inline void print_spread(int me, std::vector<double> ns) {
  if (ns.empty()) return;
  const double first = ns.front();
  std::sort(ns.begin(), ns.end());
  double below = 0, above = 0;
  int slow = 0;
  for (double v : ns) {
    below += v < 20000 ? v : 0;
    above += v < 20000 ? 0 : v;
    slow += v < 20000 ? 0 : 1;
  }
  auto at = [&](double q) { return ns[static_cast<std::size_t>(q * static_cast<double>(ns.size() - 1))]; };
  std::fprintf(stderr,
               "detail thread=%d mean_below_20us_ns=%.0f p25=%.0f p50=%.0f p75=%.0f p90=%.0f above_20us=%d "
               "above_20us_total_us=%.0f first_us=%.1f max_us=%.1f\n",
               me, below / static_cast<double>(ns.size()), at(0.25), at(0.5), at(0.75), at(0.9), slow,
               above / 1000, first / 1000, ns.back() / 1000);
}

// Runs the loop on thread `me` of `threads`; `collective()` is one call; returns this thread's total
// seconds inside it.
inline double run(const Options &o, int me, int threads, const std::function<void()> &collective) {
  std::mt19937 skew(static_cast<unsigned>(1234 + me));
  double inside = 0;
  std::vector<double> each;
  if (o.detail) each.reserve(static_cast<std::size_t>(o.iterations));
  for (long i = 0; i < o.iterations; ++i) {
    const bool slow = o.uneven && threads > 1 && me == 1 + static_cast<int>(i % (threads - 1));
    compute(slow ? 2 * o.work : o.work);
    if (o.skew_us > 0)
      std::this_thread::sleep_for(
          std::chrono::microseconds(std::uniform_int_distribution<long>(0, o.skew_us)(skew)));
    const auto start = std::chrono::steady_clock::now();
    collective();
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    inside += seconds;
    if (o.detail) each.push_back(seconds * 1e9);
  }
  if (o.detail) print_spread(me, std::move(each));
  return inside;
}

inline void print(const char *engine, const Options &o, int threads, double slowest) {
  std::printf(
      "%s collective=%s threads=%d bytes=%zu iterations=%ld work=%ld workload=%s skew_us=%ld "
      "sync=%s slowest_total_us=%.0f per_call_us=%.2f\n",
      engine, o.collective.c_str(), threads, o.bytes, o.iterations, o.work, o.uneven ? "uneven" : "even",
      o.skew_us, o.sync.c_str(), slowest * 1e6, slowest * 1e6 / static_cast<double>(o.iterations));
}

}  // namespace testbed
