#include "temporary_database.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <vector>

namespace pgas::tracedb {
namespace {

// The temporary file of the import under way, for abandon_import_in_progress (a signal handler cannot use
// a std::string); empty when there is none.
char g_in_progress[4096];

void set_in_progress(const std::string &path) {
  if (path.size() < sizeof g_in_progress) std::memcpy(g_in_progress, path.c_str(), path.size() + 1);
}

}  // namespace

void abandon_import_in_progress() {
  if (g_in_progress[0] != '\0') unlink(g_in_progress);
}

TemporaryDatabase::TemporaryDatabase(const std::string &final_path) {
  std::string name = final_path + ".importing-XXXXXX";
  std::vector<char> buffer(name.begin(), name.end());
  buffer.push_back('\0');
  int fd = mkstemp(buffer.data());
  if (fd < 0) throw Error(final_path + ": cannot write: " + std::strerror(errno));
  path_ = buffer.data();
  set_in_progress(path_);
  // A database is readable by others as SQLite makes it (0644 less the umask); mkstemp made it 0600.
  mode_t mask = umask(0);
  umask(mask);
  fchmod(fd, 0644 & ~mask);
  close(fd);
  try {
    database_.emplace(Database::create_in_empty_file(path_));
  } catch (...) {
    unlink(path_.c_str());
    g_in_progress[0] = '\0';
    throw;
  }
}

TemporaryDatabase::~TemporaryDatabase() {
  database_.reset();
  if (!committed_) unlink(path_.c_str());
  g_in_progress[0] = '\0';
}

void TemporaryDatabase::commit_as(const std::string &final_path) {
  database_.reset();
  if (rename(path_.c_str(), final_path.c_str()) != 0)
    throw Error(final_path + ": cannot write: " + std::strerror(errno));
  committed_ = true;
}

bool written_since(const std::string &path, std::int64_t realtime_ns) {
  struct stat st {};
  if (stat(path.c_str(), &st) != 0) return false;
  std::int64_t modified = static_cast<std::int64_t>(st.st_mtim.tv_sec) * 1000000000 + st.st_mtim.tv_nsec;
  return modified >= realtime_ns;
}

}  // namespace pgas::tracedb
