// Source text lookup, run arguments, and the reader's refusals.
#include <filesystem>

#include "fixture.hpp"
#include "test_util.hpp"

namespace report_test {
namespace {

using namespace pgas::tracedb;

void update(const std::string &path, const std::string &sql) { Database::open(path, true).exec(sql); }

std::string open_error(const std::string &path) {
  try {
    TraceReader reader(path);
  } catch (const Error &e) {
    return e.what();
  }
  return "(no error)";
}

TEST(SourceFiles, MovedTreeIsFoundBySuffix) {
  SourceFiles sources({workspace().sources});
  EXPECT_EQ(sources.resolve("/src/cc/cc.cpp"), workspace().sources + "/cc/cc.cpp");
  EXPECT_EQ(sources.line("/src/cc/cc.cpp", 30), "      if (D[u] < D[v] && D[v] == D[D[v]]) {");
  EXPECT_EQ(sources.line("/src/cc/cc.cpp", 1), "// Connected components (seed 004, Figure 5), abridged.");
}

TEST(SourceFiles, PrefixReplacement) {
  SourceFiles sources({"/elsewhere=/nowhere", "/src=" + workspace().sources});
  EXPECT_EQ(sources.line("/src/cc/cc.cpp", 31), "        D[D[v]] = D[u];");
}

TEST(SourceFiles, MissingFileOrLineIsEmpty) {
  SourceFiles sources({workspace().sources});
  EXPECT_EQ(sources.resolve("/src/cc/util.hpp"), "");
  EXPECT_EQ(sources.line("/src/cc/util.hpp", 5), "");
  EXPECT_EQ(sources.line("/src/cc/cc.cpp", 0), "");
  EXPECT_EQ(sources.line("/src/cc/cc.cpp", 51), "");
  EXPECT_EQ(sources.line("", 3), "");
}

TEST(SourceFiles, WholeText) {
  SourceFiles sources({workspace().sources});
  const std::vector<std::string> &text = sources.text("/src/cc/cc.cpp");
  ASSERT_EQ(text.size(), 50u);
  EXPECT_EQ(text[30], "        D[D[v]] = D[u];");
  EXPECT_EQ(text[49], "");
  EXPECT_TRUE(sources.text("/src/cc/util.hpp").empty());
}

TEST(SourceFiles, RecordedPathWithoutRoots) {
  SourceFiles sources;
  std::string file = workspace().sources + "/cc/cc.cpp";
  EXPECT_EQ(sources.line(file, 11), "  shared_array<int> P(nvertices, nvertices / THREADS, \"P\");");
}

TEST(ReaderRun, ArgumentsAreJsonDecoded) {
  std::string path = copy_of_baseline("arguments.db");
  update(path, R"(UPDATE run SET arguments = '["a b", "q\"x", "tab\there", "\u00e9\ud83d\ude00", ""]')");
  EXPECT_EQ(TraceReader(path).run().arguments,
            (std::vector<std::string>{"a b", "q\"x", "tab\there", "\xc3\xa9\xf0\x9f\x98\x80", ""}));
  update(path, "UPDATE run SET arguments = '[]'");
  EXPECT_TRUE(TraceReader(path).run().arguments.empty());
}

TEST(ReaderRun, MalformedArgumentsAreAnError) {
  std::string path = copy_of_baseline("bad_arguments.db");
  update(path, "UPDATE run SET arguments = '[\"unterminated]'");
  TraceReader reader(path);
  try {
    reader.run();
    FAIL() << "no error";
  } catch (const Error &e) {
    EXPECT_EQ(std::string(e.what()), path + ": run.arguments is not a JSON array of strings");
  }
}

TEST(ReaderOpen, Refusals) {
  const std::string dir = workspace().dir;
  EXPECT_EQ(open_error(dir + "/absent.db"), dir + "/absent.db: no such file");
  EXPECT_EQ(open_error(dir), dir + ": is a directory, not a trace database");
  std::string newer = copy_of_baseline("newer.db");
  update(newer, "UPDATE meta SET value = '99' WHERE key = 'schema_version'");
  EXPECT_EQ(open_error(newer),
            newer + ": has schema version 99, newer than this tool reads (1); use a newer pgas-toolkit");
  std::string no_run = copy_of_baseline("no_run.db");
  update(no_run, "DELETE FROM run");
  EXPECT_EQ(open_error(no_run), no_run + ": has no run record (the import did not finish)");
}

TEST(ReaderOpen, QueriesOnDamagedTablesNameTheFile) {
  std::string path = copy_of_baseline("dropped_table.db");
  update(path, "DROP TABLE access");
  TraceReader reader(path);
  try {
    reader.lines();
    FAIL() << "no error";
  } catch (const Error &e) {
    EXPECT_EQ(std::string(e.what()).rfind(path + ": SQL error: no such table: access", 0), 0u) << e.what();
  }
}

// A cheap open skips the page check, so a truncated file opens; the first query that reads a missing page
// fails with a message naming the file, and a full open refuses it at once.
TEST(ReaderOpen, CheapOpenOfATruncatedFileFailsAtTheFirstQuery) {
  std::string path = copy_of_baseline("truncated.db");
  std::filesystem::resize_file(path, std::filesystem::file_size(path) / 2);
  EXPECT_EQ(open_error(path).rfind(path + ": is corrupt", 0), 0u) << open_error(path);
  try {
    TraceReader reader(path, TraceReader::Check::kCheap);
    reader.digest();
    reader.timeline();
    FAIL() << "no error";
  } catch (const Error &e) {
    EXPECT_EQ(std::string(e.what()).rfind(path + ": ", 0), 0u) << e.what();
  }
}

TEST(ReaderOpen, CheapOpenReadsTheSameNumbers) {
  TraceReader cheap(workspace().baseline, TraceReader::Check::kCheap);
  EXPECT_EQ(cheap.summary().totals, TraceReader(workspace().baseline).summary().totals);
}

}  // namespace
}  // namespace report_test
