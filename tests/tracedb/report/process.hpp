// Running pgas-report as a subprocess from a test.
#pragma once

#include <string>
#include <vector>

namespace report_test {

inline constexpr const char *kPgasReport = PGAS_REPORT_PATH;

struct Result {
  int exit_code = -1;  // -S if killed by signal S
  std::string out;
  std::string err;
};

// Runs pgas-report with `args` in directory `cwd` ("" = the test's), killing it after 20 s.
Result run_report(const std::vector<std::string> &args, const std::string &cwd = "");

}  // namespace report_test
