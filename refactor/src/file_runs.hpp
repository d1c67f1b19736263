// Analysing the input files: each is parsed by a ClangTool of its own with its compile command, up to
// `jobs` files at a time. A file's diagnostics are collected and printed together when it is done, after a
// `[i/N] file` line when there are several files (run-clang-tidy's progress), so that the output of files
// analysed at the same time never interleaves.
#pragma once

#include <clang/Tooling/CompilationDatabase.h>

#include <string>
#include <vector>

#include "options.hpp"
#include "output.hpp"
#include "tool.hpp"

namespace pgas::refactor {

struct AnalysedFile {
  std::string file, code;  // the path as given, and its text
  FormattedEdit edit;      // the new text (when error is empty)
  FileResult result;
  std::string error;  // why the file is left unchanged; "" when it was analysed
};

struct AnalysisOptions {
  const Settings *settings = nullptr;
  ArraySelector select;                      // called from several threads at once with -j
  std::string style;                         // clang-format style of the rewritten loops
  std::vector<std::string> parse_arguments;  // appended to every file's compile command
  unsigned jobs = 1;
  bool warnings_as_errors = false;  // a file with a loop left untouched is an error (and left unchanged)
  bool require_rewrite = false;     // a file with no loop rewritten is an error
};

// The files in the order given. A file the compilation database has no command for, whose command would be
// borrowed from another file (clang's interpolation), is an error naming it, with a hint.
std::vector<AnalysedFile> analyse_files(const clang::tooling::CompilationDatabase &database,
                                        const std::vector<std::string> &files,
                                        const AnalysisOptions &options);

// The line pgas-refactor prints for an error (escaped for the terminal: it may quote a trace database).
std::string error_line(const std::string &message);

}  // namespace pgas::refactor
