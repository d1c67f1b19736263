#include "program_run.hpp"

#include <unistd.h>

#include <array>
#include <atomic>
#include <cstdio>
#include <sstream>

namespace {

ProgramRun parse(std::string output, int status) {
  ProgramRun run;
  std::istringstream lines(output);
  for (std::string line; std::getline(lines, line);) {
    std::istringstream in(line);
    std::string key, name;
    in >> key >> name;
    if (key == "module") {
      run.module_path = name;
      in >> run.build_id;
    } else if (key == "text") {
      run.text_begin = std::stoull(name, nullptr, 16);
      in >> std::hex >> run.text_end;
    } else if (key == "site") {
      ProgramRun::Site &site = run.sites[name];
      in >> std::hex >> site.offset >> std::dec >> site.line;
    } else if (key == "outer_line") {
      run.outer_line = std::stoi(name);
    } else if (key == "alloc") {
      ProgramRun::Alloc &alloc = run.allocs[name];
      in >> alloc.line >> std::hex;
      for (std::uint64_t offset; in >> offset;) alloc.stack.push_back(offset);
    }
  }
  run.ok = status == 0 && !run.module_path.empty() && run.sites.size() == 4 && run.allocs.size() == 2;
  run.output = std::move(output);
  return run;
}

ProgramRun run_program() {
  std::string command = std::string(PGASRUN_PATH) + " -n 2 --timeout 30 " + SYMBOLIZER_PROGRAM_PATH + " 2>&1";
  FILE *pipe = popen(command.c_str(), "r");
  if (pipe == nullptr) return {};
  std::string output;
  std::array<char, 4096> buffer;
  for (std::size_t n; (n = std::fread(buffer.data(), 1, buffer.size(), pipe)) > 0;)
    output.append(buffer.data(), n);
  int status = pclose(pipe);
  return parse(command + "\n" + output, status);
}

}  // namespace

const ProgramRun &program_run() {
  static const ProgramRun run = run_program();
  return run;
}
