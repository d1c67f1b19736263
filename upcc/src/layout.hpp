// Where pgas-upcc's pieces are (the UPC headers, the dialect's headers, libpgas, the compilers), found
// beside the running program in the install tree and in the build tree alike (upcc/CMakeLists.txt), and
// the flags that compile a translation as C++.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace pgas::upcc {

struct Layout {
  std::string upc_include, dialect_include, libdir, cxx, cc;
};

// Throws std::runtime_error when the headers are not where the program looks for them.
Layout find_layout(const char *argv0);

// The flags of the C++ compile of `upc_file`'s translation (language, include directories, the predefined
// macros), to be followed by the translated file's name.
std::vector<std::string> translation_compile_flags(const Layout &layout, const std::string &upc_file,
                                                   const std::vector<std::string> &quote_dirs,
                                                   std::optional<long> static_threads);

}  // namespace pgas::upcc
