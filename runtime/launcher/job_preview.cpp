#include "job_preview.hpp"

#include <filesystem>
#include <utility>
#include <vector>

#include "common/launch_contract.hpp"
#include "common/shell_words.hpp"
#include "cpu_binding.hpp"
#include "emulation.hpp"
#include "mpi_launch.hpp"
#include "trace_setup.hpp"

namespace pgas::launcher {

std::string job_preview(LaunchOptions options) {
  if (!options.trace.file.empty()) {
    std::error_code ec;
    options.trace.file = std::filesystem::absolute(options.trace.file, ec).lexically_normal().string();
    options.trace.raw_directory = "RAW_DIR";  // made when the job starts
    options.extra_env = trace_environment(options);
  }
  std::string text;
  if (options.conduit == "mpi") {
    // OUTPUT_DIR (--tag-output's files) is made when the job starts.
    text = "# mpi conduit: mpirun starts the " + std::to_string(options.threads) + " threads\n" +
           shell_command(mpirun_command(options, "OUTPUT_DIR")) + "\n";
  } else {
    text = "# shm conduit: pgasrun forks " + std::to_string(options.threads) + " processes; each also gets " +
           launch::kControlFdEnv + " and " + launch::kSegmentFdsEnv +
           ", the descriptors of the job's shared memory\n";
    const std::vector<int> cpus = usable_cpus();
    for (int thread = 0; thread < options.threads; ++thread) {
      std::vector<std::string> words = {
          std::string(launch::kThreadsEnv) + "=" + std::to_string(options.threads),
          std::string(launch::kMyThreadEnv) + "=" + std::to_string(thread),
          std::string(launch::kSegmentSizeEnv) + "=" + std::to_string(options.segment_size)};
      if (options.latency_ns > 0)
        words.push_back(std::string(launch::kLatencyEnv) + "=" + canonical_latency(options.latency_ns));
      if (options.bandwidth_bps > 0)
        words.push_back(std::string(launch::kBandwidthEnv) + "=" +
                        canonical_bandwidth(options.bandwidth_bps));
      for (const auto &[name, value] : options.extra_env) words.push_back(name + "=" + value);
      words.insert(words.end(), options.program.begin(), options.program.end());
      text += shell_command(words);
      if (options.binding != Binding::kNone)
        text += "    # on CPU " + std::to_string(cpu_of_thread(cpus, thread));
      text += "\n";
    }
  }
  if (!options.trace.file.empty())
    text += "# after the job (RAW_DIR: a new private directory of raw recorder files)\n" +
            shell_command(importer_command(options)) + "\n";
  return text;
}

}  // namespace pgas::launcher
