// "file:line" of a call in the user's program, recorded with each allocation for error messages.
#pragma once

#include <source_location>
#include <string>

namespace pgas::detail {

inline std::string site_of(const std::source_location &loc) {
  std::string file = loc.file_name();
  auto slash = file.find_last_of('/');
  if (slash != std::string::npos) file.erase(0, slash + 1);
  return file + ":" + std::to_string(loc.line());
}

}  // namespace pgas::detail
