// The files a translation writes: the UPC file's C++ and a copy of each of the user's headers the
// translation changed (or that includes a changed one, whose #include is then pointed at the copy). Each
// starts with a #line directive naming the original, so that diagnostics, debug information and traces
// name the user's files.
#pragma once

#include <clang/Basic/SourceManager.h>
#include <clang/Lex/PPCallbacks.h>
#include <clang/Rewrite/Core/Rewriter.h>

#include <vector>

#include "translation.hpp"

namespace pgas::upcc {

struct Inclusion {
  clang::CharSourceRange filename;  // the "name" or <name> in the directive
  const clang::FileEntry *target;
};

// Records every #include the preprocessor performs.
class InclusionRecorder : public clang::PPCallbacks {
 public:
  explicit InclusionRecorder(std::vector<Inclusion> &out) : out_(out) {}
  void InclusionDirective(clang::SourceLocation, const clang::Token &, llvm::StringRef, bool,
                          clang::CharSourceRange filename, clang::OptionalFileEntryRef file, llvm::StringRef,
                          llvm::StringRef, const clang::Module *,
                          clang::SrcMgr::CharacteristicKind) override {
    if (file) out_.push_back({filename, &file->getFileEntry()});
  }

 private:
  std::vector<Inclusion> &out_;
};

// `prelude` goes before the UPC file's text.
Translation translated_files(const clang::SourceManager &sm, clang::Rewriter &rewriter,
                             const std::vector<Inclusion> &inclusions, const TranslationRequest &request,
                             const std::string &prelude);

}  // namespace pgas::upcc
