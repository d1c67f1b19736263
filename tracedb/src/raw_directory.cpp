#include "pgas/tracedb/raw_directory.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>

namespace pgas::tracedb::raw {
namespace {

std::string octal_mode(mode_t mode) {
  char text[8];
  std::snprintf(text, sizeof text, "%04o", static_cast<unsigned>(mode & 07777));
  return text;
}

int fail(std::string *error, const std::string &what) {
  *error = what;
  return -1;
}

}  // namespace

int open_private_directory(const std::string &path, bool create, std::string *error) {
  if (create && mkdir(path.c_str(), 0700) != 0 && errno != EEXIST)
    return fail(error, path + ": cannot create: " + std::strerror(errno));
  // O_NOFOLLOW: a symbolic link is refused, not followed (ELOOP); checks go to the descriptor, which a
  // rename of the path cannot change any more.
  int fd = open(path.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
  if (fd < 0) {
    const int open_error = errno;
    struct stat link {};
    if (lstat(path.c_str(), &link) == 0 && S_ISLNK(link.st_mode))
      return fail(error, path + " is a symbolic link: refusing to write raw trace files through it");
    return fail(error, path + ": cannot open: " + std::strerror(open_error));
  }
  struct stat st {};
  std::string problem;
  if (fstat(fd, &st) != 0)
    problem = path + ": cannot stat: " + std::strerror(errno);
  else if (st.st_uid != geteuid())
    problem = path + " belongs to uid " + std::to_string(st.st_uid) + ", not to this user (uid " +
              std::to_string(geteuid()) + "): refusing to write raw trace files there";
  else if ((st.st_mode & (S_IWGRP | S_IWOTH)) != 0)
    problem = path + " is writable by other users (mode " + octal_mode(st.st_mode) +
              "): refusing to write raw trace files there";
  if (!problem.empty()) {
    close(fd);
    return fail(error, problem);
  }
  return fd;
}

int create_private_file(int dir_fd, const std::string &name, std::string *error) {
  // The directory is private, so what is in it is this user's own: an old file (or link) is just removed.
  if (unlinkat(dir_fd, name.c_str(), 0) != 0 && errno != ENOENT)
    return fail(error, name + ": cannot replace: " + std::strerror(errno));
  int fd = openat(dir_fd, name.c_str(), O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
  if (fd < 0) return fail(error, name + ": cannot create: " + std::strerror(errno));
  return fd;
}

bool holds_raw_files(const std::string &directory) {
  std::error_code ec;
  for (std::filesystem::directory_iterator it(directory, ec), end; !ec && it != end; it.increment(ec))
    if (std::string name = it->path().filename().string();
        name.starts_with("thread-") && name.ends_with(".bin"))
      return true;
  return false;
}

bool mark_in_use(int dir_fd) { return flock(dir_fd, LOCK_SH) == 0; }

bool claim_unused(int dir_fd) { return flock(dir_fd, LOCK_EX | LOCK_NB) == 0; }

std::string write_job_file(int dir_fd, const JobDescription &job) {
  std::string error;
  int fd = create_private_file(dir_fd, kJobFileName, &error);
  if (fd < 0) return error;
  const std::string text = "database=" + job.database + "\nconduit=" + job.conduit + "\n";
  bool written = write(fd, text.data(), text.size()) == static_cast<ssize_t>(text.size());
  close(fd);
  return written ? "" : std::string(kJobFileName) + ": cannot write: " + std::strerror(errno);
}

std::optional<JobDescription> read_job_file(int dir_fd) {
  int fd = openat(dir_fd, kJobFileName, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK);
  if (fd < 0) return std::nullopt;
  char buffer[8192];
  ssize_t n = read(fd, buffer, sizeof buffer);
  close(fd);
  if (n <= 0) return std::nullopt;
  JobDescription job;
  std::string text(buffer, static_cast<std::size_t>(n));
  for (std::size_t begin = 0, end; begin < text.size(); begin = end + 1) {
    end = text.find('\n', begin);
    if (end == std::string::npos) end = text.size();
    std::string line = text.substr(begin, end - begin);
    if (line.starts_with("database=")) job.database = line.substr(9);
    if (line.starts_with("conduit=")) job.conduit = line.substr(8);
  }
  if (job.database.empty()) return std::nullopt;
  return job;
}

}  // namespace pgas::tracedb::raw
