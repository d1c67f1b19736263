// A pgas-report filter that matches nothing in the trace is a typo: one line naming the value, exit 2, and
// no report (never a report of zeros that looks like an answer).
#include <gtest/gtest.h>

#include <algorithm>

#include "fixture.hpp"
#include "process.hpp"

namespace report_test {
namespace {

void expect_refused(const std::vector<std::string> &args, const std::string &message) {
  Result r = run_report(args);
  EXPECT_EQ(r.exit_code, 2) << r.out;
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.err, "pgas-report: " + message + " (see pgas-report --help)\n");
}

TEST(ReportFilterMatchesNothing, ThreadBeyondTheRun) {
  const std::string db = workspace().baseline;  // 4 threads
  expect_refused({"--thread", "99", db}, "--thread 99: no such thread in " + db + " (threads 0-3)");
  expect_refused({"--thread", "2-5", db}, "--thread 4: no such thread in " + db + " (threads 0-3)");
}

TEST(ReportFilterMatchesNothing, UnknownVariableNameOrHandle) {
  const std::string db = workspace().baseline;
  expect_refused({"--variable", "nosuch", db},
                 "--variable nosuch: no variable of that name in " + db + " (variables: D, P)");
  expect_refused({"--variable", "D,12345", db}, "--variable 12345: no variable with that handle in " + db);
}

TEST(ReportFilterMatchesNothing, OperationTheTraceNeverRecorded) {
  const std::string db = workspace().baseline;  // get, put, memget, atomic
  Result r = run_report({"--op", "putv", db});
  EXPECT_EQ(r.exit_code, 2) << r.out;
  EXPECT_EQ(r.out, "");
  EXPECT_NE(r.err.find("pgas-report: --op putv: no access of that operation in " + db + " (operations: "),
            std::string::npos)
      << r.err;
  EXPECT_NE(r.err.find("memget"), std::string::npos) << r.err;
}

TEST(ReportFilterMatchesNothing, DiffChecksBothTraces) {
  const Workspace &w = workspace();
  expect_refused({"--diff", w.baseline, w.optimized, "--variable", "nosuch"},
                 "--variable nosuch: no variable of that name in " + w.baseline + " or " + w.optimized +
                     " (variables: D, P)");
}

TEST(ReportFilterMatchesNothing, SourceRootThatDoesNotExistOrApply) {
  const Workspace &w = workspace();
  expect_refused({"--source-root", w.dir + "/nosuch", w.baseline},
                 "--source-root " + w.dir + "/nosuch: no directory " + w.dir + "/nosuch");
  expect_refused({"--source-root", "/elsewhere=" + w.sources, w.baseline},
                 "--source-root /elsewhere=" + w.sources + ": no source file recorded in " + w.baseline +
                     " starts with /elsewhere");
}

TEST(ReportFilterMatches, ValuesTheTraceHoldsAreAccepted) {
  const Workspace &w = workspace();
  for (const std::vector<std::string> &args :
       {std::vector<std::string>{"--thread", "0-3", "--variable", "D,P", "--op", "get,memget", w.baseline},
        {"--source-root", "/src=" + w.sources, "--source-root", w.sources, w.baseline},
        {"--diff", w.baseline, w.optimized, "--thread", "3", "--variable", "D"}}) {
    Result r = run_report(args);
    EXPECT_EQ(r.exit_code, 0) << r.err;
  }
}

}  // namespace
}  // namespace report_test
