#include "pgas/tracedb/recovery.hpp"

#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <utility>

namespace pgas::tracedb {
namespace fs = std::filesystem;

LeakedRun::LeakedRun(std::string directory, raw::JobDescription job, int dir_fd)
    : directory_(std::move(directory)), job_(std::move(job)), dir_fd_(dir_fd) {}
LeakedRun::~LeakedRun() {
  if (dir_fd_ >= 0) close(dir_fd_);
}
LeakedRun::LeakedRun(LeakedRun &&other) noexcept
    : directory_(std::move(other.directory_)), job_(std::move(other.job_)), dir_fd_(other.dir_fd_) {
  other.dir_fd_ = -1;
}

namespace {

// Candidate directories: in `parent`, the entries whose name starts with `prefix`.
void add_candidates(const fs::path &parent, const std::string &prefix, std::vector<std::string> &out) {
  std::error_code ec;
  for (fs::directory_iterator it(parent, ec), end; !ec && it != end; it.increment(ec))
    if (it->path().filename().string().starts_with(prefix)) out.push_back(it->path().string());
}

}  // namespace

std::vector<LeakedRun> find_leaked_runs(const std::string &database) {
  std::vector<std::string> candidates;
  add_candidates(raw::kShmDirectory, raw::kShmPrefix, candidates);
  std::string wanted;
  if (!database.empty()) {
    std::error_code ec;
    wanted = fs::absolute(database, ec).lexically_normal().string();
    fs::path path(wanted);
    add_candidates(path.parent_path(), path.filename().string() + ".raw-", candidates);
  }
  std::sort(candidates.begin(), candidates.end());
  std::vector<LeakedRun> runs;
  for (const std::string &directory : candidates) {
    std::string ignored;  // another user's, or not a directory: not ours to recover
    int fd = raw::open_private_directory(directory, /*create=*/false, &ignored);
    if (fd < 0) continue;
    auto job = raw::read_job_file(fd);
    if (!job || (!wanted.empty() && job->database != wanted) || !raw::claim_unused(fd)) {
      close(fd);
      continue;
    }
    runs.emplace_back(directory, std::move(*job), fd);
  }
  return runs;
}

}  // namespace pgas::tracedb
