#include "common/registry.hpp"

#include <algorithm>
#include <cmath>
#include <utility>

namespace bench {

void Registry::add(const std::string &name, std::int64_t base_iterations, std::int64_t ops_per_iteration,
                   Body body) const {
  const auto iterations =
      std::max<std::int64_t>(1, std::llround(static_cast<double>(base_iterations) * scale_));
  benchmark::RegisterBenchmark(name.c_str(),
                               [body = std::move(body), ops_per_iteration](benchmark::State &state) {
                                 body(state);
                                 state.counters["ops_per_iter"] = static_cast<double>(ops_per_iteration);
                               })
      ->Iterations(iterations)
      ->UseRealTime()
      ->Unit(benchmark::kNanosecond);
}

}  // namespace bench
