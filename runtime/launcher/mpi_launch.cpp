#include "mpi_launch.hpp"

#include <spawn.h>
#include <sys/wait.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <sstream>
#include <string>
#include <vector>

#include "common/launch_contract.hpp"
#include "trace_setup.hpp"

extern char **environ;

namespace pgas::launcher {
namespace {

// mpirun's command line: every setting the threads need travels with -x, so that ranks on other machines
// get it too.
std::vector<std::string> mpirun_command(const LaunchOptions &options) {
  const char *mpirun = std::getenv("PGAS_MPIRUN");
  std::vector<std::string> argv = {mpirun && *mpirun ? mpirun : "mpirun", "--oversubscribe", "-np",
                                   std::to_string(options.threads)};
  if (options.timeout_s)
    argv.insert(argv.end(), {"--timeout", std::to_string(static_cast<long>(*options.timeout_s + 0.999))});
  std::vector<std::pair<std::string, std::string>> env = {
      {launch::kConduitEnv, "mpi"}, {launch::kSegmentSizeEnv, std::to_string(options.segment_size)}};
  env.insert(env.end(), options.extra_env.begin(), options.extra_env.end());
  for (const auto &[name, value] : env) argv.insert(argv.end(), {"-x", name + "=" + value});
  if (const char *flags = std::getenv("PGAS_MPIRUN_FLAGS"); flags && *flags) {
    std::istringstream words(flags);
    for (std::string word; words >> word;) argv.push_back(word);
  }
  argv.insert(argv.end(), options.program.begin(), options.program.end());
  return argv;
}

// The job's status as pgasrun reports it: mpirun's exit status, 128+S if it was killed by signal S.
int run(std::vector<std::string> argv) {
  std::vector<char *> pointers;
  for (std::string &arg : argv) pointers.push_back(arg.data());
  pointers.push_back(nullptr);
  pid_t pid = 0;
  if (int error = posix_spawnp(&pid, pointers[0], nullptr, nullptr, pointers.data(), environ); error != 0) {
    std::fprintf(stderr, "pgasrun: cannot run %s (--conduit mpi needs Open MPI; set PGAS_MPIRUN): %s\n",
                 pointers[0], std::strerror(error));
    return 127;
  }
  int status = 0;
  while (waitpid(pid, &status, 0) < 0) {
  }
  return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

}  // namespace

int run_mpi_job(LaunchOptions options) {
  options.trace.raw_next_to_database = true;  // ranks may run on other machines
  if (std::string problem = prepare_trace(options); !problem.empty()) {
    std::fprintf(stderr, "pgasrun: %s\n", problem.c_str());
    return EXIT_FAILURE;
  }
  return finish_trace(options, run(mpirun_command(options)));
}

}  // namespace pgas::launcher
