// dp: the dot-product loop of Cong et al., section 4.3: x[i] = x[i] * y[2i], with x of n elements and y of
// 2n, both with the default (cyclic) distribution. Most y accesses are remote. Verified against a
// sequential computation.
#include <pgas/upc.hpp>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

using namespace pgas;

int dp(int n, global_ptr<int> x, global_ptr<int> y) {
  upc_forall(int i = 0, i < n, i++, &x[i]) {
    x[i] = x[i] * y[i * 2];
  }
  return 0;
}

namespace {

int initial_x(long i) { return static_cast<int>(i % 7 + 1); }
int initial_y(long i) { return static_cast<int>(i % 5 + 1); }

void usage(FILE *out) {
  std::fprintf(out,
               "usage: dp [--n N] [--repeat R]\n"
               "  x[i] = x[i] * y[2i] over shared arrays x (N elements) and y (2N), both cyclic.\n"
               "  --n N       elements of x (default 100000)\n"
               "  --repeat R  times the loop runs (default 1)\n"
               "Prints the verification (PASSED/FAILED against a sequential run) and the loop time.\n");
}

}  // namespace

int main(int argc, char **argv) {
  long n = 100000, repeat = 1;
  for (int a = 1; a < argc; ++a) {
    std::string arg = argv[a];
    auto number = [&](long &out) {
      char *end = nullptr;
      if (a + 1 >= argc || (out = std::strtol(argv[++a], &end, 10), *end != '\0') || out < 1) {
        std::fprintf(stderr, "dp: %s needs a positive integer\n", arg.c_str());
        std::exit(2);
      }
    };
    if (arg == "--n") number(n);
    else if (arg == "--repeat") number(repeat);
    else if (arg == "-h" || arg == "--help") {
      usage(stdout);
      return 0;
    } else {
      std::fprintf(stderr, "dp: unknown argument '%s'\n", arg.c_str());
      usage(stderr);
      return 2;
    }
  }

  shared_array<int> x(static_cast<std::size_t>(n), 1, "x");
  shared_array<int> y(static_cast<std::size_t>(2 * n), 1, "y");
  upc_forall(long i = 0, i < n, i++, &x[i]) x[i] = initial_x(i);
  upc_forall(long i = 0, i < 2 * n, i++, &y[i]) y[i] = initial_y(i);
  upc_barrier;

  auto start = std::chrono::steady_clock::now();
  for (long r = 0; r < repeat; ++r) {
    dp(static_cast<int>(n), x, y);
    upc_barrier;
  }
  double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();

  if (MYTHREAD == 0) {
    long errors = 0;
    for (long i = 0; i < n; ++i) {
      long expected = initial_x(i);
      for (long r = 0; r < repeat; ++r) expected *= initial_y(2 * i);
      if (x[i] != static_cast<int>(expected)) ++errors;
    }
    std::printf("dp: n=%ld threads=%d repeat=%ld time=%.6f s verification=%s\n", n, THREADS, repeat, seconds,
                errors == 0 ? "PASSED" : "FAILED");
    if (errors != 0) return 1;
  }
  return 0;
}
