// The main() of a multi-process benchmark: rank 0 reports through Google Benchmark's reporters, the other
// ranks run the same benchmarks silently.
#pragma once

#include <functional>

#include "common/registry.hpp"
#include "common/team.hpp"

namespace bench {

// Parses --scale=F (removed before Google Benchmark sees the arguments), registers the benchmarks with
// `register_all`, runs them on every rank and returns main's exit status. Needs at least 2 ranks.
int run_benchmarks(int argc, char **argv, const Team &team,
                   const std::function<void(const Registry &)> &register_all);

}  // namespace bench
