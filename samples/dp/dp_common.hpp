// What dp and dp_manual share: the command line, the arrays' initial values and the verification.
#pragma once

#include <pgas/upc.hpp>
#include <string>
#include <vector>

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

// Thread 0 checks x against x[i] * y[2i]^repeat and prints the verification line; returns the exit status.
inline int verify(const std::string &name, const samples::CommandLine &args, const pgas::shared_array<int> &x,
                  double seconds) {
  const long n = args["--n"], repeat = args["--repeat"], seed = args["--seed"];
  if (args["--inject-error"] != 0 && MYTHREAD == 0) x[n / 2] = x[n / 2] + 1;
  upc_barrier;
  int status = 0;
  if (MYTHREAD == 0) {
    // x is cyclic: thread t's part holds x[t], x[t + THREADS], ...; one bulk read per thread.
    std::vector<std::vector<int>> parts(static_cast<std::size_t>(THREADS));
    for (int t = 0; t < THREADS; ++t) {
      parts[t].resize(pgas::layout::local_count(n, 1, THREADS, t));
      if (!parts[t].empty()) upc_memget(parts[t].data(), &x[t], parts[t].size() * sizeof(int));
    }
    long errors = 0;
    for (long i = 0; i < n; ++i) {
      int expected = initial_x(i, seed);
      for (long r = 0; r < repeat; ++r) expected *= initial_y(2 * i, seed);
      if (parts[i % THREADS][i / THREADS] != expected) ++errors;
    }
    status = samples::report(name,
                             "n=" + std::to_string(n) + " threads=" + std::to_string(THREADS) +
                                 " repeat=" + std::to_string(repeat),
                             seconds, errors == 0);
  }
  upc_barrier;
  return status;
}

// The whole program: parses the command line, builds the arrays, times `kernel(arrays, repeat)` and verifies.
template <class Kernel>
int run(const std::string &name, const std::string &summary, int argc, char **argv, Kernel kernel) {
  samples::CommandLine args = command_line(name, summary);
  args.parse(argc, argv);
  Arrays arrays(args["--n"], args["--seed"]);
  samples::Timer timer;
  kernel(arrays, args["--repeat"]);
  return verify(name, args, arrays.x, timer.seconds());
}

}  // namespace dp_sample
