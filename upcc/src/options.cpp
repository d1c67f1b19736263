#include "options.hpp"

#include <stdexcept>

namespace pgas::upcc {

namespace {

bool starts(const std::string &s, const char *prefix) { return s.rfind(prefix, 0) == 0; }
bool ends(const std::string &s, const char *suffix) {
  const std::string x(suffix);
  return s.size() >= x.size() && s.compare(s.size() - x.size(), x.size(), x) == 0;
}

InputKind kind_of(const std::string &path, bool upc_language) {
  if (ends(path, ".upc") || (upc_language && (ends(path, ".c") || ends(path, ".h")))) return InputKind::Upc;
  if (ends(path, ".c")) return InputKind::C;
  if (ends(path, ".cpp") || ends(path, ".cc") || ends(path, ".cxx") || ends(path, ".C"))
    return InputKind::Cxx;
  return InputKind::Object;
}

long thread_count(const std::string &flag, const std::string &value) {
  std::size_t used = 0;
  long n = 0;
  try {
    n = std::stol(value, &used);
  } catch (const std::exception &) {
    used = 0;
  }
  if (used != value.size() || n < 1 || n > 1000000)
    throw std::invalid_argument(flag + " takes a thread count from 1 to 1000000, not '" + value + "'");
  return n;
}

}  // namespace

std::string usage() {
  return R"(usage: pgas-upcc [flags] file.upc... [file.c file.cpp file.o -lname...] [-o program]

Compiles UPC 1.3 programs: each .upc file (and .c after -x upc) is translated to the C++ dialect
(pgas/upc.hpp), compiled with Clang and linked with libpgas. Run the program with pgasrun -n N or mpirun.

  -o FILE            the program (a.out), or with -c the object file
  -c                 compile only, to FILE.o
  -T N, -fupc-threads=N
                     static THREADS: THREADS is the constant N, and the program runs with N threads only;
                     without it THREADS is dynamic, set when the job starts (pgasrun -n)
  -x upc | -x none   the .c files after it are UPC (or chosen by their suffix again)
  -O0 -O1 -O2 -O3 -Os -g
                     optimization and debug information, as for the C compiler (default -O0)
  -I DIR -D NAME[=VALUE] -U NAME
                     preprocessor flags, for the UPC parse and every compile
  -std=STD           the C dialect of the UPC files (default gnu17)
  -W... -w           warnings of the UPC parse
  -L DIR -l NAME -Wl,... -pthread
                     link flags
  -f... -m...        code generation flags for every compile
  -show              print the commands (translation, compiles, link) instead of running them
  -save-temps        keep the translated C++ of FILE.upc as FILE.upc.cpp in the current directory
  --emit-cxx         translate only: write the C++ of one UPC file to -o FILE (default: standard output)
  --version          print the version
  --help             print this help

Environment: PGAS_UPCC_CXX and PGAS_UPCC_CC name the C++ and C compilers (default: Clang )" PGAS_UPCC_CLANG_VERSION
         R"(
in )" PGAS_UPCC_CLANG_BINDIR R"().
)";
}

DriverOptions parse_options(int argc, char **argv) {
  DriverOptions o;
  bool upc_language = false;
  auto value = [&](int &k, const std::string &flag) -> std::string {
    if (k + 1 >= argc) throw std::invalid_argument(flag + " needs a value");
    return argv[++k];
  };
  for (int k = 1; k < argc; ++k) {
    const std::string a = argv[k];
    if (a == "--help" || a == "-help" || a == "-h") {
      o.help = true;
    } else if (a == "--version" || a == "-version") {
      o.version = true;
    } else if (a == "-o") {
      o.output = value(k, a);
    } else if (a == "-c") {
      o.compile_only = true;
    } else if (a == "--emit-cxx") {
      o.emit_cxx = true;
    } else if (a == "-show") {
      o.show = true;
    } else if (a == "-save-temps") {
      o.save_temps = true;
    } else if (a == "-T") {
      o.static_threads = thread_count(a, value(k, a));
    } else if (starts(a, "-T")) {
      o.static_threads = thread_count("-T", a.substr(2));
    } else if (starts(a, "-fupc-threads=") || starts(a, "-fupc-threads-")) {
      o.static_threads = thread_count("-fupc-threads", a.substr(14));
    } else if (a == "-x") {
      const std::string language = value(k, a);
      if (language != "upc" && language != "none")
        throw std::invalid_argument("-x takes 'upc' or 'none', not '" + language + "'");
      upc_language = language == "upc";
    } else if (a == "-I" || a == "-D" || a == "-U" || a == "-isystem" || a == "-include") {
      const std::string v = value(k, a);
      for (auto *flags : {&o.parse_flags, &o.compile_flags}) {
        flags->push_back(a);
        flags->push_back(v);
      }
    } else if (starts(a, "-I") || starts(a, "-D") || starts(a, "-U")) {
      o.parse_flags.push_back(a);
      o.compile_flags.push_back(a);
    } else if (starts(a, "-std=") || starts(a, "-W") && !starts(a, "-Wl,") || a == "-w" || a == "-pedantic") {
      o.parse_flags.push_back(a);
    } else if (starts(a, "-O") || starts(a, "-g") || starts(a, "-f") || starts(a, "-m")) {
      o.compile_flags.push_back(a);
    } else if (a == "-L" || a == "-l") {
      o.link_flags.push_back(a + value(k, a));
    } else if (starts(a, "-L") || starts(a, "-l") || starts(a, "-Wl,") || a == "-pthread" ||
               a == "-static-libstdc++" || a == "-rdynamic") {
      o.link_flags.push_back(a);
    } else if (starts(a, "-") && a.size() > 1) {
      throw std::invalid_argument("unknown flag '" + a + "' (pgas-upcc --help lists the flags)");
    } else {
      InputKind kind = kind_of(a, upc_language);
      // Libraries and objects keep their place among the link flags, as a compiler driver keeps it.
      if (kind == InputKind::Object) o.link_flags.push_back(a);
      o.inputs.push_back({a, kind});
    }
  }
  if (o.help || o.version) return o;
  if (o.inputs.empty()) throw std::invalid_argument("no input files (pgas-upcc --help)");
  int sources = 0;
  for (const Input &i : o.inputs) sources += i.kind != InputKind::Object;
  if ((o.compile_only || o.emit_cxx) && !o.output.empty() && sources > 1)
    throw std::invalid_argument("-o with -c or --emit-cxx names one output, but there are " +
                                std::to_string(sources) + " source files");
  if (o.emit_cxx && (o.inputs.size() != 1 || o.inputs[0].kind != InputKind::Upc))
    throw std::invalid_argument("--emit-cxx translates one UPC file");
  return o;
}

}  // namespace pgas::upcc
