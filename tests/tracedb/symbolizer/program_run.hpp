// What symbolizer_program printed when run under pgasrun -n 2 (once per test process).
#pragma once

#include <cstdint>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "scratch_directory.hpp"

struct ProgramRun {
  struct Site {
    std::uint64_t offset = 0;  // return address, module offset
    int line = 0;              // line of the call in symbolizer_program.cpp
  };
  struct Alloc {
    int line = 0;
    std::vector<std::uint64_t>
        stack;  // return addresses in the program above the allocation, innermost first
  };
  bool ok = false;
  std::string output;  // everything printed, for failure messages
  std::string module_path, build_id;
  std::uint64_t text_begin = 0, text_end = 0;
  std::map<std::string, Site> sites;    // write, read, inlined, plain
  int outer_line = 0;                   // the call of the inlined user function in its caller
  std::map<std::string, Alloc> allocs;  // D, y
};

const ProgramRun &program_run();
