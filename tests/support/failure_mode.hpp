// The main of a program that fails in a way its command line chooses (the failure tests run it under
// pgasrun or mpirun and check how the job ended).
#pragma once

#include <cstdio>
#include <map>
#include <string>

namespace pgas_test {

// Runs modes[argv[1]]. A mode that returns should have been stopped by the runtime, so the program then
// prints "PROGRAM: MODE was not detected", which the tests look for; a mode whose result equals
// `expected_return` was meant to return (from main: the failure under test is what happens next) and prints
// nothing. Exits 2 with a usage line naming the modes for a missing or unknown mode.
template <class Mode, class... Result>
int run_failure_mode(int argc, char **argv, const char *program, const std::map<std::string, Mode> &modes,
                     Result... expected_return) {
  static_assert(sizeof...(Result) <= 1, "at most one expected return value");
  auto mode = argc == 2 ? modes.find(argv[1]) : modes.end();
  if (mode == modes.end()) {
    std::fprintf(stderr, "usage: %s MODE (one of:", program);
    for (const auto &entry : modes) std::fprintf(stderr, " %s", entry.first.c_str());
    std::fprintf(stderr, ")\n");
    return 2;
  }
  if constexpr (sizeof...(Result) == 0) {
    mode->second();
  } else {
    const auto result = mode->second();
    if (((result == expected_return) || ...)) return 0;
  }
  std::printf("%s: %s was not detected\n", program, argv[1]);
  return 0;
}

}  // namespace pgas_test
