// Makes a trace with about 10^5 distinct (thread, peer, variable, site, op) rows at 8 threads: 60
// variables x 7 remote peers x 16 call sites (template instances) x 2 operations per thread. For timing
// pgas-trace-import (database writing and symbolization) in run_trace_bench.sh.
#include <pgas/upc.hpp>
#include <utility>
#include <vector>

using namespace pgas;

template <int Site>
[[gnu::noinline]] long touch(const shared_array<long> &a, long i) {
  long v = a[i];
  a[i] = v + Site;
  return v;
}

template <int... Sites>
long touch_all(const shared_array<long> &a, long i, std::integer_sequence<int, Sites...>) {
  return (touch<Sites>(a, i) + ...);
}

int main() {
  constexpr int kVariables = 60;
  std::vector<shared_array<long>> arrays;
  for (int v = 0; v < kVariables; ++v) arrays.emplace_back(static_cast<std::size_t>(THREADS));
  upc_barrier;
  long sum = 0;
  for (const auto &a : arrays)
    for (long peer = 0; peer < THREADS; ++peer)
      if (peer != MYTHREAD) sum += touch_all(a, peer, std::make_integer_sequence<int, 16>{});
  upc_barrier;
  return sum == -1;
}
