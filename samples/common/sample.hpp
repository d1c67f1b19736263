// What every sample program shares: its command line (sizes and a seed, --help), a timer, and the one
// verification line it prints ("NAME: ... time=S s verification=PASSED|FAILED").
#pragma once

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <string>
#include <vector>

namespace samples {

struct Option {
  std::string flag;  // "--vertices"
  long value;        // default, replaced by the command line
  std::string help;  // one line
};

// Parses `--flag N` (positive integers) for the given options; prints usage and exits 0 on --help, and
// exits 2 with a message naming the problem on anything else.
class CommandLine {
 public:
  CommandLine(std::string name, std::string summary, std::vector<Option> options)
      : name_(std::move(name)), summary_(std::move(summary)), options_(std::move(options)) {}

  void parse(int argc, char **argv) {
    for (int a = 1; a < argc; ++a) {
      std::string arg = argv[a];
      if (arg == "-h" || arg == "--help") {
        usage(stdout);
        std::exit(0);
      }
      Option *option = find(arg);
      if (option == nullptr) fail("unknown argument '" + arg + "'");
      if (a + 1 >= argc) fail(arg + " needs a value");
      char *end = nullptr;
      long value = std::strtol(argv[++a], &end, 10);
      if (*end != '\0' || end == argv[a] || value < 0)
        fail(arg + ": '" + argv[a] + "' is not a non-negative integer");
      option->value = value;
    }
  }

  long operator[](const std::string &flag) const {
    for (const Option &o : options_)
      if (o.flag == flag) return o.value;
    std::fprintf(stderr, "%s: internal error: no option %s\n", name_.c_str(), flag.c_str());
    std::exit(2);
  }

 private:
  Option *find(const std::string &flag) {
    for (Option &o : options_)
      if (o.flag == flag) return &o;
    return nullptr;
  }
  [[noreturn]] void fail(const std::string &message) const {
    std::fprintf(stderr, "%s: %s\n", name_.c_str(), message.c_str());
    usage(stderr);
    std::exit(2);
  }
  void usage(std::FILE *out) const {
    std::fprintf(out, "usage: %s [options]\n  %s\n", name_.c_str(), summary_.c_str());
    for (const Option &o : options_)
      std::fprintf(out, "  %-14s %s (default %ld)\n", (o.flag + " N").c_str(), o.help.c_str(), o.value);
    std::fprintf(
        out,
        "  -h, --help     print this help\n"
        "Prints one line with the sizes, the time of the timed part and verification=PASSED or FAILED\n"
        "(against an independent sequential computation); exits 1 when verification fails.\n");
  }

  std::string name_, summary_;
  std::vector<Option> options_;
};

class Timer {
 public:
  double seconds() const {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  }

 private:
  std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
};

// splitmix64's finalizer: a well-mixed 64-bit value of x (the samples' random inputs, pure functions of a
// seed and an index, so that a verifier regenerates them without communicating).
inline std::uint64_t mix(std::uint64_t x) {
  x += 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

// Prints "NAME: DETAILS time=S s verification=..." and returns the process exit status.
inline int report(const std::string &name, const std::string &details, double seconds, bool passed) {
  std::printf("%s: %s time=%.6f s verification=%s\n", name.c_str(), details.c_str(), seconds,
              passed ? "PASSED" : "FAILED");
  std::fflush(stdout);
  return passed ? 0 : 1;
}

}  // namespace samples
