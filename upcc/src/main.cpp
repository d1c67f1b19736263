// pgas-upcc: the UPC compiler driver. Each UPC file is translated in-process (translation.hpp), then the
// C++, C and C++ sources are compiled and linked with libpgas by Clang.
#include <llvm/Support/FileSystem.h>
#include <llvm/Support/Path.h>
#include <llvm/Support/Program.h>
#include <llvm/Support/raw_ostream.h>

#include <cstdio>
#include <fstream>
#include <iostream>
#include <stdexcept>

#include "common/shell_words.hpp"
#include "layout.hpp"
#include "options.hpp"
#include "translation.hpp"

namespace pgas::upcc {
namespace {

std::string stem(const std::string &path) { return llvm::sys::path::stem(path).str(); }
std::string filename(const std::string &path) { return llvm::sys::path::filename(path).str(); }

std::string temporary(const std::string &base, const char *suffix, std::vector<std::string> &temporaries) {
  llvm::SmallString<256> path;
  if (llvm::sys::fs::createTemporaryFile("pgas-upcc-" + base, suffix, path))
    throw std::runtime_error("cannot create a temporary file for " + base);
  temporaries.push_back(path.str().str());
  return path.str().str();
}

class Driver {
 public:
  Driver(DriverOptions options, Layout layout) : o_(std::move(options)), l_(std::move(layout)) {}
  ~Driver() {
    for (const std::string &t : temporaries_) llvm::sys::fs::remove(t);
    if (!headers_.empty()) llvm::sys::fs::remove(headers_);
  }

  int run() {
    std::vector<std::string> objects;
    for (const Input &input : o_.inputs) {
      if (input.kind == InputKind::Object) continue;
      std::string object = object_for(input);
      if (!compile(input, object)) return 1;
      objects.push_back(object);
    }
    if (o_.compile_only || o_.emit_cxx) return 0;
    return link(objects) ? 0 : 1;
  }

 private:
  std::string object_for(const Input &input) {
    if (o_.compile_only) return o_.output.empty() ? stem(input.path) + ".o" : o_.output;
    return temporary(stem(input.path), "o", temporaries_);
  }

  bool compile(const Input &input, const std::string &object) {
    std::vector<std::string> command;
    if (input.kind == InputKind::Upc) {
      std::string cxx = o_.emit_cxx     ? (o_.output.empty() ? "-" : o_.output)
                        : o_.save_temps ? filename(input.path) + ".cpp"
                                        : temporary(stem(input.path), "cpp", temporaries_);
      std::vector<std::string> quote_dirs;
      if (!translate_file(input.path, cxx, quote_dirs)) return false;
      if (o_.emit_cxx) return true;
      command = {l_.cxx};
      for (const std::string &f : translation_compile_flags(l_, input.path, quote_dirs, o_.static_threads))
        command.push_back(f);
      command.push_back(cxx);
    } else {
      command = {input.kind == InputKind::C ? l_.cc : l_.cxx, input.path};
      if (input.kind == InputKind::Cxx)
        command.insert(command.begin() + 1, {"-std=c++20", "-I", l_.dialect_include});
      for (const std::string &f : o_.parse_flags) command.push_back(f);
    }
    for (const std::string &f : o_.compile_flags) command.push_back(f);
    command.insert(command.end(), {"-c", "-o", object});
    return execute(command);
  }

  bool translate_file(const std::string &file, const std::string &cxx, std::vector<std::string> &quote_dirs) {
    TranslationRequest request{file,           o_.parse_flags,     o_.static_threads,
                               l_.upc_include, l_.dialect_include, header_dir()};
    if (o_.show) {
      std::vector<std::string> shown = {"pgas-upcc", "--emit-cxx"};
      if (o_.static_threads) shown.push_back("-T" + std::to_string(*o_.static_threads));
      for (const std::string &f : o_.parse_flags) shown.push_back(f);
      shown.insert(shown.end(), {file, "-o", cxx});
      print(shown);
      return true;
    }
    std::optional<Translation> translation = translate(request);
    if (!translation) return false;
    quote_dirs = translation->quote_dirs;
    for (const TranslatedHeader &h : translation->headers) {
      if (!o_.save_temps) temporaries_.push_back(h.path);
      if (!write(h.path, h.text)) return false;
    }
    if (cxx == "-") {
      std::cout << translation->main;
      return true;
    }
    return write(cxx, translation->main);
  }

  static bool write(const std::string &path, const std::string &text) {
    std::ofstream out(path);
    out << text;
    if (!out.flush()) {
      std::cerr << "pgas-upcc: cannot write " << path << "\n";
      return false;
    }
    return true;
  }

  // Where translated copies of headers go: beside the other kept files, or a directory of this run.
  std::string header_dir() {
    if (o_.save_temps || o_.show) return ".";
    if (headers_.empty()) {
      llvm::SmallString<256> dir;
      if (llvm::sys::fs::createUniqueDirectory("pgas-upcc-headers", dir))
        throw std::runtime_error("cannot create a temporary directory");
      headers_ = dir.str().str();
    }
    return headers_;
  }

  bool link(const std::vector<std::string> &objects) {
    std::vector<std::string> command = {l_.cxx};
    command.insert(command.end(), objects.begin(), objects.end());
    for (const std::string &f : o_.link_flags) command.push_back(f);
    command.insert(command.end(), {"-L" + l_.libdir, "-Wl,-rpath," + l_.libdir, "-lpgas", "-o",
                                   o_.output.empty() ? "a.out" : o_.output});
    return execute(command);
  }

  void print(const std::vector<std::string> &command) const { std::cout << shell_command(command) << "\n"; }

  bool execute(const std::vector<std::string> &command) {
    if (o_.show) {
      print(command);
      return true;
    }
    std::vector<llvm::StringRef> args(command.begin(), command.end());
    std::string error;
    int status = llvm::sys::ExecuteAndWait(command[0], args, std::nullopt, {}, 0, 0, &error);
    if (status < 0) std::cerr << "pgas-upcc: cannot run " << command[0] << ": " << error << "\n";
    return status == 0;
  }

  DriverOptions o_;
  Layout l_;
  std::vector<std::string> temporaries_;
  std::string headers_;  // the directory of this run's translated headers, once made
};

}  // namespace
}  // namespace pgas::upcc

int main(int argc, char **argv) {
  using namespace pgas::upcc;
  DriverOptions options;
  try {
    options = parse_options(argc, argv);
  } catch (const std::invalid_argument &e) {
    std::cerr << "pgas-upcc: " << e.what() << "\n";
    return 2;
  }
  if (options.help) {
    std::cout << usage();
    return 0;
  }
  if (options.version) {
    std::cout << "pgas-upcc " PGAS_VERSION "\n";
    return 0;
  }
  try {
    return Driver(std::move(options), find_layout(argv[0])).run();
  } catch (const std::runtime_error &e) {
    std::cerr << "pgas-upcc: " << e.what() << "\n";
    return 1;
  }
}
