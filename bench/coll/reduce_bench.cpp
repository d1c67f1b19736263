// upc_all_reduceD and upc_all_prefix_reduceD (UPC_ADD) over `shared [BLK_SIZE] double[NELEMS]`, beside the
// memory's floor, in one run:
//   pgasrun -n N reduce_bench NELEMS BLK_SIZE [ITERATIONS]   (BLK_SIZE 0: indefinite, all on thread 0)
// prints microseconds per call of each (thread 0's mean over ITERATIONS calls, default 20, after two
// uncounted ones) and of `local`: every thread summing the elements it holds through a local pointer, then
// a barrier (what a reduction of a commutative op cannot beat). MYSYNC in and out. The results are checked
// against a sequential sum (the values are small integers: every grouping sums them exactly).
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <pgas/upc.hpp>
#include <string>

using namespace pgas;

namespace {

constexpr upc_flag_t kMySync = UPC_IN_MYSYNC | UPC_OUT_MYSYNC;

template <class F>
double microseconds_per_call(int iterations, F call) {
  call(), call();
  upc_barrier;
  const auto start = std::chrono::steady_clock::now();
  for (int k = 0; k < iterations; ++k) call();
  upc_barrier;
  return std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - start).count() /
         iterations;
}

}  // namespace

int main(int argc, char **argv) {
  const bool help = argc == 2 && std::string(argv[1]) == "--help";
  if (help || argc < 3 || argc > 4) {
    std::fprintf(help ? stdout : stderr,
                 "usage: %s NELEMS BLK_SIZE [ITERATIONS]\n"
                 "Times upc_all_reduceD and upc_all_prefix_reduceD (UPC_ADD, MYSYNC) over shared [BLK_SIZE]\n"
                 "double[NELEMS] (BLK_SIZE 0: indefinite), ITERATIONS calls each (default 20), beside every\n"
                 "thread summing the elements it holds, and checks the results.\n",
                 argv[0]);
    return help ? 0 : 2;
  }
  const std::size_t n = std::strtoull(argv[1], nullptr, 10), blk = std::strtoull(argv[2], nullptr, 10);
  const int iterations = argc > 3 ? std::atoi(argv[3]) : 20;
  if (n == 0 || iterations <= 0) {
    std::fprintf(stderr, "%s: NELEMS and ITERATIONS must be positive\n", argv[0]);
    return 2;
  }
  shared_array<double> src(n, blk, "src"), dst(n, blk, "dst"), total(1, 1, "total");
  for (std::size_t i = 0; i < n; ++i)
    if (src[i].is_local()) src[i] = static_cast<double>(i % 7);
  upc_barrier;

  const double reduce_us = microseconds_per_call(
      iterations, [&] { upc_all_reduceD(total, src, UPC_ADD, n, blk, nullptr, kMySync); });
  const double prefix_us = microseconds_per_call(
      iterations, [&] { upc_all_prefix_reduceD(dst, src, UPC_ADD, n, blk, nullptr, kMySync); });
  // The elements this thread holds are contiguous in its part, from its first one.
  const double *mine = nullptr;
  std::size_t held = 0;
  for (std::size_t i = 0; i < n; ++i)
    if (src[i].is_local()) {
      if (mine == nullptr) mine = (src.ptr() + static_cast<std::ptrdiff_t>(i)).local();
      ++held;
    }
  volatile double sink = 0;
  const double local_us = microseconds_per_call(iterations, [&] {
    double sum = 0;
    for (std::size_t j = 0; j < held; ++j) sum += mine[j];
    sink = sum;
    upc_barrier;
  });

  upc_barrier;
  double expected = 0, last = 0;
  for (std::size_t i = 0; i < n; ++i) expected += static_cast<double>(i % 7);
  last = dst[n - 1];
  const bool right = static_cast<double>(total[0]) == expected && last == expected;
  if (MYTHREAD == 0)
    std::printf(
        "reduce_bench threads=%d nelems=%zu blk_size=%zu reduce_us=%.1f prefix_us=%.1f local_us=%.1f %s\n",
        THREADS, n, blk, reduce_us, prefix_us, local_us, right ? "checked" : "WRONG");
  upc_barrier;
  return right ? 0 : 1;
}
