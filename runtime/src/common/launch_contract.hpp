// The contract between the launcher (pgasrun) and the runtime in each thread's process.
//
// pgasrun creates one control segment and one data segment per thread as POSIX shared memory objects
// with unpredictable names and mode 0600, unlinks every name right after creating it, and hands the open
// descriptors to the N processes it forks (they survive exec). A program started without pgasrun runs
// as a job of one thread and makes its own segments the same way.
#pragma once

#include <cstddef>
#include <cstdint>

namespace pgas::launch {

inline constexpr const char *kThreadsEnv = "PGAS_THREADS";           // N
inline constexpr const char *kMyThreadEnv = "PGAS_MYTHREAD";         // 0 .. N-1
inline constexpr const char *kControlFdEnv = "PGAS_CONTROL_FD";      // descriptor of the control segment
inline constexpr const char *kSegmentFdsEnv = "PGAS_SEGMENT_FDS";    // "fd0,fd1,...": thread i's data segment
inline constexpr const char *kSegmentSizeEnv = "PGAS_SEGMENT_SIZE";  // bytes per thread, e.g. "1GiB"
inline constexpr const char *kLatencyEnv = "PGAS_LATENCY";           // emulated latency, e.g. "2us"
inline constexpr const char *kBandwidthEnv = "PGAS_BANDWIDTH";       // emulated bandwidth, e.g. "10GB/s"
// "1" when pgasrun bound each thread to a CPU of its own (--bind-to core): a thread's single-CPU affinity
// then does not mean that the job's threads share one CPU.
inline constexpr const char *kOwnCpuEnv = "PGAS_OWN_CPU";
// The conduit: "mpi" or "shm"; unset: mpi when an MPI launcher (mpirun) started the process, else shm.
inline constexpr const char *kConduitEnv = "PGAS_CONDUIT";
inline constexpr const char *kMpiConduitLibraryEnv = "PGAS_MPI_CONDUIT_LIBRARY";  // default: next to libpgas

inline constexpr std::size_t kDefaultSegmentSize = std::size_t{1} << 30;  // virtual; pages used on touch
inline constexpr int kMaxThreads = 1024;

// The ranges of the settings above, checked where their text is read (launch_settings.hpp): by pgasrun
// before it starts a job, and by the runtime in every thread.
// The runtime keeps the first page of every segment unused; a segment must leave room for data too.
inline constexpr std::uint64_t kMinSegmentSize = std::uint64_t{64} << 10;
// Every thread maps the segments of all threads (shm conduit; MPI's osc/sm maps those of its machine), so
// they must fit together in a process's 128 TiB of address space, with room for the program.
inline constexpr std::uint64_t kMaxJobSegments = std::uint64_t{32} << 40;
inline constexpr double kMaxLatencyNs = 1e9;  // an emulated latency is at most 1 s per call
// An emulated bandwidth other than 0 (unlimited): the delay of a whole segment's transfer stays far from
// overflowing the nanosecond clock, and labels stay readable.
inline constexpr double kMinBandwidth = 1e6;   // 1 MB/s
inline constexpr double kMaxBandwidth = 1e15;  // 1 PB/s

// Exit status of a thread stopped by a runtime error (misuse detected by the runtime). EX_SOFTWARE.
inline constexpr int kRuntimeErrorExit = 70;

}  // namespace pgas::launch
