// Opening, creating and validating trace databases, and a thin statement wrapper over SQLite. Every failure
// is a tracedb::Error whose message is one line naming the file and what is wrong with it.
#pragma once

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

struct sqlite3;
struct sqlite3_stmt;

namespace pgas::tracedb {

inline constexpr int kSchemaVersion = 3;  // 2: sync_wait, thread and timeline time states; 3: call paths

class Error : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

class Statement {
 public:
  Statement(sqlite3 *db, std::string_view sql);
  ~Statement();
  Statement(Statement &&other) noexcept;
  Statement(const Statement &) = delete;
  Statement &operator=(const Statement &) = delete;
  Statement &operator=(Statement &&) = delete;

  // Binds parameter `index` (1-based).
  Statement &bind(int index, std::int64_t value);
  Statement &bind(int index, double value);
  Statement &bind(int index, std::string_view value);
  Statement &bind_null(int index);

  bool step();   // true while a row is available
  void run();    // steps to completion (for statements without rows)
  void reset();  // for re-use with new bindings

  std::int64_t int64(int column) const;
  double real(int column) const;
  std::string text(int column) const;  // "" for NULL
  bool is_null(int column) const;

 private:
  sqlite3 *db_;
  sqlite3_stmt *stmt_ = nullptr;
};

class Database {
 public:
  // Creates a new database at `path` with the current schema, replacing any file there.
  static Database create(const std::string &path);
  // The same in `path`, an empty file its caller just made exclusively (mkstemp), without replacing it. It
  // has no rollback journal: such a file is a temporary that becomes a database only when complete, by a
  // rename, so no other file is made beside it.
  static Database create_in_empty_file(const std::string &path);
  // Opens an existing database, checking that it is a trace database this version can read. A database
  // another process holds locked is waited for a few seconds, then reported as locked.
  static Database open(const std::string &path, bool writable = false);

  ~Database();
  Database(Database &&other) noexcept;
  Database(const Database &) = delete;
  Database &operator=(const Database &) = delete;
  Database &operator=(Database &&) = delete;

  Statement prepare(std::string_view sql) const { return Statement(db_, sql); }
  void exec(const std::string &sql) const;
  // The single value of a one-row, one-column query, if any.
  std::optional<std::int64_t> scalar(std::string_view sql) const;

  sqlite3 *handle() const { return db_; }
  const std::string &path() const { return path_; }

 private:
  Database(sqlite3 *db, std::string path) : db_(db), path_(std::move(path)) {}
  void write_schema() const;
  sqlite3 *db_;
  std::string path_;
};

// The schema (schema.sql) this library writes.
std::string_view schema_sql();

}  // namespace pgas::tracedb
