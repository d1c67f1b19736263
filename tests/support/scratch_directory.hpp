// Files for tests: private scratch directories and whole-file reads and writes.
#pragma once

#include <filesystem>
#include <string>

namespace pgas_test {

// A new directory under the system's temporary directory, with an unpredictable name (mkdtemp) that starts
// with `label`, mode `mode`; removed with everything in it when destroyed.
class ScratchDirectory {
 public:
  explicit ScratchDirectory(const std::string &label = "pgas-test",
                            std::filesystem::perms mode = std::filesystem::perms::owner_all);
  ~ScratchDirectory();
  ScratchDirectory(const ScratchDirectory &) = delete;
  ScratchDirectory &operator=(const ScratchDirectory &) = delete;

  const std::filesystem::path &path() const { return path_; }
  // The path of `name` inside the directory.
  std::string operator/(const std::string &name) const { return (path_ / name).string(); }

 private:
  std::filesystem::path path_;
};

// The whole contents of `path`; throws std::runtime_error naming it when it cannot be read.
std::string read_file(const std::filesystem::path &path);
// Replaces the contents of `path` with `text`; throws std::runtime_error naming it when it cannot be written.
void write_file(const std::filesystem::path &path, const std::string &text);

}  // namespace pgas_test
