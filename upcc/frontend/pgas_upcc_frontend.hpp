// pgas-upcc's translation for the toolkit's other Clang tools (pgas-refactor): a UPC file as the C++ that
// pgas-upcc compiles, with the flags it compiles it with, so that a tool parses what the program runs.
// The translation's #line directives name the UPC file: a tool reads its presumed locations.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace pgas::upcc {

class TranslatedUnit;

// Translates `file` as `pgas-upcc <driver_flags> file` would (-T, -I, -D, -U, -std, -W, -f...; the link
// flags are ignored). `argv0` finds the headers as pgas-upcc does, beside the running program. On failure,
// nullopt and `error` says why: a flag (`error` names it), or the file (its diagnostics went to stderr).
std::optional<TranslatedUnit> translate_for_tools(const std::string &file,
                                                  const std::vector<std::string> &driver_flags,
                                                  const char *argv0, std::string &error);

class TranslatedUnit {
 public:
  ~TranslatedUnit();  // removes the translated headers
  TranslatedUnit(TranslatedUnit &&) noexcept;
  TranslatedUnit &operator=(TranslatedUnit &&) = delete;

  const std::string &text() const { return text_; }                 // the C++ of the UPC file
  const std::vector<std::string> &flags() const { return flags_; }  // parse it with these, then its name

 private:
  std::string text_;
  std::vector<std::string> flags_;
  std::string header_dir_;  // this unit's translated headers, or empty once moved from

  // The unit owns its header directory from the start, so that every way out of the translation removes it.
  explicit TranslatedUnit(std::string header_dir) : header_dir_(std::move(header_dir)) {}
  friend std::optional<TranslatedUnit> translate_for_tools(const std::string &,
                                                           const std::vector<std::string> &, const char *,
                                                           std::string &);
};

}  // namespace pgas::upcc
