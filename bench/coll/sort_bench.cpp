// upc_all_sort against the algorithm it replaced, side by side in one run:
//   pgasrun -n N sort_bench NELEMS [REPEATS] [BLK_SIZE]
// sorts NELEMS random ints of `shared [BLK_SIZE] int` (default: the blocked layout, ceil(NELEMS / THREADS))
// REPEATS times (default 5) with each, ALLSYNC in and out, and prints the median milliseconds of each and
// their ratio. "thread0" is the former upc_all_sort written with the same transfers at user level: thread 0
// reads every block, stable-sorts an index with the comparison on pointers-to-shared into the array and
// writes the blocks back while the others wait at a barrier. Both results are checked against each other.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <numeric>
#include <pgas/upc.hpp>
#include <random>
#include <vector>

using namespace pgas;

namespace {

int by_value(global_ptr<void> a, global_ptr<void> b) {
  const int x = *global_ptr<int>(a, 1), y = *global_ptr<int>(b, 1);
  return (x > y) - (x < y);
}

// The blocks of the array: [first, first + count) elements on one thread.
template <class F>
void each_block(std::size_t n, std::size_t blk, F f) {
  for (std::size_t i = 0; i < n;) {
    const std::size_t count = blk == 0 ? n : std::min(blk - i % blk, n - i);
    f(i, count);
    i += count;
  }
}

void thread0_sort(shared_array<int> &a, std::size_t n, std::size_t blk) {
  upc_barrier;
  if (MYTHREAD == 0) {
    std::vector<int> values(n);
    each_block(n, blk, [&](std::size_t i, std::size_t count) {
      upc_memget(values.data() + i, a.ptr() + static_cast<std::ptrdiff_t>(i), count * sizeof(int));
    });
    std::vector<global_ptr<void>> element(n);
    for (std::size_t i = 0; i < n; ++i) element[i] = a.ptr() + static_cast<std::ptrdiff_t>(i);
    std::vector<std::size_t> order(n);
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::stable_sort(order.begin(), order.end(),
                     [&](std::size_t x, std::size_t y) { return by_value(element[x], element[y]) < 0; });
    std::vector<int> sorted(n);
    for (std::size_t i = 0; i < n; ++i) sorted[i] = values[order[i]];
    each_block(n, blk, [&](std::size_t i, std::size_t count) {
      upc_memput(a.ptr() + static_cast<std::ptrdiff_t>(i), sorted.data() + i, count * sizeof(int));
    });
  }
  upc_barrier;
}

void fill(shared_array<int> &a, std::size_t n, unsigned seed) {
  std::mt19937 gen(seed);
  for (std::size_t i = 0; i < n; ++i) {
    const int v = static_cast<int>(gen() % 1000000);
    if (a[i].is_local()) a[i] = v;
  }
  upc_barrier;
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

}  // namespace

int main(int argc, char **argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: pgasrun -n N sort_bench NELEMS [REPEATS] [BLK_SIZE]\n");
    return 2;
  }
  const std::size_t n = std::strtoull(argv[1], nullptr, 10), T = static_cast<std::size_t>(THREADS);
  const int repeats = argc > 2 ? std::atoi(argv[2]) : 5;
  const std::size_t blk = argc > 3 ? std::strtoull(argv[3], nullptr, 10) : (n + T - 1) / T;
  if (n == 0 || repeats < 1) {
    std::fprintf(stderr, "sort_bench: NELEMS and REPEATS must be positive\n");
    return 2;
  }
  shared_array<int> a(n, blk), b(n, blk);
  std::vector<double> old_ms, new_ms;
  for (int r = 0; r < repeats; ++r) {
    fill(a, n, 1000u + static_cast<unsigned>(r));
    upc_tick_t start = upc_ticks_now();
    thread0_sort(a, n, blk);
    old_ms.push_back(static_cast<double>(upc_ticks_to_ns(upc_ticks_now() - start)) / 1e6);
    fill(b, n, 1000u + static_cast<unsigned>(r));
    start = upc_ticks_now();
    upc_all_sort(b, sizeof(int), n, blk, &by_value, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    new_ms.push_back(static_cast<double>(upc_ticks_to_ns(upc_ticks_now() - start)) / 1e6);
  }
  std::size_t wrong = 0;
  for (std::size_t i = 0; i < n; ++i)
    if (a[i].is_local() && int(a[i]) != int(b[i])) ++wrong;
  if (wrong != 0) {
    std::fprintf(stderr, "sort_bench: thread %d: %zu elements differ between the two sorts\n", MYTHREAD,
                 wrong);
    return 1;
  }
  upc_barrier;
  if (MYTHREAD == 0)
    std::printf("threads=%d nelems=%zu blk_size=%zu thread0_ms=%.3f upc_all_sort_ms=%.3f speedup=%.2f\n",
                THREADS, n, blk, median(old_ms), median(new_ms), median(old_ms) / median(new_ms));
  return 0;
}
