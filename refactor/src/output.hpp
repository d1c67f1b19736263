// Turning a file's loop replacements into its new text (include added, changed ranges formatted with the
// file's .clang-format), and writing the result as clang-format does: stdout, in place, a file, a diff, or
// clang-apply-replacements YAML.
#pragma once

#include <clang/Tooling/Core/Replacement.h>

#include <optional>
#include <string>

namespace pgas::refactor {

struct FormattedEdit {
  clang::tooling::Replacements replacements;  // formatted, with the include, against the original code
  std::string code;                           // the new text
};

// `style` is a clang-format style ("file" looks for .clang-format next to the file and above).
std::optional<FormattedEdit> apply_edits(const std::string &path, const std::string &code,
                                         const clang::tooling::Replacements &loops, const std::string &style,
                                         std::string &error);

// A unified diff of the two texts (with `diff -u`), labelled a/path and b/path; "" if equal.
std::string unified_diff(const std::string &path, const std::string &before, const std::string &after);

// Writes `text` to the file `path` names, as clang-format -i does: through a symbolic link to its target (the
// link stays), keeping the file's mode and, where permitted, its owner and group. The text goes to a new
// temporary file in the target's directory that is then renamed over the target, so a failure leaves the
// file as it was.
bool write_file(const std::string &path, const std::string &text, std::string &error);

// Writes the replacements of every file as one clang-apply-replacements YAML document to `path`.
bool export_fixes(const std::string &path, const std::string &main_file,
                  const std::vector<clang::tooling::Replacement> &replacements, std::string &error);

}  // namespace pgas::refactor
