#include "layout.hpp"

#include <llvm/Support/FileSystem.h>
#include <llvm/Support/Path.h>

#include <cstdlib>
#include <stdexcept>

#include "translation.hpp"

namespace pgas::upcc {

Layout find_layout(const char *argv0) {
  Layout l;
  std::string self = llvm::sys::fs::getMainExecutable(argv0, reinterpret_cast<void *>(&find_layout));
  llvm::SmallString<256> bindir(llvm::sys::path::parent_path(self));
  llvm::SmallString<256> include(bindir), lib(bindir);
  llvm::sys::path::append(include, PGAS_INCLUDEDIR_FROM_BINDIR);
  llvm::sys::path::remove_dots(include, true);
  llvm::sys::path::append(lib, PGAS_LIBDIR_FROM_BINDIR);
  llvm::sys::path::remove_dots(lib, true);
  l.upc_include = (include + "/pgas-upcc").str();
  l.dialect_include = include.str().str();
  if (!llvm::sys::fs::exists(l.upc_include + "/upc.h") ||
      !llvm::sys::fs::exists(l.dialect_include + "/pgas/upc.hpp"))
    throw std::runtime_error("the UPC headers are not in " + l.upc_include + " and " + l.dialect_include +
                             ", where pgas-upcc looks for them beside its own directory");
  l.libdir = lib.str().str();
  const char *cxx = std::getenv("PGAS_UPCC_CXX");
  l.cxx = cxx && *cxx ? cxx : PGAS_UPCC_CLANG_BINDIR "/clang++";
  const char *cc = std::getenv("PGAS_UPCC_CC");
  l.cc = cc && *cc ? cc : PGAS_UPCC_CLANG_BINDIR "/clang";
  return l;
}

std::vector<std::string> translation_compile_flags(const Layout &layout, const std::string &upc_file,
                                                   const std::vector<std::string> &quote_dirs,
                                                   std::optional<long> static_threads) {
  const std::string dir = llvm::sys::path::parent_path(upc_file).str();
  std::vector<std::string> flags = {"-std=c++20", "-x", "c++", "-iquote", dir.empty() ? "." : dir};
  for (const std::string &d : quote_dirs) flags.insert(flags.end(), {"-iquote", d});
  // C's `register` is no C++17 keyword, and "%"PRIu64 no C++11 literal; the parse gave C's warnings.
  flags.insert(flags.end(), {"-I", layout.upc_include, "-I", layout.dialect_include, "-w", "-Wno-register",
                             "-Wno-reserved-user-defined-literal"});
  for (const std::string &m : predefined_macros(static_threads)) flags.push_back(m);
  return flags;
}

}  // namespace pgas::upcc
