// The user's files: the UPC file and the headers it includes from outside the system's directories (not
// the C library's, nor the UPC headers', which are system headers). Only they are translated.
#pragma once

#include <clang/Basic/SourceManager.h>

namespace pgas::upcc {

// Whether `at` (a file location, or a macro location by where it is expanded) is in one of the user's files.
inline bool in_user_file(const clang::SourceManager &sm, clang::SourceLocation at) {
  if (at.isInvalid()) return false;
  const clang::SourceLocation file = sm.getExpansionLoc(at);
  return !sm.isInSystemHeader(file) && sm.getFileEntryForID(sm.getFileID(file)) != nullptr;
}

}  // namespace pgas::upcc
