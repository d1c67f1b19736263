#include "pgas/tracedb/database.hpp"

#include <sqlite3.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>

namespace pgas::tracedb {
namespace {

[[noreturn]] void fail(const std::string &path, const std::string &what) { throw Error(path + ": " + what); }

// A database another process is writing (pgas-trace-import symbolizing it, a second import) is waited
// for this long before it is reported as locked.
constexpr int kBusyTimeoutMs = 5000;

bool is_locked(sqlite3 *db) {
  int code = db ? sqlite3_errcode(db) : SQLITE_NOMEM;
  return code == SQLITE_BUSY || code == SQLITE_LOCKED;
}

std::string locked_message() {
  return "is locked by another process (waited " + std::to_string(kBusyTimeoutMs / 1000) +
         " s); try again when it has finished writing";
}

std::string sqlite_message(sqlite3 *db) {
  if (is_locked(db)) {
    const char *file = sqlite3_db_filename(db, "main");
    return std::string(file && *file ? file : "the database") + " " + locked_message();
  }
  return db ? sqlite3_errmsg(db) : "out of memory";
}

// Opens `path` with SQLite, waiting kBusyTimeoutMs for a lock held by another process.
sqlite3 *open_sqlite(const std::string &path, int flags, const char *what) {
  sqlite3 *db = nullptr;
  if (sqlite3_open_v2(path.c_str(), &db, flags, nullptr) != SQLITE_OK) {
    std::string message = sqlite_message(db);
    sqlite3_close(db);
    fail(path, std::string(what) + ": " + message);
  }
  sqlite3_busy_timeout(db, kBusyTimeoutMs);
  return db;
}

// SQLite opens anything lazily: check the file's own header so that a text file or a truncated database
// gets a clear message instead of a confusing one at the first query.
void check_is_sqlite(const std::string &path) {
  std::error_code ec;
  if (!std::filesystem::exists(path, ec)) fail(path, "no such file");
  if (std::filesystem::is_directory(path, ec)) fail(path, "is a directory, not a trace database");
  std::ifstream in(path, std::ios::binary);
  if (!in) fail(path, "cannot be read");
  char header[16] = {};
  in.read(header, sizeof header);
  if (in.gcount() < 16 || std::string_view(header, 15) != "SQLite format 3")
    fail(path, "is not a trace database (not an SQLite file)");
}

}  // namespace

Statement::Statement(sqlite3 *db, std::string_view sql) : db_(db) {
  if (sqlite3_prepare_v2(db, sql.data(), static_cast<int>(sql.size()), &stmt_, nullptr) != SQLITE_OK)
    throw Error("SQL error: " + sqlite_message(db) + " in: " + std::string(sql.substr(0, 120)));
}
Statement::~Statement() { sqlite3_finalize(stmt_); }
Statement::Statement(Statement &&other) noexcept : db_(other.db_), stmt_(other.stmt_) {
  other.stmt_ = nullptr;
}

Statement &Statement::bind(int index, std::int64_t value) {
  sqlite3_bind_int64(stmt_, index, value);
  return *this;
}
Statement &Statement::bind(int index, double value) {
  sqlite3_bind_double(stmt_, index, value);
  return *this;
}
Statement &Statement::bind(int index, std::string_view value) {
  sqlite3_bind_text(stmt_, index, value.data(), static_cast<int>(value.size()), SQLITE_TRANSIENT);
  return *this;
}
Statement &Statement::bind_null(int index) {
  sqlite3_bind_null(stmt_, index);
  return *this;
}

bool Statement::step() {
  int rc = sqlite3_step(stmt_);
  if (rc == SQLITE_ROW) return true;
  if (rc == SQLITE_DONE) return false;
  throw Error("SQL error: " + sqlite_message(db_));
}
void Statement::run() {
  while (step()) {
  }
}
void Statement::reset() {
  sqlite3_reset(stmt_);
  sqlite3_clear_bindings(stmt_);
}

std::int64_t Statement::int64(int column) const { return sqlite3_column_int64(stmt_, column); }
double Statement::real(int column) const { return sqlite3_column_double(stmt_, column); }
std::string Statement::text(int column) const {
  const unsigned char *t = sqlite3_column_text(stmt_, column);
  return t ? reinterpret_cast<const char *>(t) : "";
}
bool Statement::is_null(int column) const { return sqlite3_column_type(stmt_, column) == SQLITE_NULL; }

Database Database::create(const std::string &path) {
  std::error_code ec;
  std::filesystem::remove(path, ec);
  Database database(open_sqlite(path, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, "cannot create"), path);
  database.write_schema();
  return database;
}

Database Database::create_in_empty_file(const std::string &path) {
  Database database(open_sqlite(path, SQLITE_OPEN_READWRITE, "cannot create"), path);
  database.exec("PRAGMA journal_mode = OFF");
  database.write_schema();
  return database;
}

void Database::write_schema() const {
  exec(std::string(schema_sql()));
  exec("INSERT INTO meta(key, value) VALUES ('schema_version', '" + std::to_string(kSchemaVersion) +
       "'), ('created_by', 'pgas-toolkit tracedb')");
}

Database Database::open(const std::string &path, bool writable) {
  check_is_sqlite(path);
  sqlite3 *db = open_sqlite(path, writable ? SQLITE_OPEN_READWRITE : SQLITE_OPEN_READONLY, "cannot open");
  Database database(db, path);
  std::optional<std::int64_t> version;
  try {
    if (database.scalar("SELECT count(*) FROM sqlite_master WHERE name = 'meta'").value_or(0) == 0)
      fail(path, "is an SQLite file but not a trace database (no meta table)");
    version = database.scalar("SELECT CAST(value AS INTEGER) FROM meta WHERE key = 'schema_version'");
  } catch (const Error &e) {
    if (std::string(e.what()).rfind(path, 0) == 0) throw;
    if (is_locked(db)) fail(path, locked_message());
    fail(path, "is corrupt or truncated (" + sqlite_message(db) + ")");
  }
  if (!version) fail(path, "has no schema_version: not a trace database");
  if (*version > kSchemaVersion)
    fail(path, "has schema version " + std::to_string(*version) + ", newer than this tool reads (" +
                   std::to_string(kSchemaVersion) + "); use a newer pgas-toolkit");
  if (*version < 1) fail(path, "has an invalid schema version " + std::to_string(*version));
  return database;
}

Database::~Database() {
  if (db_) sqlite3_close(db_);
}
Database::Database(Database &&other) noexcept : db_(other.db_), path_(std::move(other.path_)) {
  other.db_ = nullptr;
}

void Database::exec(const std::string &sql) const {
  char *message = nullptr;
  if (sqlite3_exec(db_, sql.c_str(), nullptr, nullptr, &message) != SQLITE_OK) {
    std::string text = message && !is_locked(db_) ? message : sqlite_message(db_);
    sqlite3_free(message);
    throw Error(path_ + ": SQL error: " + text);
  }
}

std::optional<std::int64_t> Database::scalar(std::string_view sql) const {
  Statement s = prepare(sql);
  if (!s.step() || s.is_null(0)) return std::nullopt;
  return s.int64(0);
}

}  // namespace pgas::tracedb
