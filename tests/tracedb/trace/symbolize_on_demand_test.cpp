// A database imported with --no-symbolize is symbolized in place by the first reader that opens it
// (README, pgas-report): its lines then have files and line numbers instead of addresses.
#include <gtest/gtest.h>

#include "faults_util.hpp"
#include "pgas/tracedb/database.hpp"

namespace trace_faults {
namespace {

using pgas::tracedb::Database;

std::int64_t unsymbolized_sites(const std::string &database) {
  return Database::open(database)
      .scalar("SELECT count(*) FROM site WHERE symbolized = 0 AND module IS NOT NULL")
      .value_or(-1);
}

TEST(SymbolizeOnDemand, ReportSymbolizesAnImportWithoutSymbolization) {
  ScratchDirectory scratch("pgas-trace-on-demand-report");
  const std::string database = scratch / "x.db";
  auto run = run_preloaded(database, 2, {"PGAS_TRACE_LINES=1"});
  ASSERT_EQ(run.exit_code, 0) << run.err;
  auto import = launcher_test::run_program(kImporter, {"--no-symbolize", database});
  ASSERT_EQ(import.exit_code, 0) << import.err;
  ASSERT_GT(unsymbolized_sites(database), 0);

  auto report = launcher_test::run_program(kReport, {"--format", "csv", "--section", "lines", database});
  ASSERT_EQ(report.exit_code, 0) << report.err;
  EXPECT_NE(report.err.find("pgas-report: symbolized "), std::string::npos) << report.err;
  EXPECT_NE(report.out.find("traced_program.cpp,"), std::string::npos) << report.out;
  EXPECT_EQ(unsymbolized_sites(database), 0);

  // Once symbolized, the next report has nothing to do and says nothing.
  auto again = launcher_test::run_program(kReport, {"--format", "csv", "--section", "lines", database});
  ASSERT_EQ(again.exit_code, 0) << again.err;
  EXPECT_EQ(again.err, "");
  EXPECT_EQ(again.out, report.out);
}

}  // namespace
}  // namespace trace_faults
