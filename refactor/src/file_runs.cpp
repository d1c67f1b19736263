#include "file_runs.hpp"

#include <clang/Frontend/TextDiagnosticPrinter.h>
#include <clang/Tooling/ArgumentsAdjusters.h>
#include <clang/Tooling/Tooling.h>
#include <llvm/Support/MemoryBuffer.h>
#include <llvm/Support/raw_ostream.h>

#include <atomic>
#include <mutex>
#include <thread>

#include "pgas/tracedb/text.hpp"

namespace pgas::refactor {

namespace {

// Why the database has no command of its own for the file ("" if it has one). Given -p, Clang's tooling
// makes one up from the most similar file's ("inferred from ..."), whose flags rarely fit.
std::string missing_command(const clang::tooling::CompilationDatabase &database, const std::string &file) {
  llvm::Expected<std::string> path = clang::tooling::getAbsolutePath(file);
  if (!path) {
    llvm::consumeError(path.takeError());
    return "";
  }
  std::vector<clang::tooling::CompileCommand> commands = database.getCompileCommands(*path);
  const std::string hint =
      " (add it to a target of the build and configure again with -DCMAKE_EXPORT_COMPILE_COMMANDS=ON, or "
      "give its flags after --)";
  if (commands.empty()) return file + " is not in the compilation database" + hint;
  if (!commands.front().Heuristic.empty())
    return file + " is not in compile_commands.json; its flags would be " + commands.front().Heuristic + hint;
  return "";
}

AnalysedFile analyse(const clang::tooling::CompilationDatabase &database, const std::string &file,
                     const AnalysisOptions &options, llvm::raw_ostream &diagnostics) {
  AnalysedFile out;
  out.file = file;
  auto buffer = llvm::MemoryBuffer::getFile(file);
  if (!buffer) {
    out.error = "cannot read " + file + ": " + buffer.getError().message();
    return out;
  }
  out.code = (*buffer)->getBuffer().str();
  if (std::string missing = missing_command(database, file); !missing.empty()) {
    out.error = missing + "; it is left unchanged";
    return out;
  }
  clang::tooling::ClangTool tool(database, {file});
  tool.appendArgumentsAdjuster(clang::tooling::getInsertArgumentAdjuster(
      options.parse_arguments, clang::tooling::ArgumentInsertPosition::END));
  llvm::IntrusiveRefCntPtr<clang::DiagnosticOptions> diagnostic_options(new clang::DiagnosticOptions);
  clang::TextDiagnosticPrinter printer(diagnostics, diagnostic_options.get());
  tool.setDiagnosticConsumer(&printer);
  if (tool.run(make_action_factory(*options.settings, options.select,
                                   Reporting{&diagnostics, options.warnings_as_errors}, out.result)
                   .get()) != 0) {
    out.error = file + " does not parse; it is left unchanged";
    return out;
  }
  if (options.warnings_as_errors && out.result.refused > 0) {
    out.error = file + ": " + std::to_string(out.result.refused) +
                " loop(s) not rewritten, an error with --warnings-as-errors; it is left unchanged";
    return out;
  }
  if (options.require_rewrite && out.result.rewritten == 0) {
    out.error = file + ": no loop was rewritten (--require-rewrite)";
    return out;
  }
  std::string error;
  std::optional<FormattedEdit> edit = apply_edits(file, out.code, out.result.loops, options.style, error);
  if (!edit) {
    out.error = file + ": " + error;
    return out;
  }
  out.edit = std::move(*edit);
  return out;
}

}  // namespace

std::string error_line(const std::string &message) {
  return "pgas-refactor: error: " + tracedb::terminal_escape(message) + "\n";
}

std::vector<AnalysedFile> analyse_files(const clang::tooling::CompilationDatabase &database,
                                        const std::vector<std::string> &files,
                                        const AnalysisOptions &options) {
  std::vector<AnalysedFile> analysed(files.size());
  std::atomic<std::size_t> next{0};
  std::mutex printing;
  std::size_t finished = 0;
  auto work = [&] {
    for (std::size_t k = next++; k < files.size(); k = next++) {
      std::string diagnostics;
      llvm::raw_string_ostream stream(diagnostics);
      analysed[k] = analyse(database, files[k], options, stream);
      if (!analysed[k].error.empty()) stream << error_line(analysed[k].error);
      stream.flush();
      std::lock_guard<std::mutex> lock(printing);
      ++finished;
      if (files.size() > 1)
        llvm::errs() << "[" << finished << "/" << files.size() << "] " << files[k] << "\n";
      llvm::errs() << diagnostics;
      llvm::errs().flush();
    }
  };
  const unsigned threads = std::max(1u, std::min<unsigned>(options.jobs, files.size()));
  std::vector<std::thread> workers;
  for (unsigned t = 1; t < threads; ++t) workers.emplace_back(work);
  work();
  for (std::thread &w : workers) w.join();
  return analysed;
}

}  // namespace pgas::refactor
