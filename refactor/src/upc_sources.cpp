#include "upc_sources.hpp"

#include <clang/Tooling/ArgumentsAdjusters.h>
#include <llvm/Support/FileSystem.h>

#if PGAS_REFACTOR_UPC
#include "pgas_upcc_frontend.hpp"
#endif

namespace pgas::refactor {

using namespace clang;

namespace {

bool run_tool(tooling::ClangTool &tool, const std::vector<std::string> &arguments,
              tooling::FrontendActionFactory &factory) {
  tool.appendArgumentsAdjuster(
      tooling::getInsertArgumentAdjuster(arguments, tooling::ArgumentInsertPosition::END));
  return tool.run(&factory) == 0;
}

}  // namespace

bool is_upc_file(const std::string &file) { return llvm::StringRef(file).endswith(".upc"); }

bool run_on_file(const tooling::CompilationDatabase &database, const std::string &file,
                 const std::vector<std::string> &arguments, const std::vector<std::string> &upcc_flags,
                 tooling::FrontendActionFactory &factory, std::string &error) {
  if (!is_upc_file(file)) {
    tooling::ClangTool tool(database, {file});
    if (run_tool(tool, arguments, factory)) return true;
    error = file + " does not parse";
    return false;
  }
#if PGAS_REFACTOR_UPC
  std::optional<upcc::TranslatedUnit> unit =
      upcc::translate_for_tools(file, upcc_flags, "pgas-refactor", error);
  if (!unit) return false;
  // The translation is parsed in the UPC file's place, so that its own name is the one the tool reads.
  llvm::SmallString<256> absolute(file);
  llvm::sys::fs::make_absolute(absolute);
  tooling::FixedCompilationDatabase translated(".", unit->flags());
  tooling::ClangTool tool(translated, {absolute.str().str()});
  tool.mapVirtualFile(absolute, unit->text());
  if (run_tool(tool, arguments, factory)) return true;
  error = file + ": its translation does not parse as C++ (pgas-upcc -save-temps keeps it to read)";
  return false;
#else
  (void)upcc_flags;
  (void)factory;
  error = file + " is a UPC file, and this pgas-refactor was built without pgas-upcc (PGAS_BUILD_UPCC)";
  return false;
#endif
}

}  // namespace pgas::refactor
