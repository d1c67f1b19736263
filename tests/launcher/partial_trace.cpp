#include "partial_trace.hpp"

#include <gtest/gtest.h>
#include <sqlite3.h>
#include <stdlib.h>

#include <filesystem>

namespace launcher_test {
namespace {

namespace fs = std::filesystem;

// Runs a single-valued query; "" if it fails.
std::string query(sqlite3 *db, const char *sql) {
  sqlite3_stmt *statement = nullptr;
  std::string value;
  if (sqlite3_prepare_v2(db, sql, -1, &statement, nullptr) == SQLITE_OK &&
      sqlite3_step(statement) == SQLITE_ROW)
    if (const unsigned char *text = sqlite3_column_text(statement, 0))
      value = reinterpret_cast<const char *>(text);
  sqlite3_finalize(statement);
  return value;
}

}  // namespace

void expect_partial_trace(const std::string &path, int threads, const std::string &conduit) {
  ASSERT_TRUE(fs::exists(path)) << "no trace database at " << path;
  EXPECT_FALSE(fs::exists(path + ".raw")) << "the raw files were not imported";
  sqlite3 *db = nullptr;
  ASSERT_EQ(sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READONLY, nullptr), SQLITE_OK);
  EXPECT_EQ(query(db, "PRAGMA integrity_check"), "ok");
  EXPECT_EQ(query(db, "SELECT threads FROM run"), std::to_string(threads));
  EXPECT_EQ(query(db, "SELECT conduit FROM run"), conduit);
  EXPECT_EQ(query(db, "SELECT complete FROM run"), "0") << "an interrupted job's trace must be partial";
  EXPECT_EQ(query(db, "SELECT count(*) FROM thread"), std::to_string(threads));
  EXPECT_NE(query(db, "SELECT sum(count) FROM access"), "") << "the accesses made before the end are lost";
  sqlite3_close(db);
}

}  // namespace launcher_test
