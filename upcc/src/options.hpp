// pgas-upcc's command line, in the manner of upcc and gupc (docs/pgas-upcc.md).
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace pgas::upcc {

enum class InputKind { Upc, C, Cxx, Object };

struct Input {
  std::string path;
  InputKind kind;
};

struct DriverOptions {
  std::vector<Input> inputs;
  std::string output;         // -o
  bool compile_only = false;  // -c
  bool emit_cxx = false;      // --emit-cxx: translate only
  bool show = false;          // -show: print the commands instead of running them
  bool save_temps = false;    // keep the translated C++ beside the output
  bool help = false, version = false;
  std::optional<long> static_threads;      // -T N / -fupc-threads=N
  std::vector<std::string> parse_flags;    // -I -D -U -std -W -w: the UPC parse (and -I -D -U the compiles)
  std::vector<std::string> compile_flags;  // -O -g -f -m -I -D -U: every compile
  std::vector<std::string> link_flags;     // -L -l -Wl, -pthread -shared ...
};

// Throws std::invalid_argument naming the flag or value that is wrong.
DriverOptions parse_options(int argc, char **argv);
std::string usage();

}  // namespace pgas::upcc
