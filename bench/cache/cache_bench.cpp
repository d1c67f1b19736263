// K random reads per thread from a cyclic shared array spread over all threads, done directly (one
// transport call per remote element) or through pgas::cache (hint all, download, get; in tiles of `chunk`).
// After one untimed run, thread 0 prints the time of the slowest thread and the transport calls per thread
// (its own):
//   bench_cache MODE K [chunk] [elements_per_thread]      MODE = direct | cache
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <pgas/cache.hpp>
#include <pgas/upc.hpp>
#include <random>
#include <vector>

using namespace pgas;

namespace {

struct result {
  long sum = 0;
  std::uint64_t calls = 0;
};

result direct(const shared_array<long> &a, const std::vector<std::size_t> &idx) {
  result r;
  for (std::size_t i : idx) {
    r.sum += a[i];
    r.calls += a.locate(i).thread != MYTHREAD;
  }
  return r;
}

result cached(const shared_array<long> &a, const std::vector<std::size_t> &idx, std::size_t chunk) {
  result r;
  cache<long> c(a, chunk);
  for (std::size_t first = 0; first < idx.size(); first += chunk) {
    const std::size_t last = std::min(idx.size(), first + chunk);
    for (std::size_t k = first; k < last; ++k) c.hint(idx[k]);
    c.download();
    for (std::size_t k = first; k < last; ++k) r.sum += c.get(idx[k]);
    c.upload();
  }
  r.calls = c.stats().transport_calls;
  return r;
}

}  // namespace

int main(int argc, char **argv) {
  if (argc < 3 || (std::strcmp(argv[1], "direct") != 0 && std::strcmp(argv[1], "cache") != 0)) {
    std::fprintf(stderr, "usage: bench_cache direct|cache K [chunk] [elements_per_thread]\n");
    return 2;
  }
  const bool use_cache = std::strcmp(argv[1], "cache") == 0;
  const auto k = static_cast<std::size_t>(std::atol(argv[2]));
  const auto chunk = static_cast<std::size_t>(argc > 3 ? std::atol(argv[3]) : 4096);
  const auto per_thread = static_cast<std::size_t>(argc > 4 ? std::atol(argv[4]) : 100000);

  shared_array<long> a(per_thread * static_cast<std::size_t>(THREADS));
  for (long &v : a.local_part()) v = 1;
  std::mt19937_64 rng(42 + static_cast<unsigned>(MYTHREAD));
  std::uniform_int_distribution<std::size_t> any(0, a.size() - 1);
  std::vector<std::size_t> idx(k);
  for (std::size_t &i : idx) i = any(rng);
  shared_array<double> seconds(static_cast<std::size_t>(THREADS));
  upc_barrier;

  auto run = [&] { return use_cache ? cached(a, idx, chunk) : direct(a, idx); };
  run();  // untimed: maps the peers' pages and warms the caches, as in a program's steady state
  upc_barrier;
  auto start = std::chrono::steady_clock::now();
  result r = run();
  seconds[static_cast<std::size_t>(MYTHREAD)] =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  upc_barrier;
  if (MYTHREAD == 0) {
    double slowest = 0;
    for (int t = 0; t < THREADS; ++t)
      slowest = std::max(slowest, double(seconds[static_cast<std::size_t>(t)]));
    std::printf("mode=%s threads=%d k=%zu time=%.6f calls=%llu sum_ok=%d\n", argv[1], THREADS, k, slowest,
                static_cast<unsigned long long>(r.calls), r.sum == static_cast<long>(k));
  }
  upc_barrier;
  return 0;
}
