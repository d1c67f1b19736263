// The directory that holds a run's raw recorder files, shared by the recorder (libpgas-trace.so), pgasrun
// and pgas-trace-import. Raw files live in directories that only their user can write (another user's
// symbolic link there would make a traced run overwrite its target), and a directory in use by a running
// job is locked, so that leaked directories of killed jobs can be told from live ones.
//
// No SQLite, no exceptions: the preloaded recorder links it.
#pragma once

#include <optional>
#include <string>

namespace pgas::tracedb::raw {

// The file in a raw directory that names the database the run was traced into (written by pgasrun).
inline constexpr const char *kJobFileName = "job";
// Where pgasrun puts raw directories when /dev/shm is there: "<kShmDirectory>/<kShmPrefix>XXXXXX".
inline constexpr const char *kShmDirectory = "/dev/shm";
inline constexpr const char *kShmPrefix = "pgas-trace-";

// Opens `path` as a raw directory, creating it (mode 0700) if `create` and it does not exist. An existing
// one must be a directory (not a symbolic link), owned by this user and writable by no one else. Returns a
// descriptor (O_DIRECTORY, close-on-exec), or -1 with `error` saying what is wrong with `path`.
int open_private_directory(const std::string &path, bool create, std::string *error);

// Creates the file `name` in the directory `dir_fd`: exclusively, mode 0600, never through a link. An old
// file of that name (a previous run's) is removed first. Returns a descriptor or -1 with `error` set.
int create_private_file(int dir_fd, const std::string &name, std::string *error);

// Marks the directory in use for as long as `dir_fd` stays open in this process (a shared lock).
bool mark_in_use(int dir_fd);

// Claims a directory no process is using (an exclusive lock, until `dir_fd` is closed). False if a running
// process (pgasrun, a traced thread) still holds it.
bool claim_unused(int dir_fd);

// True if `directory` holds at least one raw file ("thread-<T>.bin"): a run whose threads all died before
// tracing started leaves none, and such a directory holds nothing worth keeping.
bool holds_raw_files(const std::string &directory);

// What pgasrun records in a raw directory: the database the run was traced into, and its conduit.
struct JobDescription {
  std::string database;
  std::string conduit;
};

// Writes the job file into the directory. Returns "" or what went wrong.
std::string write_job_file(int dir_fd, const JobDescription &job);
// Reads it; nullopt if there is none or it is not one.
std::optional<JobDescription> read_job_file(int dir_fd);

}  // namespace pgas::tracedb::raw
