// pgas-report on bad inputs and bad command lines: one line on stderr, exit status 2, never a crash.
#include <gtest/gtest.h>

#include <algorithm>

#include "fixture.hpp"
#include "pgas/tracedb/database.hpp"
#include "process.hpp"

namespace report_test {
namespace {

// Runs pgas-report on `args`, expecting exit 2, no output and exactly one line on stderr; returns it.
std::string refusal(const std::vector<std::string> &args) {
  Result r = run_report(args);
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  EXPECT_EQ(r.err.back(), '\n');
  return r.err.substr(0, r.err.size() - 1);
}

TEST(ReportBadInput, MissingFile) {
  std::string path = workspace().dir + "/absent.db";
  EXPECT_EQ(refusal({path}), "pgas-report: " + path + ": no such file");
}

TEST(ReportBadInput, TextFile) {
  std::string path = workspace().dir + "/notes.txt";
  write_file(path, "this is not a database\n");
  EXPECT_EQ(refusal({path}), "pgas-report: " + path + ": is not a trace database (not an SQLite file)");
}

TEST(ReportBadInput, TruncatedDatabase) {
  std::string path = workspace().dir + "/truncated.db";
  write_file(path, read_file(workspace().baseline).substr(0, 1000));
  EXPECT_EQ(refusal({path}),
            "pgas-report: " + path + ": is corrupt or truncated (database disk image is malformed)");
}

TEST(ReportBadInput, CorruptDatabase) {
  std::string path = workspace().dir + "/corrupt.db";
  std::string bytes = read_file(workspace().baseline);
  ASSERT_GT(bytes.size(), 3 * 4096u);
  for (std::size_t i = 4096 + 8; i < 3 * 4096; ++i) bytes[i] = static_cast<char>(0xA5 ^ i);  // pages 2 and 3
  write_file(path, bytes);
  std::string line = refusal({path});
  EXPECT_EQ(line.rfind("pgas-report: " + path + ": is corrupt", 0), 0u) << line;
}

TEST(ReportBadInput, NewerSchema) {
  std::string path = copy_of_baseline("newer.db");
  pgas::tracedb::Database::open(path, true).exec("UPDATE meta SET value = '99' WHERE key = 'schema_version'");
  EXPECT_EQ(refusal({path}),
            "pgas-report: " + path +
                ": has schema version 99, newer than this tool reads (3); use a newer pgas-toolkit");
}

TEST(ReportBadInput, Directory) {
  std::string path = workspace().dir;
  EXPECT_EQ(refusal({path}), "pgas-report: " + path + ": is a directory, not a trace database");
}

TEST(ReportBadInput, SecondDatabaseOfDiff) {
  std::string path = workspace().dir + "/absent.db";
  EXPECT_EQ(refusal({"--diff", workspace().baseline, path}), "pgas-report: " + path + ": no such file");
}

TEST(ReportBadFlags, EachIsOneLineAndStatus2) {
  const std::string db = workspace().baseline;
  const std::vector<std::pair<std::vector<std::string>, std::string>> cases = {
      {{"--frobnicate", db}, "unknown option '--frobnicate'"},
      {{"--top", "many", db}, "--top expects a non-negative integer, not 'many'"},
      {{"--thread", "1,x", db}, "--thread expects a non-negative integer, not 'x'"},
      {{"--thread", "5-2", db}, "--thread: bad range '5-2'"},
      {{"--op", "fetch", db},
       "--op: unknown operation 'fetch' (one of: get, put, get_strict, put_strict, memget, "
       "memput, getv, putv, accv, get_nb, put_nb, getv_nb, putv_nb, atomic, memput_signal, memget_signal, "
       "sem_post, sem_wait, test, coll_recv; each also with a cache_ prefix)"},
      {{"--format", "xml", db}, "--format: unknown value 'xml' (one of: csv, json, table)"},
      {{"--section", "lines,heat", db},
       "--section: unknown value 'heat' (one of: imbalance, lines, ops, pairs, paths, summary, sync, "
       "threads, variables)"},
      {{db, "--top"}, "--top needs a value"},
      {{}, "no trace database given"},
      {{db, db}, "more than one database given (compare two with --diff A.db B.db)"},
      {{"--diff", db}, "--diff needs two databases: --diff A.db B.db"},
      {{"--diff", db, db, db}, "--diff compares exactly two databases; give no other"},
  };
  for (const auto &[args, message] : cases)
    EXPECT_EQ(refusal(args), "pgas-report: " + message + " (see pgas-report --help)");
}

TEST(ReportFlags, HelpDocumentsEveryFlag) {
  Result r = run_report({"--help"});
  EXPECT_EQ(r.exit_code, 0);
  for (const char *flag :
       {"--top N", "--thread T", "--variable NAME", "--op OP", "--format FORMAT", "--section NAME",
        "--source-root DIR", "--diff A.db B.db", "-h, --help", "--version"})
    EXPECT_NE(r.out.find(flag), std::string::npos) << flag;
  EXPECT_EQ(run_report({"-h"}).out, r.out);
}

TEST(ReportFlags, Version) {
  Result r = run_report({"--version"});
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(r.out.rfind("pgas-report ", 0), 0u) << r.out;
}

}  // namespace
}  // namespace report_test
