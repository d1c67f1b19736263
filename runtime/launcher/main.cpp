// pgasrun: runs a PGAS program as a job of N processes connected by shared memory (the shm conduit), or
// under mpirun on the MPI conduit (--conduit mpi).
// See docs/architecture.md section 5 and common/launch_contract.hpp.

#include <cstdio>
#include <cstdlib>
#include <optional>

#include "emulation.hpp"
#include "job_preview.hpp"
#include "job_segments.hpp"
#include "mpi_launch.hpp"
#include "options.hpp"
#include "output_tagging.hpp"
#include "program_lookup.hpp"
#include "signal_channel.hpp"
#include "supervisor.hpp"
#include "thread_start.hpp"
#include "trace_setup.hpp"

namespace {

constexpr int kUsageExit = 2;
constexpr int kCannotRunExit = 127;

int run_job(pgas::launcher::LaunchOptions options) {
  using namespace pgas::launcher;
  if (std::string problem = check_program(options.program.front()); !problem.empty()) {
    std::fprintf(stderr, "pgasrun: %s\n", problem.c_str());
    return kCannotRunExit;
  }
  if (options.conduit == "mpi") return run_mpi_job(options);
  std::string error;
  auto segments = JobSegments::create(options.threads, options.segment_size, &error);
  if (!segments) {
    std::fprintf(stderr, "pgasrun: %s\n", error.c_str());
    return EXIT_FAILURE;
  }
  if (options.emulation_on()) std::fprintf(stderr, "pgasrun: %s\n", emulation_label(options).c_str());
  if (std::string problem = prepare_trace(options); !problem.empty()) {
    std::fprintf(stderr, "pgasrun: %s\n", problem.c_str());
    return EXIT_FAILURE;
  }
  std::optional<OutputTagger> tagger;
  if (options.tag_output) {
    tagger.emplace(options.threads, &error);
    if (!error.empty()) {
      std::fprintf(stderr, "pgasrun: %s\n", error.c_str());
      return EXIT_FAILURE;
    }
  }

  SignalChannel signals;  // before fork: a thread may finish before the launcher waits for it
  Supervisor supervisor(start_threads(options, *segments, tagger ? &*tagger : nullptr, &error),
                        segments->control(), signals);
  if (tagger) tagger->start();
  if (!error.empty()) {
    std::fprintf(stderr, "pgasrun: %s; ending the job\n", error.c_str());
    supervisor.end_job();
    return EXIT_FAILURE;
  }
  const int status = supervisor.run(options.timeout_s);
  if (tagger) tagger->finish();
  return finish_trace(options, status, &signals);
}

}  // namespace

int main(int argc, char **argv) {
  using pgas::launcher::ParsedCommandLine;
  ParsedCommandLine command = pgas::launcher::parse_command_line(argc, argv, std::getenv);
  switch (command.action) {
    case ParsedCommandLine::Action::kHelp:
      std::fputs(pgas::launcher::usage_text().c_str(), stdout);
      return EXIT_SUCCESS;
    case ParsedCommandLine::Action::kVersion:
      std::puts("pgasrun " PGAS_VERSION);
      return EXIT_SUCCESS;
    case ParsedCommandLine::Action::kUsageError:
      std::fprintf(stderr, "pgasrun: %s\nTry 'pgasrun --help'.\n", command.error.c_str());
      return kUsageExit;
    case ParsedCommandLine::Action::kRun:
      break;
  }
  if (command.options.show) {
    std::fputs(pgas::launcher::job_preview(command.options).c_str(), stdout);
    return EXIT_SUCCESS;
  }
  return run_job(command.options);
}
