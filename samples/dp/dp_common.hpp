// What dp and its variants share: the command line, the arrays' initial values and the verification (a
// Collectives 2.0 reduce).
#pragma once

#include <pgas/upc.hpp>
#include <span>
#include <string>

#include "collectives.hpp"
#include "sample.hpp"

namespace dp_sample {

inline int initial_x(long i, long seed) { return static_cast<int>((i + seed) % 7 + 1); }
inline int initial_y(long i, long seed) { return static_cast<int>((i * 3 + seed) % 5 + 1); }

inline samples::CommandLine command_line(const std::string &name, const std::string &summary) {
  return samples::CommandLine(
      name, summary,
      {{"--n", 100000, "elements of x"},
       {"--repeat", 1, "times the loop runs"},
       {"--seed", 1, "seed of the initial values"},
       {"--inject-error", 0, "1: corrupt one result before verifying (tests the check)"}});
}

// x (n elements) and y (2n), cyclic, filled with their initial values.
struct Arrays {
  Arrays(long n, long seed)
      : x(static_cast<std::size_t>(n), 1, "x"), y(static_cast<std::size_t>(2 * n), 1, "y") {
    upc_forall(long i = 0, i < n, i++, &x[i]) x[i] = initial_x(i, seed);
    upc_forall(long i = 0, i < 2 * n, i++, &y[i]) y[i] = initial_y(i, seed);
    upc_barrier;
  }
  pgas::shared_array<int> x, y;
};

// Collective. Every thread checks its own part of x against x[i] * y[2i]^repeat, computed sequentially from
// the initial values, and sums it; an upccoll_reduce to thread 0 adds up the mismatches and the sums, and
// thread 0 compares the sum with the sum of the whole expected x and prints the verification line. Returns
// the exit status.
inline int verify(const std::string &name, const samples::CommandLine &args, const pgas::shared_array<int> &x,
                  double seconds) {
  const long n = args["--n"], repeat = args["--repeat"], seed = args["--seed"];
  if (args["--inject-error"] != 0 && MYTHREAD == 0) x[n / 2] = x[n / 2] + 1;
  upc_barrier;
  const auto expected = [&](long i) {
    long value = initial_x(i, seed);
    for (long r = 0; r < repeat; ++r) value = static_cast<int>(value * initial_y(2 * i, seed));
    return value;
  };
  samples::MyBuffer<long> counts(4);  // this thread's mismatches and sum, then the totals (on thread 0)
  const std::span<int> mine = x.local_part();  // x is cyclic: x[MYTHREAD], x[MYTHREAD + THREADS], ...
  for (std::size_t l = 0; l < mine.size(); ++l) {
    if (mine[l] != expected(static_cast<long>(l) * THREADS + MYTHREAD)) ++counts[0];
    counts[1] += mine[l];
  }
  samples::check(upccoll_reduce(counts.at(0), counts.at(2), 2, UPC_LONG, UPC_ADD, 0, UPC_TEAM_ALL,
                                UPC_IN_MYSYNC | UPC_OUT_MYSYNC, nullptr),
                 "upccoll_reduce");
  int status = 0;
  if (MYTHREAD == 0) {
    long sum = 0;
    for (long i = 0; i < n; ++i) sum += expected(i);
    status = samples::report(name,
                             "n=" + std::to_string(n) + " threads=" + std::to_string(THREADS) +
                                 " repeat=" + std::to_string(repeat),
                             seconds, counts[2] == 0 && counts[3] == sum);
  }
  upc_barrier;
  return status;
}

// The whole program: parses the command line, builds the arrays, times `kernel(arrays, repeat)` and verifies.
template <class Kernel>
int run(const std::string &name, const std::string &summary, int argc, char **argv, Kernel kernel) {
  samples::CommandLine args = command_line(name, summary);
  args.parse(argc, argv);
  samples::Collectives library;
  Arrays arrays(args["--n"], args["--seed"]);
  samples::Timer timer;
  kernel(arrays, args["--repeat"]);
  return verify(name, args, arrays.x, timer.seconds());
}

}  // namespace dp_sample
