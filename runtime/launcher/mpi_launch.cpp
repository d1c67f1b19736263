#include "mpi_launch.hpp"

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "common/launch_contract.hpp"
#include "mpirun_supervision.hpp"
#include "output_tagging.hpp"
#include "signal_channel.hpp"
#include "trace_setup.hpp"

namespace pgas::launcher {
// Every setting the threads need travels with -x, so that ranks on other machines get it too. --timeout is
// pgasrun's own (mpirun_supervision.cpp), as on the shm conduit, and so is --tag-output (each rank's output
// written to files by mpirun, relayed line by line); --bind-to is mpirun's.
std::vector<std::string> mpirun_command(const LaunchOptions &options, const std::string &output_directory) {
  const char *mpirun = std::getenv("PGAS_MPIRUN");
  std::vector<std::string> argv = {mpirun && *mpirun ? mpirun : "mpirun", "--oversubscribe", "-np",
                                   std::to_string(options.threads)};
  switch (options.binding) {  // spread: Open MPI's round robin over cores, several ranks on one if need be
    case Binding::kNone:
      argv.insert(argv.end(), {"--bind-to", "none"});
      break;
    case Binding::kCore:
      argv.insert(argv.end(), {"--bind-to", "core"});
      break;
    case Binding::kSpread:
      argv.insert(argv.end(), {"--map-by", "core:OVERSUBSCRIBE", "--bind-to", "core:overload-allowed"});
      break;
  }
  if (options.tag_output) argv.insert(argv.end(), {"--output-filename", output_directory + ":nocopy"});
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

int run_mpi_job(LaunchOptions options) {
  options.trace.raw_next_to_database = true;  // ranks may run on other machines
  if (std::string problem = prepare_trace(options); !problem.empty()) {
    std::fprintf(stderr, "pgasrun: %s\n", problem.c_str());
    return EXIT_FAILURE;
  }
  std::string output_directory;
  std::optional<OutputTagger> tagger;
  if (options.tag_output) {
    const char *tmp = std::getenv("TMPDIR");
    std::string name = std::string(tmp && *tmp ? tmp : "/tmp") + "/pgasrun-output.XXXXXX";
    if (mkdtemp(name.data()) == nullptr) {
      std::fprintf(stderr, "pgasrun: --tag-output: cannot make a directory %s: %s\n", name.c_str(),
                   std::strerror(errno));
      return EXIT_FAILURE;
    }
    output_directory = name;
    tagger.emplace(options.threads, output_directory);
    tagger->start();
  }
  SignalChannel
      signals;  // before mpirun starts, and kept for the import (a signal then reaches the importer)
  const int status =
      run_mpirun(mpirun_command(options, output_directory), options.timeout_s, options.threads, signals);
  if (tagger) {
    tagger->finish();
    std::error_code ignored;
    std::filesystem::remove_all(output_directory, ignored);
  }
  return finish_trace(options, status, &signals);
}

}  // namespace pgas::launcher
