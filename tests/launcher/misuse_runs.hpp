// What every "misuse stops the job" test shares: each case registered only at the thread counts it can run
// at (never registered to be skipped), named "mode_name_n4", its message pattern with the thread numbers
// filled in, and the checks of a job stopped by the runtime (exit status 70, the message, no "was not
// detected" from the program, within a time bound).
#pragma once

#include <gtest/gtest.h>

#include <cstddef>
#include <initializer_list>
#include <regex>
#include <string>
#include <tuple>
#include <vector>

#include "pgasrun_process.hpp"

namespace launcher_test {

// Every (case, thread count) with the count at least the case's `min_threads`.
template <class MisuseCase, std::size_t CaseCount>
std::vector<std::tuple<MisuseCase, int>> runs_at(const MisuseCase (&cases)[CaseCount],
                                                 std::initializer_list<int> thread_counts) {
  std::vector<std::tuple<MisuseCase, int>> runs;
  for (const MisuseCase &misuse : cases)
    for (int threads : thread_counts)
      if (threads >= misuse.min_threads) runs.emplace_back(misuse, threads);
  return runs;
}

// The test name of a (case with a `mode`, thread count) parameter: "mode_name_n4".
inline constexpr auto mode_and_threads = [](const auto &info) {
  std::string name = std::get<0>(info.param).mode;
  for (char &ch : name)
    if (ch == '-') ch = '_';
  return name + "_n" + std::to_string(std::get<1>(info.param));
};

// `pattern` with LAST1 replaced by THREADS and LAST by the last thread's number.
inline std::string with_thread_numbers(const std::string &pattern, int threads) {
  const std::string all = std::regex_replace(pattern, std::regex("LAST1"), std::to_string(threads));
  return std::regex_replace(all, std::regex("LAST"), std::to_string(threads - 1));
}

// How many "error:" lines the job printed.
inline std::size_t error_count(const std::string &err) {
  std::size_t errors = 0;
  for (std::size_t at = err.find("error:"); at != std::string::npos; at = err.find("error:", at + 1))
    ++errors;
  return errors;
}

// The job ended with exit status 70 and a line matching `pattern`, the program never reached its own
// "... was not detected" line, and it took less than `max_seconds`.
inline void expect_stopped_by_misuse(const RunResult &result, const std::string &pattern,
                                     double max_seconds = 10.0) {
  EXPECT_EQ(result.exit_code, 70) << result.err;
  EXPECT_TRUE(std::regex_search(result.err, std::regex(pattern))) << "stderr:\n"
                                                                  << result.err << "\nexpected: " << pattern;
  EXPECT_EQ(result.out.find("not detected"), std::string::npos) << result.out;
  EXPECT_LT(result.seconds, max_seconds);
}

}  // namespace launcher_test
