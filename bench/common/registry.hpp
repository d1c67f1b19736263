// Registration of benchmarks with fixed iteration counts. A count is never chosen adaptively: every rank
// must run exactly as many iterations as rank 0, or collective calls would not match.
#pragma once

#include <benchmark/benchmark.h>

#include <cstdint>
#include <functional>
#include <string>

namespace bench {

class Registry {
 public:
  using Body = std::function<void(benchmark::State &)>;

  // `scale` multiplies every base iteration count (--scale=F on the command line), so that slow transports
  // (MPI over TCP) or oversubscribed runs stay within a time budget without editing the benchmarks.
  explicit Registry(double scale) : scale_(scale) {}

  // Registers `name`, run for base_iterations * scale iterations (at least 1). Each iteration does
  // `ops_per_iteration` operations; the counter ops_per_iter lets readers report time per operation.
  void add(const std::string &name, std::int64_t base_iterations, std::int64_t ops_per_iteration,
           Body body) const;

 private:
  double scale_;
};

}  // namespace bench
