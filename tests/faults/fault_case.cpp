#include "fault_case.hpp"

#include <cstdlib>
#include <cstring>
#include <map>

namespace faults {
namespace {

// Faults the driver injects from outside, and the signal each sends.
const std::map<std::string, int> kVictimSignals = {{"kill", SIGKILL}, {"stop", SIGSTOP}};
const std::map<std::string, int> kLauncherSignals = {
    {"sigint", SIGINT}, {"sigterm", SIGTERM}, {"sighup", SIGHUP}, {"sigquit", SIGQUIT}};
// Faults the victim commits itself (fault_program's actions).
const char *const kProgramFaults[] = {"segv", "abort", "exit-0", "exit-3", "return", "global-exit"};

}  // namespace

std::string FaultCase::program_action() const {
  for (const char *action : kProgramFaults)
    if (fault == action) return fault;
  return "sleep";
}

std::optional<int> FaultCase::signal_to_victim() const {
  auto it = kVictimSignals.find(fault);
  return it == kVictimSignals.end() ? std::nullopt : std::optional<int>(it->second);
}

std::optional<int> FaultCase::signal_to_launcher() const {
  auto it = kLauncherSignals.find(fault);
  return it == kLauncherSignals.end() ? std::nullopt : std::optional<int>(it->second);
}

std::optional<FaultCase> parse_case(int argc, char **argv, std::string *error) {
  FaultCase c;
  bool have_fault = false;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    const char *value = i + 1 < argc ? argv[i + 1] : nullptr;
    if (arg == "--trace") {
      c.trace = true;
      continue;
    }
    if (!value) {
      *error = "missing value after " + arg;
      return std::nullopt;
    }
    ++i;
    if (arg == "--launch" && std::strcmp(value, "shm") == 0) {
      c.launch = Launch::kShm;
    } else if (arg == "--launch" && std::strcmp(value, "pgasrun-mpi") == 0) {
      c.launch = Launch::kPgasrunMpi;
    } else if (arg == "--launch" && std::strcmp(value, "mpirun") == 0) {
      c.launch = Launch::kMpirun;
    } else if (arg == "--threads" && std::atoi(value) >= 2) {
      c.threads = std::atoi(value);
    } else if (arg == "--fault") {
      c.fault = value;
      have_fault = c.program_action() != "sleep" || c.signal_to_victim() || c.signal_to_launcher();
      if (!have_fault) {
        *error = "unknown fault '" + c.fault + "'";
        return std::nullopt;
      }
    } else {
      *error = "bad argument: " + arg + " " + value;
      return std::nullopt;
    }
  }
  if (!have_fault) *error = "--fault is required";
  return have_fault ? std::optional<FaultCase>(c) : std::nullopt;
}

// pgasrun reports a thread and ends the job with its status (README, "pgasrun"); mpirun reports the rank
// and exits with the same status. A thread that finished main is reported by the peers waiting for it.
Expectation expected(const FaultCase &c) {
  const std::string v = std::to_string(c.victim()), n = std::to_string(c.threads);
  const bool shm = c.launch == Launch::kShm;
  auto killed_by = [&](int signo) -> Expectation {
    if (shm)
      return {128 + signo, "pgasrun: thread " + v + " \\(pid [0-9]+\\) was killed by signal " +
                               std::to_string(signo) + " \\(" + strsignal(signo) + "\\); ending the job"};
    return {128 + signo, "process rank " + v + " with PID [0-9]+ on node [^ ]+ exited on signal " +
                             std::to_string(signo) + " \\(" + strsignal(signo) + "\\)"};
  };
  if (c.fault == "segv") return killed_by(SIGSEGV);
  if (c.fault == "abort") return killed_by(SIGABRT);
  if (c.fault == "kill") return killed_by(SIGKILL);
  if (c.fault == "exit-3") {
    if (shm) return {3, "pgasrun: thread " + v + " \\(pid [0-9]+\\) exited with status 3; ending the job"};
    return {3, "Process name: \\[\\[[0-9]+,[0-9]+\\]," + v + "\\]\n +Exit code: +3"};
  }
  // A thread that finished main is reported by a peer waiting for it, naming both and the barrier; one that
  // returned also ran the collective free of its shared array, which must not match that barrier.
  if (c.fault == "exit-0")
    return {70,
            "pgas: thread [0-9]+: error: thread " + v +
                " finished main \\(returned or called exit\\) while thread [0-9]+ waits in its collective "
                "operation #[0-9]+, upc_barrier at fault_program.cpp:[0-9]+, which thread " +
                v + " can never reach"};
  if (c.fault == "return")
    return {70,
            "pgas: thread [0-9]+: error: collective operations do not match: thread [0-9]+ is in its "
            "collective operation #[0-9]+, upc_barrier at fault_program.cpp:[0-9]+, but thread " +
                v + " is in its collective operation #[0-9]+, the collective free of shared array 'A'"};
  // Quietly on shm: the program asked for it. Under mpirun it is MPI_Abort, whose report Open MPI may or
  // may not print before it ends the job.
  if (c.fault == "global-exit") return {5, ""};
  if (c.fault == "stop") {
    const std::string t = std::to_string(kStopTimeoutSeconds);
    if (c.launch == Launch::kMpirun)  // Open MPI 4.1's status for mpirun --timeout
      return {110, "The user-provided time limit for job execution has been reached:\n+ *Timeout: " + t +
                       " seconds"};
    if (c.launch == Launch::kShm) return {124, "pgasrun: job exceeded --timeout " + t + " s"};
    return {124, "pgasrun: job exceeded --timeout " + t + " s|time limit for job execution has been reached"};
  }
  const int signo = *c.signal_to_launcher();
  if (c.launch == Launch::kMpirun) return {1, ""};  // mpirun ends the job and exits 1, silently
  return {128 + signo, std::string("pgasrun: interrupted by SIG") + sigabbrev_np(signo) + "; ended " + n +
                           " thread\\(s\\)"};
}

}  // namespace faults
