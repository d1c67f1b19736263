#include "common/iterations.hpp"
#include "runtime/benchmarks.hpp"

namespace bench {

RemoteAccess::RemoteAccess() : x_(static_cast<std::size_t>(THREADS)) {}  // cyclic: x[t] lives on thread t

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
}

}  // namespace bench
