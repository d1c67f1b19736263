#include "output.hpp"

#include <clang/Format/Format.h>
#include <clang/Tooling/ReplacementsYaml.h>
#include <fcntl.h>
#include <llvm/Support/FileSystem.h>
#include <llvm/Support/MemoryBuffer.h>
#include <llvm/Support/Process.h>
#include <llvm/Support/Program.h>
#include <llvm/Support/YAMLTraits.h>
#include <llvm/Support/raw_ostream.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <climits>
#include <cstdlib>
#include <cstring>

namespace pgas::refactor {

using namespace clang;

std::optional<FormattedEdit> apply_edits(const std::string &path, const std::string &code,
                                         const tooling::Replacements &loops, const std::string &style_name,
                                         std::string &error) {
  llvm::Expected<format::FormatStyle> style = format::getStyle(style_name, path, "Google", code);
  if (!style) {
    error = llvm::toString(style.takeError());
    return std::nullopt;
  }
  tooling::Replacements all = loops;
  if (!loops.empty() && code.find("pgas/refactored.hpp") == std::string::npos) {
    // An offset of UINT_MAX asks cleanupAroundReplacements to insert the include where it sorts.
    const std::string file = loops.begin()->getFilePath().str();  // as the tool named it
    if (auto err = all.add(tooling::Replacement(file, UINT_MAX, 0, "#include <pgas/refactored.hpp>"))) {
      error = llvm::toString(std::move(err));
      return std::nullopt;
    }
  }
  llvm::Expected<tooling::Replacements> cleaned = format::cleanupAroundReplacements(code, all, *style);
  if (!cleaned) {
    error = llvm::toString(cleaned.takeError());
    return std::nullopt;
  }
  llvm::Expected<tooling::Replacements> formatted = format::formatReplacements(code, *cleaned, *style);
  if (!formatted) {
    error = llvm::toString(formatted.takeError());
    return std::nullopt;
  }
  llvm::Expected<std::string> result = tooling::applyAllReplacements(code, *formatted);
  if (!result) {
    error = llvm::toString(result.takeError());
    return std::nullopt;
  }
  return FormattedEdit{*formatted, *result};
}

namespace {

bool temp_with(const std::string &text, llvm::SmallString<128> &path) {
  int fd;
  if (llvm::sys::fs::createTemporaryFile("pgas-refactor", "cpp", fd, path)) return false;
  llvm::raw_fd_ostream os(fd, true);
  os << text;
  return !os.has_error();
}

}  // namespace

std::string unified_diff(const std::string &path, const std::string &before, const std::string &after) {
  if (before == after) return {};
  llvm::SmallString<128> a, b, out;
  int fd;
  if (!temp_with(before, a) || !temp_with(after, b) ||
      llvm::sys::fs::createTemporaryFile("pgas-refactor", "diff", fd, out))
    return "pgas-refactor: cannot create temporary files for the diff\n";
  llvm::sys::Process::SafelyCloseFileDescriptor(fd);
  std::optional<std::string> diff = llvm::sys::findProgramByName("diff").get();
  const std::string la = "a/" + path, lb = "b/" + path;
  std::optional<llvm::StringRef> redirects[] = {std::nullopt, llvm::StringRef(out), std::nullopt};
  llvm::sys::ExecuteAndWait(*diff, {"diff", "-u", "--label", la, "--label", lb, a, b}, std::nullopt,
                            redirects);
  auto text = llvm::MemoryBuffer::getFile(out);
  std::string result = text ? (*text)->getBuffer().str() : std::string();
  llvm::sys::fs::remove(a);
  llvm::sys::fs::remove(b);
  llvm::sys::fs::remove(out);
  return result;
}

namespace {

// The file `path` names: a symbolic link's target (resolved), or `path` itself when nothing exists there yet.
bool write_target(const std::string &path, std::string &target, std::string &error) {
  struct stat link;
  if (lstat(path.c_str(), &link) != 0 && errno == ENOENT) {
    target = path;
    return true;
  }
  char resolved[PATH_MAX];
  if (realpath(path.c_str(), resolved) == nullptr) {
    error = "cannot write " + path + ": " + std::strerror(errno);
    return false;
  }
  target = resolved;
  return true;
}

bool write_stream(const std::string &path, const std::string &text, std::string &error) {
  std::error_code ec;
  llvm::raw_fd_ostream os(path, ec);
  if (!ec) {
    os << text;
    os.close();
    ec = os.error();
    os.clear_error();
  }
  if (ec) error = "cannot write " + path + ": " + ec.message();
  return !ec;
}

// The mode a file created by open() gets now: 0666 less the umask.
mode_t new_file_mode() {
  const mode_t mask = umask(0);
  umask(mask);
  return 0666 & ~mask;
}

}  // namespace

bool write_file(const std::string &path, const std::string &text, std::string &error) {
  std::string target;
  if (!write_target(path, target, error)) return false;
  const std::size_t slash = target.rfind('/');
  const std::string dir = slash == std::string::npos ? "." : slash == 0 ? "/" : target.substr(0, slash);
  const std::string name = target.substr(slash + 1);  // npos + 1 is 0
  const std::string unchanged = path + (target == path ? "" : " (" + target + ")") + " is left unchanged";
  struct stat old;
  const bool exists = stat(target.c_str(), &old) == 0;
  if (exists && !S_ISREG(old.st_mode)) return write_stream(target, text, error);  // a device or a pipe
  std::string temp = dir + "/." + name + ".pgas-refactor-XXXXXX";
  const int fd = mkstemp(temp.data());
  if (fd < 0) {
    error = "cannot write " + path + ": cannot create a temporary file in " + dir + ": " +
            std::strerror(errno) + "; " + unchanged;
    return false;
  }
  // Owner first: changing it may clear the set-user-ID and set-group-ID bits the mode then restores.
  // Only root may give a file away; anyone else keeps at least the group when it is one of theirs.
  if (exists && fchown(fd, old.st_uid, old.st_gid) != 0)
    (void)!fchown(fd, static_cast<uid_t>(-1), old.st_gid);
  const mode_t mode = exists ? old.st_mode & 07777 : new_file_mode();
  std::string failure;
  if (fchmod(fd, mode) != 0) failure = std::string("cannot set its mode: ") + std::strerror(errno);
  {
    llvm::raw_fd_ostream os(fd, /*shouldClose=*/true);
    if (failure.empty()) {
      os << text;
      os.flush();
      if (!os.has_error() && fsync(fd) != 0) failure = std::strerror(errno);
    }
    os.close();
    if (failure.empty() && os.has_error()) failure = os.error().message();
    os.clear_error();
  }
  if (failure.empty() && rename(temp.c_str(), target.c_str()) != 0) failure = std::strerror(errno);
  if (!failure.empty()) {
    unlink(temp.c_str());
    error = "cannot write " + path + ": " + failure + "; " + unchanged;
    return false;
  }
  return true;
}

bool export_fixes(const std::string &path, const std::string &main_file,
                  const std::vector<tooling::Replacement> &replacements, std::string &error) {
  std::error_code ec;
  llvm::raw_fd_ostream os(path, ec, llvm::sys::fs::OF_None);
  if (ec) {
    error = "cannot write " + path + ": " + ec.message();
    return false;
  }
  tooling::TranslationUnitReplacements tur;
  tur.MainSourceFile = main_file;
  tur.Replacements = replacements;
  llvm::yaml::Output yaml(os);
  yaml << tur;
  return true;
}

}  // namespace pgas::refactor
