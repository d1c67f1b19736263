#include "process.hpp"

#include "pgasrun_process.hpp"

namespace report_test {

Result run_report(const std::vector<std::string> &args, const std::string &cwd) {
  auto r = launcher_test::run_program(kPgasReport, args, {}, cwd);
  return {r.exit_code, r.out, r.err};
}

}  // namespace report_test
