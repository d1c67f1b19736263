#include "common/driver.hpp"

#include <benchmark/benchmark.h>

#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

namespace bench {
namespace {

// What non-reporting ranks report to: nothing.
class SilentReporter : public benchmark::BenchmarkReporter {
 public:
  bool ReportContext(const Context &) override { return true; }
  void ReportRuns(const std::vector<Run> &) override {}
};

struct Arguments {
  double scale = 1.0;
  std::vector<char *> passed_on;  // argv for Google Benchmark, null-terminated
};

// Takes --scale=F out; on non-reporting ranks also --benchmark_out*, so that only rank 0 writes files.
bool parse_arguments(int argc, char **argv, bool reporter, Arguments &out) {
  out.passed_on.push_back(argv[0]);
  for (int i = 1; i < argc; ++i) {
    std::string_view arg = argv[i];
    if (arg.starts_with("--scale=")) {
      char *end = nullptr;
      out.scale = std::strtod(argv[i] + 8, &end);
      if (*end != '\0' || !(out.scale > 0)) {
        std::fprintf(stderr, "%s: --scale needs a positive number, got '%s'\n", argv[0], argv[i] + 8);
        return false;
      }
    } else if (reporter || !arg.starts_with("--benchmark_out")) {
      out.passed_on.push_back(argv[i]);
    }
  }
  out.passed_on.push_back(nullptr);
  return true;
}

}  // namespace

int run_benchmarks(int argc, char **argv, const Team &team,
                   const std::function<void(const Registry &)> &register_all) {
  const bool reporter = team.rank == 0;
  Arguments args;
  if (!parse_arguments(argc, argv, reporter, args)) return 2;
  if (team.size < 2) {
    if (reporter)
      std::fprintf(stderr, "%s: needs at least 2 processes (remote accesses target rank 1)\n", argv[0]);
    return 2;
  }
  int passed_argc = static_cast<int>(args.passed_on.size()) - 1;
  benchmark::Initialize(&passed_argc, args.passed_on.data());
  if (benchmark::ReportUnrecognizedArguments(passed_argc, args.passed_on.data())) return 2;
  register_all(Registry(args.scale));
  SilentReporter silent;
  if (reporter)
    benchmark::RunSpecifiedBenchmarks();
  else
    benchmark::RunSpecifiedBenchmarks(&silent);
  benchmark::Shutdown();
  team.barrier();
  return 0;
}

}  // namespace bench
