// One UPC file to C++: Clang's preprocessor and parser with the token pass between them (upc_tokens.hpp),
// then the AST walk (translator.hpp). Diagnostics go to stderr as Clang prints them, naming the user's
// file, line and column.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace pgas::upcc {

struct TranslationRequest {
  std::string file;                // the UPC source, as the user named it
  std::vector<std::string> flags;  // -I, -D, -U, -std, -W..., -w as given
  std::optional<long> static_threads;
  std::string parse_include_dir;    // the UPC headers (upc.h, ...) and the parse prelude
  std::string dialect_include_dir;  // pgas/..., whose C headers the UPC headers share
  // Where translated copies of the user's headers go (a header that declares shared objects, or includes
  // one that does); the translation includes them by these paths.
  std::string header_dir;
};

struct TranslatedHeader {
  std::string original, path, text;
};

struct Translation {
  std::string main;                       // the UPC file's C++
  std::vector<TranslatedHeader> headers;  // to write before compiling `main`
  std::vector<std::string> quote_dirs;    // the translated headers' own directories, for their "..." includes
};

// The C++ translation, or nullopt after an error was reported.
std::optional<Translation> translate(const TranslationRequest &request);

// The macros every UPC translation sees, in the parse and in the C++ compile: __UPC__, THREADS' kind, ...
std::vector<std::string> predefined_macros(std::optional<long> static_threads);

}  // namespace pgas::upcc
