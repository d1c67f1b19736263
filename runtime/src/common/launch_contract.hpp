// The contract between the launcher (pgasrun) and the runtime in each thread's process.
//
// pgasrun creates one control segment and one data segment per thread as POSIX shared memory objects
// with unpredictable names and mode 0600, unlinks every name right after creating it, and hands the open
// descriptors to the N processes it forks (they survive exec). A program started without pgasrun runs
// as a job of one thread and makes its own segments the same way.
#pragma once

#include <cstddef>

namespace pgas::launch {

inline constexpr const char *kThreadsEnv = "PGAS_THREADS";           // N
inline constexpr const char *kMyThreadEnv = "PGAS_MYTHREAD";         // 0 .. N-1
inline constexpr const char *kControlFdEnv = "PGAS_CONTROL_FD";      // descriptor of the control segment
inline constexpr const char *kSegmentFdsEnv = "PGAS_SEGMENT_FDS";    // "fd0,fd1,...": thread i's data segment
inline constexpr const char *kSegmentSizeEnv = "PGAS_SEGMENT_SIZE";  // bytes per thread, e.g. "1GiB"
inline constexpr const char *kLatencyEnv = "PGAS_LATENCY";           // emulated latency, e.g. "2us"
inline constexpr const char *kBandwidthEnv = "PGAS_BANDWIDTH";       // emulated bandwidth, e.g. "10GB/s"
// The conduit: "mpi" or "shm"; unset: mpi when an MPI launcher (mpirun) started the process, else shm.
inline constexpr const char *kConduitEnv = "PGAS_CONDUIT";
inline constexpr const char *kMpiConduitLibraryEnv = "PGAS_MPI_CONDUIT_LIBRARY";  // default: next to libpgas

inline constexpr std::size_t kDefaultSegmentSize = std::size_t{1} << 30;  // virtual; pages used on touch
inline constexpr int kMaxThreads = 1024;

// Exit status of a thread stopped by a runtime error (misuse detected by the runtime). EX_SOFTWARE.
inline constexpr int kRuntimeErrorExit = 70;

}  // namespace pgas::launch
