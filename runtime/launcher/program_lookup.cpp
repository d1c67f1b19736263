#include "program_lookup.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <string_view>

namespace pgas::launcher {
namespace {

// 0 if `path` is an executable regular file, otherwise the errno execve would most likely report.
int executable_error(const std::string &path) {
  struct stat st {};
  if (stat(path.c_str(), &st) != 0) return errno;
  if (S_ISDIR(st.st_mode)) return EISDIR;
  if (!S_ISREG(st.st_mode) || access(path.c_str(), X_OK) != 0) return EACCES;
  return 0;
}

}  // namespace

std::string check_program(const std::string &program) {
  if (program.empty()) return "the program name is empty";
  if (program.find('/') != std::string::npos) {
    int error = executable_error(program);
    return error ? "cannot execute '" + program + "': " + std::strerror(error) : std::string();
  }
  const char *path_env = std::getenv("PATH");
  std::string_view path = path_env ? path_env : "/bin:/usr/bin";  // glibc's execvp default
  bool found_but_not_executable = false;
  while (true) {
    auto colon = path.find(':');
    std::string_view dir = path.substr(0, colon);
    std::string candidate = (dir.empty() ? std::string(".") : std::string(dir)) + "/" + program;
    int error = executable_error(candidate);
    if (error == 0) return {};
    found_but_not_executable |= (error == EACCES || error == EISDIR);
    if (colon == std::string_view::npos) break;
    path.remove_prefix(colon + 1);
  }
  if (found_but_not_executable) return "cannot execute '" + program + "': found in PATH but not executable";
  return "cannot find program '" + program + "' (not a file in any directory of PATH)";
}

}  // namespace pgas::launcher
