#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <numeric>
#include <random>
#include <span>

#include "common/iterations.hpp"
#include "runtime/benchmarks.hpp"

namespace bench {
namespace {

// Elements per thread: 256 KiB of int64_t, resident in the 512 KiB L2, so that the access path rather than
// DRAM latency dominates.
constexpr std::size_t kLocalElements = std::size_t{1} << 15;

}  // namespace

LocalAccess::LocalAccess()
    : x_(kLocalElements * static_cast<std::size_t>(THREADS)),
      plain_(kLocalElements),
      plain_order_(kLocalElements) {
  const auto me = static_cast<std::size_t>(MYTHREAD), threads = static_cast<std::size_t>(THREADS);
  std::span<std::int64_t> mine = x_.local_part();
  if (mine.size() != kLocalElements) {
    std::fprintf(stderr, "bench_runtime: local part has %zu elements, expected %zu\n", mine.size(),
                 kLocalElements);
    std::exit(1);
  }
  std::iota(mine.begin(), mine.end(), std::int64_t{0});
  std::iota(plain_.begin(), plain_.end(), std::int64_t{0});
  std::iota(plain_order_.begin(), plain_order_.end(), std::size_t{0});
  std::shuffle(plain_order_.begin(), plain_order_.end(), std::mt19937_64(42 + me));
  shared_order_.reserve(kLocalElements);
  for (std::size_t k : plain_order_)
    shared_order_.push_back(k * threads + me);  // cyclic: local k is global k*T+me
  if (!x_[shared_order_.front()].is_local()) {
    std::fprintf(stderr, "bench_runtime: element %zu has no affinity to thread %zu\n", shared_order_.front(),
                 me);
    std::exit(1);
  }
}

void LocalAccess::register_all(const Registry &registry, const Team &team) {
  const auto ops = static_cast<std::int64_t>(kLocalElements);
  registry.add("local_random_proxy", kLocalPasses, ops, [this, &team](benchmark::State &state) {
    time_on_reporter(state, team, [&] {
      std::int64_t sum = 0;
      for (std::size_t i : shared_order_) sum += x_[i];
      benchmark::DoNotOptimize(sum);
    });
  });
  registry.add("local_random_plain", kLocalPasses, ops, [this, &team](benchmark::State &state) {
    time_on_reporter(state, team, [&] {
      std::int64_t sum = 0;
      for (std::size_t k : plain_order_) sum += plain_[k];
      benchmark::DoNotOptimize(sum);
    });
  });
  registry.add("local_seq_proxy", kLocalPasses, ops, [this, &team](benchmark::State &state) {
    time_on_reporter(state, team, [&] {
      std::int64_t sum = 0;
      for (std::size_t i = static_cast<std::size_t>(MYTHREAD); i < x_.size();
           i += static_cast<std::size_t>(THREADS))
        sum += x_[i];
      benchmark::DoNotOptimize(sum);
    });
  });
  registry.add("local_seq_plain", kLocalPasses, ops, [this, &team](benchmark::State &state) {
    time_on_reporter(state, team, [&] {
      std::int64_t sum = 0;
      for (std::int64_t v : plain_) sum += v;
      benchmark::DoNotOptimize(sum);
    });
  });
}

}  // namespace bench
