// dp: the dot-product loop of Cong et al., section 4.3: x[i] = x[i] * y[2i], with x of n elements and y of
// 2n, both with the default (cyclic) distribution. Most y accesses are remote. Verified against a
// sequential computation.
#include <pgas/upc.hpp>
#include <string>

#include "sample.hpp"

using namespace pgas;

int dp(int n, global_ptr<int> x, global_ptr<int> y) {
  upc_forall(int i = 0, i < n, i++, &x[i]) {
    x[i] = x[i] * y[i * 2];
  }
  return 0;
}

namespace {

int initial_x(long i, long seed) { return static_cast<int>((i + seed) % 7 + 1); }
int initial_y(long i, long seed) { return static_cast<int>((i * 3 + seed) % 5 + 1); }

}  // namespace

int main(int argc, char **argv) {
  samples::CommandLine args("dp", "x[i] = x[i] * y[2i] over shared arrays x (N elements) and y (2N), both cyclic",
                            {{"--n", 100000, "elements of x"},
                             {"--repeat", 1, "times the loop runs"},
                             {"--seed", 1, "seed of the initial values"},
                             {"--inject-error", 0, "1: corrupt one result before verifying (tests the check)"}});
  args.parse(argc, argv);
  const long n = args["--n"], repeat = args["--repeat"], seed = args["--seed"];

  shared_array<int> x(static_cast<std::size_t>(n), 1, "x");
  shared_array<int> y(static_cast<std::size_t>(2 * n), 1, "y");
  upc_forall(long i = 0, i < n, i++, &x[i]) x[i] = initial_x(i, seed);
  upc_forall(long i = 0, i < 2 * n, i++, &y[i]) y[i] = initial_y(i, seed);
  upc_barrier;

  samples::Timer timer;
  for (long r = 0; r < repeat; ++r) {
    dp(static_cast<int>(n), x, y);
    upc_barrier;
  }
  double seconds = timer.seconds();

  if (args["--inject-error"] != 0 && MYTHREAD == 0) x[n / 2] = x[n / 2] + 1;
  upc_barrier;
  int status = 0;
  if (MYTHREAD == 0) {
    long errors = 0;
    for (long i = 0; i < n; ++i) {
      int expected = initial_x(i, seed);
      for (long r = 0; r < repeat; ++r) expected *= initial_y(2 * i, seed);
      if (x[i] != expected) ++errors;
    }
    status = samples::report("dp", "n=" + std::to_string(n) + " threads=" + std::to_string(THREADS) +
                                       " repeat=" + std::to_string(repeat),
                             seconds, errors == 0);
  }
  upc_barrier;
  return status;
}
