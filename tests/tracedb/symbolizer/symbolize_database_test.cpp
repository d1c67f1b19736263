// symbolize_database on a hand-built trace database whose sites are the test program's return addresses
// and whose variables were allocated on lines of the program or of a source file written here.
#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <optional>

#include "pgas/tracedb/symbolizer.hpp"
#include "program_run.hpp"

namespace pgas::tracedb {
namespace {

constexpr const char *kAppSource = R"(#include <pgas/upc.hpp>

struct Table {
  explicit Table(std::size_t n) : table_(n, 1, nullptr) {}
  pgas::shared_array<int> table_;
};
int main() {
  shared_array2d<float> A(rows, cols, cols);
  compute(A);
  static shared_var<long> counter;
}
)";

void add_module(Database &db, std::int64_t id, const std::string &path, const std::string &build_id) {
  db.prepare("INSERT INTO module(id, path, build_id) VALUES (?1, ?2, ?3)")
      .bind(1, id)
      .bind(2, path)
      .bind(3, build_id)
      .run();
}

void add_site(Database &db, std::int64_t id, std::int64_t module, std::uint64_t pc) {
  db.prepare("INSERT INTO site(id, module, pc) VALUES (?1, ?2, ?3)")
      .bind(1, id)
      .bind(2, module)
      .bind(3, static_cast<std::int64_t>(pc))
      .run();
}

// A site symbolized earlier, at `file`:`line`.
void add_symbolized_site(Database &db, std::int64_t id, const std::string &file, std::int64_t line) {
  db.prepare(
        "INSERT INTO site(id, module, pc, file, line, column, symbolized) VALUES (?1, 1, ?1, ?2, ?3, 0, 1)")
      .bind(1, id)
      .bind(2, file)
      .bind(3, line)
      .run();
}

void add_variable(Database &db, std::int64_t handle, std::int64_t alloc_site, const char *name = nullptr) {
  Statement insert = db.prepare(
      "INSERT INTO variable(handle, name, name_source, kind, elem_size, block, nelems, owner, alloc_site, "
      "alloc_thread) VALUES (?1, ?2, ?3, 'static', 8, 1, 16, -1, ?4, 0)");
  insert.bind(1, handle).bind(3, name ? "program" : "unknown").bind(4, alloc_site);
  if (name) insert.bind(2, name);
  insert.run();
}

struct SiteRow {
  std::optional<std::string> function, file, inline_chain;
  std::int64_t line = 0, column = 0, symbolized = 0;
};

SiteRow site_row(const Database &db, std::int64_t id) {
  Statement s =
      db.prepare("SELECT function, file, line, column, inline_chain, symbolized FROM site WHERE id = ?1");
  s.bind(1, id);
  EXPECT_TRUE(s.step()) << "site " << id;
  auto text = [&](int column) { return s.is_null(column) ? std::nullopt : std::optional(s.text(column)); };
  return {text(0), text(1), text(4), s.int64(2), s.int64(3), s.int64(5)};
}

std::pair<std::optional<std::string>, std::string> variable_row(const Database &db, std::int64_t handle) {
  Statement s = db.prepare("SELECT name, name_source FROM variable WHERE handle = ?1");
  s.bind(1, handle);
  EXPECT_TRUE(s.step()) << "variable " << handle;
  return {s.is_null(0) ? std::nullopt : std::optional(s.text(0)), s.text(1)};
}

class SymbolizeDatabaseTest : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_TRUE(run_.ok) << run_.output;
    std::filesystem::create_directories(dir_ / "src");
    std::filesystem::create_directories(dir_ / "include/pgas");
    std::ofstream(dir_ / "src/app.cpp") << kAppSource;
    std::ofstream(dir_ / "include/pgas/fake.hpp") << "handle_ = upc_alloc(8);\n";
  }

  // Sites 1-6 are the program's (read, write, inlined, plain, the allocations of D and y); 7 is in a missing
  // module, 8 in a module whose build id is not the file's; 10-15 were symbolized before.
  Database build(const std::string &name) {
    Database db = Database::create(dir_ / name);
    add_module(db, 1, run_.module_path, run_.build_id);
    add_module(db, 2, dir_ / "gone/libmissing.so", "");
    add_module(db, 3, run_.module_path, "00112233445566778899aabbccddeeff00112233");
    db.exec("INSERT INTO site(id, module, pc) VALUES (0, NULL, 0)");
    const char *names[] = {"read", "write", "inlined", "plain"};
    for (int i = 0; i < 4; ++i) add_site(db, i + 1, 1, run_.sites.at(names[i]).offset);
    add_site(db, 5, 1, run_.allocs.at("D").stack.at(0));
    add_site(db, 6, 1, run_.allocs.at("y").stack.at(0));
    add_site(db, 7, 2, 0x1234);
    add_site(db, 8, 3, run_.sites.at("read").offset);
    std::string app = dir_ / "src/app.cpp";
    add_symbolized_site(db, 10, app, 4);
    add_symbolized_site(db, 11, app, 8);
    add_symbolized_site(db, 12, app, 9);
    add_symbolized_site(db, 13, app, 99);
    add_symbolized_site(db, 14, "/old/tree/app.cpp", 10);
    add_symbolized_site(db, 15, dir_ / "include/pgas/fake.hpp", 1);
    add_variable(db, 101, 5);
    add_variable(db, 102, 6);
    add_variable(db, 103, 5, "given");
    add_variable(db, 104, 10);
    add_variable(db, 105, 11);
    add_variable(db, 106, 12);
    add_variable(db, 107, 13);
    add_variable(db, 108, 14);
    add_variable(db, 109, 7);
    add_variable(db, 110, 15);
    return db;
  }

  SymbolizeOptions options() {
    SymbolizeOptions options;
    options.source_remaps = {{"/old/tree", dir_ / "src"}};
    options.log = [this](const std::string &message) { log_.push_back(message); };
    return options;
  }

  const ProgramRun &run_ = program_run();
  pgas_test::ScratchDirectory dir_;
  std::vector<std::string> log_;
};

TEST_F(SymbolizeDatabaseTest, FillsSitesAndNamesVariables) {
  Database db = build("trace.db");
  SymbolizeCounts counts = symbolize_database(db, options());
  EXPECT_EQ(counts.sites_symbolized, 6);
  EXPECT_EQ(counts.sites_unresolved, 2);
  EXPECT_EQ(counts.names_recovered, 5);
  EXPECT_EQ(counts.names_unresolved, 3);

  SiteRow read = site_row(db, 1);
  EXPECT_EQ(read.symbolized, 1);
  ASSERT_TRUE(read.function && read.file && read.inline_chain);
  EXPECT_NE(read.function->find("read_remote("), std::string::npos) << *read.function;
  EXPECT_TRUE(read.file->ends_with("/symbolizer_program.cpp")) << *read.file;
  EXPECT_EQ(read.line, run_.sites.at("read").line);
  EXPECT_GT(read.column, 0);
  EXPECT_TRUE(read.inline_chain->starts_with(
      R"json([{"function":"pgas::shared_ref<long>::get() const","file":")json"))
      << *read.inline_chain;
  EXPECT_NE(read.inline_chain->find("symbolizer_program.cpp\",\"line\":" + std::to_string(read.line)),
            std::string::npos)
      << *read.inline_chain;

  SiteRow inlined = site_row(db, 3);
  EXPECT_EQ(inlined.line, run_.sites.at("inlined").line);
  EXPECT_NE(inlined.inline_chain->find("\"line\":" + std::to_string(run_.outer_line)), std::string::npos);
  EXPECT_EQ(site_row(db, 4).line, run_.sites.at("plain").line);
  EXPECT_EQ(site_row(db, 5).line, run_.allocs.at("D").line);

  for (std::int64_t unresolved : {0, 7, 8}) {
    SiteRow row = site_row(db, unresolved);
    EXPECT_EQ(row.symbolized, 0) << unresolved;
    EXPECT_FALSE(row.function || row.file || row.inline_chain) << unresolved;
  }

  using Row = std::pair<std::optional<std::string>, std::string>;
  EXPECT_EQ(variable_row(db, 101), Row("D", "source"));
  EXPECT_EQ(variable_row(db, 102), Row("y", "source"));
  EXPECT_EQ(variable_row(db, 103), Row("given", "program"));
  EXPECT_EQ(variable_row(db, 104), Row("table_", "source"));
  EXPECT_EQ(variable_row(db, 105), Row("A", "source"));
  EXPECT_EQ(variable_row(db, 106), Row(std::nullopt, "unknown"));  // no allocation on that line
  EXPECT_EQ(variable_row(db, 107), Row(std::nullopt, "unknown"));  // past the end of the file
  EXPECT_EQ(variable_row(db, 108), Row("counter", "source"));      // through the source remap
  EXPECT_EQ(variable_row(db, 109), Row(std::nullopt, "unknown"));  // its site could not be symbolized
  EXPECT_EQ(variable_row(db, 110), Row(std::nullopt, "unknown"));  // a line of the toolkit's headers

  std::string all_log;
  for (const std::string &line : log_) all_log += line + "\n";
  EXPECT_NE(all_log.find("gone/libmissing.so: no such file"), std::string::npos) << all_log;
  EXPECT_NE(all_log.find("differs from the traced 00112233"), std::string::npos) << all_log;
}

TEST_F(SymbolizeDatabaseTest, SecondPassChangesNothing) {
  Database db = build("trace.db");
  symbolize_database(db, options());
  SiteRow before = site_row(db, 1);
  SymbolizeCounts again = symbolize_database(db, options());
  EXPECT_EQ(again.sites_symbolized, 0);
  EXPECT_EQ(again.sites_unresolved, 2);  // retried: the module may be back
  EXPECT_EQ(again.names_recovered, 0);
  EXPECT_EQ(site_row(db, 1).inline_chain, before.inline_chain);
  EXPECT_EQ(variable_row(db, 101).first, "D");
}

TEST_F(SymbolizeDatabaseTest, ReadOnlyDatabaseThrowsAndKeepsItsRows) {
  build("trace.db");
  {
    Database read_only = Database::open(dir_ / "trace.db");
    EXPECT_THROW(symbolize_database(read_only, options()), Error);
  }
  Database db = Database::open(dir_ / "trace.db");
  EXPECT_EQ(site_row(db, 1).symbolized, 0);
  EXPECT_EQ(variable_row(db, 101).second, "unknown");
}

// Not an assertion on speed (DESIGN.md section 12): prints what 10^4 sites of one module cost, through
// Symbolizer alone (LLVM) and through symbolize_database (LLVM, JSON and SQLite updates).
TEST_F(SymbolizeDatabaseTest, TimesTenThousandSitesOfOneModule) {
  constexpr std::int64_t kSites = 10000;
  std::vector<std::uint64_t> offsets;
  std::uint64_t span = run_.text_end - run_.text_begin - 1;
  for (std::int64_t i = 0; i < kSites; ++i)
    offsets.push_back(run_.text_begin + 1 + span * static_cast<std::uint64_t>(i) / kSites);
  using Clock = std::chrono::steady_clock;
  auto ms_since = [](Clock::time_point start) {
    return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
  };

  auto start = Clock::now();
  Symbolizer symbolizer;
  std::int64_t with_lines = 0;
  for (std::uint64_t offset : offsets) with_lines += !symbolizer.frames(run_.module_path, offset).empty();
  double frames_ms = ms_since(start);

  Database db = Database::create(dir_ / "many.db");
  add_module(db, 1, run_.module_path, run_.build_id);
  db.exec("BEGIN");
  for (std::int64_t i = 0; i < kSites; ++i) add_site(db, i + 1, 1, offsets[static_cast<std::size_t>(i)]);
  db.exec("COMMIT");
  start = Clock::now();
  SymbolizeCounts counts = symbolize_database(db, options());
  double database_ms = ms_since(start);

  EXPECT_EQ(counts.sites_symbolized, with_lines);
  EXPECT_EQ(counts.sites_symbolized + counts.sites_unresolved, kSites);
  EXPECT_GT(counts.sites_symbolized, kSites / 2);
  std::printf(
      "[   TIME   ] %lld sites of one module (%lld with lines): Symbolizer::frames %.1f ms (%.1f us/site), "
      "symbolize_database %.1f ms (%.1f us/site)\n",
      static_cast<long long>(kSites), static_cast<long long>(with_lines), frames_ms,
      1000.0 * frames_ms / kSites, database_ms, 1000.0 * database_ms / kSites);
}

}  // namespace
}  // namespace pgas::tracedb
