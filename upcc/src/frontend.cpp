#include <llvm/Support/FileSystem.h>

#include <exception>
#include <fstream>

#include "layout.hpp"
#include "options.hpp"
#include "pgas_upcc_frontend.hpp"
#include "translation.hpp"

namespace pgas::upcc {

TranslatedUnit::TranslatedUnit(TranslatedUnit &&other) noexcept
    : text_(std::move(other.text_)),
      flags_(std::move(other.flags_)),
      header_dir_(std::move(other.header_dir_)) {
  other.header_dir_.clear();
}

TranslatedUnit::~TranslatedUnit() {
  if (!header_dir_.empty()) llvm::sys::fs::remove_directories(header_dir_, /*IgnoreErrors=*/true);
}

std::optional<TranslatedUnit> translate_for_tools(const std::string &file,
                                                  const std::vector<std::string> &driver_flags,
                                                  const char *argv0, std::string &error) {
  std::vector<std::string> words = {"pgas-upcc"};
  words.insert(words.end(), driver_flags.begin(), driver_flags.end());
  words.push_back(file);
  std::vector<char *> argv;
  for (std::string &w : words) argv.push_back(w.data());
  DriverOptions options;
  Layout layout;
  try {
    options = parse_options(static_cast<int>(argv.size()), argv.data());
    layout = find_layout(argv0);
  } catch (const std::exception &e) {
    error = e.what();
    return std::nullopt;
  }
  llvm::SmallString<256> dir;
  if (llvm::sys::fs::createUniqueDirectory("pgas-upcc-headers", dir)) {
    error = "cannot create a temporary directory";
    return std::nullopt;
  }
  TranslatedUnit unit(dir.str().str());
  TranslationRequest request{
      file,           options.parse_flags, options.static_threads, layout.upc_include, layout.dialect_include,
      dir.str().str()};
  std::optional<Translation> translation = translate(request);
  if (!translation) {
    error = file + " does not translate";
    return std::nullopt;
  }
  for (const TranslatedHeader &h : translation->headers) {
    std::ofstream out(h.path);
    if (!(out << h.text).flush()) {
      error = "cannot write " + h.path;
      return std::nullopt;
    }
  }
  unit.text_ = std::move(translation->main);
  unit.flags_ = translation_compile_flags(layout, file, translation->quote_dirs, options.static_threads);
  for (const std::string &f : options.compile_flags) unit.flags_.push_back(f);
  return unit;
}

}  // namespace pgas::upcc
