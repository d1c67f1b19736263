// One case of the fault-injection suite: how the job is launched, how many threads, which fault, traced or
// not; and what must then happen (exit status and message). tests/faults/CMakeLists.txt lists the cases.
#pragma once

#include <csignal>
#include <optional>
#include <string>

namespace faults {

enum class Launch { kShm, kPgasrunMpi, kMpirun };  // pgasrun; pgasrun --conduit mpi; mpirun directly

struct FaultCase {
  Launch launch = Launch::kShm;
  int threads = 2;
  std::string fault;  // a fault_program action, or kill, stop, sigint, sigterm, sighup, sigquit
  bool trace = false;

  int victim() const { return threads - 1; }
  // The fault_program action: "sleep" when the fault comes from outside.
  std::string program_action() const;
  // The signal the driver sends to the victim thread, if any.
  std::optional<int> signal_to_victim() const;
  // The signal the driver sends to the launcher (pgasrun or mpirun), if any.
  std::optional<int> signal_to_launcher() const;
  bool stops_victim() const { return fault == "stop"; }
};

// "--launch shm|pgasrun-mpi|mpirun --threads N --fault F [--trace]"; nullopt and a message on a bad one.
std::optional<FaultCase> parse_case(int argc, char **argv, std::string *error);

// The job's --timeout (pgasrun, or mpirun's own) when the victim is stopped: nothing else ends the job.
inline constexpr int kStopTimeoutSeconds = 6;
// How long the job may take to end after the fault; generous, the machines are small and loaded.
inline constexpr double kEndBoundSeconds = 20;

struct Expectation {
  int exit_code;        // pgasrun's or mpirun's exit status (128+S for a signal), -S if killed by S
  std::string message;  // regular expression the job's stderr must match ("" = none required)
};

Expectation expected(const FaultCase &c);

}  // namespace faults
