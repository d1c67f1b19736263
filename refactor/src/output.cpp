#include "output.hpp"

#include <clang/Format/Format.h>
#include <clang/Tooling/ReplacementsYaml.h>
#include <llvm/Support/FileSystem.h>
#include <llvm/Support/MemoryBuffer.h>
#include <llvm/Support/Process.h>
#include <llvm/Support/Program.h>
#include <llvm/Support/YAMLTraits.h>
#include <llvm/Support/raw_ostream.h>

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

bool write_file(const std::string &path, const std::string &text, std::string &error) {
  llvm::SmallString<128> temp(path);
  temp += ".pgas-refactor.tmp";
  {
    std::error_code ec;
    llvm::raw_fd_ostream os(temp, ec);
    if (ec) {
      error = "cannot write " + temp.str().str() + ": " + ec.message();
      return false;
    }
    os << text;
    os.close();
    if (os.has_error()) {
      error = "cannot write " + temp.str().str() + ": " + os.error().message();
      llvm::sys::fs::remove(temp);
      return false;
    }
  }
  if (std::error_code ec = llvm::sys::fs::rename(temp, path)) {
    error = "cannot replace " + path + ": " + ec.message();
    llvm::sys::fs::remove(temp);
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
