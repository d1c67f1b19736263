#include <pgas/vector.hpp>
#include <span>

#include "common/iterations.hpp"
#include "runtime/benchmarks.hpp"

namespace bench {

RemoteAccess::RemoteAccess()
    : x_(static_cast<std::size_t>(THREADS)),  // cyclic: x[t] lives on thread t
      v_(2 * kVectorElements * static_cast<std::size_t>(THREADS)),
      vector_out_(kVectorElements) {
  for (std::size_t k = 0; k < kVectorElements; ++k)
    vector_indices_.push_back(1 + 2 * k * static_cast<std::size_t>(THREADS));  // thread 1's, every other one
}

void RemoteAccess::register_all(const Registry &registry, const Team &team) {
  registry.add("get_8B", kAccessIterations, 1, [this, &team](benchmark::State &state) {
    std::size_t target = 1;
    benchmark::DoNotOptimize(target);  // an index the compiler cannot see, as in user code
    time_on_reporter(state, team, [&] {
      std::int64_t value = x_[target];
      benchmark::DoNotOptimize(value);
    });
  });
  registry.add("put_8B", kAccessIterations, 1, [this, &team](benchmark::State &state) {
    std::size_t target = 1;
    benchmark::DoNotOptimize(target);
    std::int64_t value = 0;
    time_on_reporter(state, team, [&] { x_[target] = ++value; });
  });
  registry.add("getv_1024x8B", kVectorIterations, 1, [this, &team](benchmark::State &state) {
    time_on_reporter(state, team, [&] {
      pgas::getv(v_, 1, std::span<const std::size_t>(vector_indices_), vector_out_.data());
      benchmark::DoNotOptimize(vector_out_.data());
    });
  });
}

}  // namespace bench
